import type { ProcedureCode } from '@esr/contracts/procedures';

const trustBase = (trust: string) => `/api/trusts/${encodeURIComponent(trust)}/waiting-list`;
const procedureBase = (trust: string, type: ProcedureCode) =>
  `${trustBase(trust)}/procedures/${encodeURIComponent(type)}`;

/** The import's files calls end in a slash, as spec §7 writes them. */
type FilesAction = 'upload' | 'upload-status' | 'validation-summary' | 'cancel_import' | 'confirm_import';

/** spec §7: the waiting-list calls, all under the signed-in user's trust (spec §1). */
export const waitingListUrls = {
  dashboard: (trust: string) => `${trustBase(trust)}/dashboard`,
  uploadHistory: (trust: string) => `${trustBase(trust)}/upload-history`,
  serviceStatus: (trust: string, type: ProcedureCode) =>
    `${procedureBase(trust, type)}/batch-inferencing/status`,
  files: (trust: string, type: ProcedureCode, action: FilesAction) =>
    `${procedureBase(trust, type)}/files/${action}/`,
};
