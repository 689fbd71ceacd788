import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import type { ActiveFilters } from '../lib/active-filters';
import { openPathwaysKeys } from './query-keys';

/** docs/requirements.md §7: GET …/manage/records/active with the nine filters, 15 a page (§9). */
export const getActiveRecords = (
  trust: string,
  type: ProcedureCode,
  filters: ActiveFilters,
  pageNumber: number,
) =>
  apiRequest(endpoints.openPathways.activeRecords, {
    params: { trust, type },
    query: { ...filters, pageNumber, pageSize: pageSizes.standard },
  });

export const activeRecordsQueryOptions = (
  trust: string,
  type: ProcedureCode,
  filters: ActiveFilters,
  pageNumber: number,
) =>
  queryOptions({
    queryKey: openPathwaysKeys.activeRecords(trust, type, { filters, pageNumber }),
    queryFn: () => getActiveRecords(trust, type, filters, pageNumber),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useActiveRecords = (
  trust: string,
  type: ProcedureCode,
  filters: ActiveFilters,
  pageNumber: number,
) => useQuery(activeRecordsQueryOptions(trust, type, filters, pageNumber));
