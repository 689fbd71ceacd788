import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRoots } from '../../../lib/api/query-keys';

/**
 * Under the waiting-list root: confirming an import invalidates ['waiting-list'], and the open
 * pathways it replaced must be fetched again with everything else.
 */
export const openPathwaysKeys = {
  counters: (trust: string, type: ProcedureCode) =>
    [...queryRoots.trustWaitingList(trust), 'open-pathways', type, 'counters'] as const,
  processedCounts: (trust: string, type: ProcedureCode) =>
    [...queryRoots.trustWaitingList(trust), 'open-pathways', type, 'processed'] as const,
  activeRecords: (trust: string, type: ProcedureCode, params: object) =>
    [...queryRoots.trustWaitingList(trust), 'open-pathways', type, 'active', params] as const,
  failedRecords: (trust: string, type: ProcedureCode | 'all', pageNumber: number) =>
    [...queryRoots.trustWaitingList(trust), 'open-pathways', type, 'failed', pageNumber] as const,
  archivedRecords: (trust: string, pageNumber: number) =>
    [...queryRoots.trustWaitingList(trust), 'archived', pageNumber] as const,
  reportFields: (type: ProcedureCode) => [...queryRoots.waitingList, 'report-fields', type] as const,
};
