import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../api-client';
import { queryRoots } from './query-keys';

/**
 * Under the trust's waiting-list root: confirming a list, which invalidates that root, reads the
 * list's new date again (decision 0068).
 */
export const dataFreshnessKey = (trust: string) =>
  [...queryRoots.trustWaitingList(trust), 'data-freshness'] as const;

/** GET /api/trusts/{trust}/data-freshness: when each list was uploaded and the results feed last heard from. */
export const dataFreshnessQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: dataFreshnessKey(trust),
    queryFn: () => apiRequest(endpoints.dataFreshness.status, { params: { trust } }),
    enabled: Boolean(trust),
    // Read again every few minutes on a screen left open: a list falls overdue at midnight.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

export const useDataFreshness = (trust: string) => useQuery(dataFreshnessQueryOptions(trust));
