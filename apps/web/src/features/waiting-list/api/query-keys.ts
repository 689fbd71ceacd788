import type { ProcedureCode } from '@esr/contracts/procedures';

/**
 * Query keys of the waiting-list feature under one root, so that an upload, a cancel or a confirm
 * refreshes the dashboard, the histories and the service status together.
 */
export const waitingListKeys = {
  all: ['waiting-list'] as const,
  dashboard: (trust: string) => ['waiting-list', trust, 'dashboard'] as const,
  uploadHistory: (trust: string, params: object) =>
    ['waiting-list', trust, 'upload-history', params] as const,
  uploadStatus: (trust: string, type: ProcedureCode, batchId: string) =>
    ['waiting-list', trust, 'upload-status', type, batchId] as const,
  validationSummary: (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
    ['waiting-list', trust, 'validation-summary', type, batchId, pageNumber] as const,
  toBeArchived: (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
    ['waiting-list', trust, 'to-be-archived', type, batchId, pageNumber] as const,
};
