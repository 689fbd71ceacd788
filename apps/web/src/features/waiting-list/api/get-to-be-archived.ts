import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/**
 * GET …/files/to-be-archived/ (docs/decisions/0037-what-the-confirm-will-do.md): the active
 * pathways the upload's list no longer holds, which its confirm archives, 15 a page.
 */
export const getToBeArchived = (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
  apiRequest(endpoints.waitingList.toBeArchived, {
    params: { trust, type },
    query: { batchId, pageNumber, pageSize: pageSizes.standard },
  });

export const toBeArchivedQueryOptions = (
  trust: string,
  type: ProcedureCode,
  batchId: string,
  pageNumber: number,
) =>
  queryOptions({
    queryKey: waitingListKeys.toBeArchived(trust, type, batchId, pageNumber),
    queryFn: () => getToBeArchived(trust, type, batchId, pageNumber),
    enabled: Boolean(trust && batchId),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useToBeArchived = (trust: string, type: ProcedureCode, batchId: string, pageNumber: number) =>
  useQuery(toBeArchivedQueryOptions(trust, type, batchId, pageNumber));
