import type { ProcedureCode } from '@esr/contracts/procedures';

const encode = encodeURIComponent;
const trustBase = (trust: string) => `/api/trusts/${encode(trust)}/waiting-list`;
const manageBase = (trust: string, type: ProcedureCode) =>
  `${trustBase(trust)}/procedures/${encode(type)}/manage`;

/** spec §7: the open-pathways calls, under the signed-in user's trust (spec §1) but for the fields. */
export const openPathwaysUrls = {
  counters: (trust: string, type: ProcedureCode) => `${manageBase(trust, type)}/`,
  processedCounts: (trust: string, type: ProcedureCode) => `${manageBase(trust, type)}/processed`,
  activeRecords: (trust: string, type: ProcedureCode) => `${manageBase(trust, type)}/records/active`,
  activeExport: (trust: string, type: ProcedureCode) => `${manageBase(trust, type)}/records/active/export`,
  processedExport: (trust: string, type: ProcedureCode) =>
    `${manageBase(trust, type)}/records/processed/export`,
  failedRecords: (trust: string, type: ProcedureCode) => `${manageBase(trust, type)}/records/failed`,
  allFailedRecords: (trust: string) => `${trustBase(trust)}/manage/records/failed`,
  archivedRecords: (trust: string) => `${trustBase(trust)}/manage/records/archived`,
  archivedExport: (trust: string) => `${trustBase(trust)}/manage/records/archived/export`,
  /** The same for every trust: the fields a waiting list has. */
  reportFields: (type: ProcedureCode) =>
    `/api/waiting-list/procedures/${encode(type)}/manage/records/active/fields`,
};
