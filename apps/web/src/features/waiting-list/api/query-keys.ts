import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRoots } from '../../../lib/api/query-keys';

/**
 * Query keys of the waiting-list feature under one root, so that an upload, a cancel or a confirm
 * refreshes the dashboard, the histories and the service status together.
 */
export const waitingListKeys = {
  all: queryRoots.waitingList,
  dashboard: (trust: string) => [...queryRoots.trustWaitingList(trust), 'dashboard'] as const,
  uploadHistory: (trust: string, params: object) =>
    [...queryRoots.trustWaitingList(trust), 'upload-history', params] as const,
  uploadStatus: (trust: string, type: ProcedureCode, batchId: string) =>
    [...queryRoots.trustWaitingList(trust), 'upload-status', type, batchId] as const,
  validationSummary: (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
    [...queryRoots.trustWaitingList(trust), 'validation-summary', type, batchId, pageNumber] as const,
  toBeArchived: (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
    [...queryRoots.trustWaitingList(trust), 'to-be-archived', type, batchId, pageNumber] as const,
};
