import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRoots } from '../../../lib/api/query-keys';

/**
 * Query keys of the outcomes uploads, under the waiting-list root of the trust: an outcomes file's
 * upload, cancel or confirm invalidates that root (`trust`), which refreshes the service status, the
 * dashboard's counters, the lists and the patients' outcomes with it (a confirm archives operated
 * pathways and records their outcomes).
 */
export const outcomesKeys = {
  trust: queryRoots.trustWaitingList,
  uploads: (trust: string, type: ProcedureCode, pageNumber: number) =>
    [...queryRoots.trustWaitingList(trust), 'outcomes', type, 'uploads', pageNumber] as const,
  uploadStatus: (trust: string, type: ProcedureCode, batchId: string) =>
    [...queryRoots.trustWaitingList(trust), 'outcomes', type, 'upload-status', batchId] as const,
  validationSummary: (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
    [
      ...queryRoots.trustWaitingList(trust),
      'outcomes',
      type,
      'validation-summary',
      batchId,
      pageNumber,
    ] as const,
};
