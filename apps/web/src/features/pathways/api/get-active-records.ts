import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { defaultActiveSort } from '@esr/contracts/open-pathways';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import type { ActiveFilters } from '../lib/active-filters';
import type { ActiveSort } from '../lib/active-sort';
import { openPathwaysKeys } from './query-keys';

/** Which active records a list asks for: its filters, its page, and its order (the default one if none). */
export interface ActiveRecordsRequest {
  filters: ActiveFilters;
  pageNumber: number;
  sort?: ActiveSort;
}

/**
 * docs/requirements.md §7: GET …/manage/records/active with the nine filters, 15 a page (§9), in the order
 * asked for (docs/decisions/0038-the-risk-leads-the-lists.md).
 */
export const getActiveRecords = (
  trust: string,
  type: ProcedureCode,
  { filters, pageNumber, sort = defaultActiveSort }: ActiveRecordsRequest,
) =>
  apiRequest(endpoints.openPathways.activeRecords, {
    params: { trust, type },
    query: { ...filters, ...sort, pageNumber, pageSize: pageSizes.standard },
  });

export const activeRecordsQueryOptions = (
  trust: string,
  type: ProcedureCode,
  { filters, pageNumber, sort = defaultActiveSort }: ActiveRecordsRequest,
) =>
  queryOptions({
    queryKey: openPathwaysKeys.activeRecords(trust, type, { filters, pageNumber, sort }),
    queryFn: () => getActiveRecords(trust, type, { filters, pageNumber, sort }),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useActiveRecords = (trust: string, type: ProcedureCode, request: ActiveRecordsRequest) =>
  useQuery(activeRecordsQueryOptions(trust, type, request));
