import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import { trustsPageSchema } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface TrustFilters {
  trustName?: string;
  trustCode?: string;
  region?: string;
  regionCode?: string;
  country?: string;
  status?: string;
}

/** docs/requirements.md §7: the trusts list with listType=paginated, 15 a page (§9). */
export const getTrusts = (filters: TrustFilters, pageNumber: number) =>
  apiRequest(endpoints.trusts.list, {
    query: { listType: 'paginated', pageNumber, pageSize: pageSizes.standard, ...filters },
    schema: trustsPageSchema,
  });

export const useTrusts = (filters: TrustFilters, pageNumber: number) =>
  useQuery({
    queryKey: adminKeys.trusts({ filters, pageNumber }),
    queryFn: () => getTrusts(filters, pageNumber),
    placeholderData: keepPreviousData,
    retry: false,
  });
