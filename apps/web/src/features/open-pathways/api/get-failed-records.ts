import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { failedRecordsSchema } from '@esr/contracts/open-pathways';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysUrls } from './endpoints';
import { openPathwaysKeys } from './query-keys';

/**
 * spec §7: GET …/procedures/{type}/manage/records/failed, or every procedure's failed records
 * (the error history) when no type is given; 15 a page (spec §9).
 */
export const getFailedRecords = (trust: string, type: ProcedureCode | 'all', pageNumber: number) =>
  apiRequest(
    type === 'all' ? openPathwaysUrls.allFailedRecords(trust) : openPathwaysUrls.failedRecords(trust, type),
    {
      query: { pageNumber, pageSize: pageSizes.standard },
      schema: failedRecordsSchema,
    },
  );

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
