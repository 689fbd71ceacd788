import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysKeys } from './query-keys';

/**
 * docs/requirements.md §7: GET …/procedures/{type}/manage/records/failed, or every procedure's
 * failed records (the error history) when no type is given; 15 a page (§9).
 */
export const getFailedRecords = (trust: string, type: ProcedureCode | 'all', pageNumber: number) => {
  const query = { pageNumber, pageSize: pageSizes.standard };
  return type === 'all'
    ? apiRequest(endpoints.openPathways.allFailedRecords, { params: { trust }, query })
    : apiRequest(endpoints.openPathways.failedRecords, { params: { trust, type }, query });
};

export const failedRecordsQueryOptions = (trust: string, type: ProcedureCode | 'all', pageNumber: number) =>
  queryOptions({
    queryKey: openPathwaysKeys.failedRecords(trust, type, pageNumber),
    queryFn: () => getFailedRecords(trust, type, pageNumber),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useFailedRecords = (trust: string, type: ProcedureCode | 'all', pageNumber: number) =>
  useQuery(failedRecordsQueryOptions(trust, type, pageNumber));
