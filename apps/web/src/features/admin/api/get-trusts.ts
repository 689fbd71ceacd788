import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** spec §7: GET /api/trusts/?listType=paginated, 15 a page (spec §9). */
export const getTrusts = (filters: TrustFilters, pageNumber: number) =>
  apiRequest('/api/trusts/', {
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
