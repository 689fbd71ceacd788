import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/** docs/requirements.md §7: the counters of the trust's waiting list. */
export const getWaitingListDashboard = (trust: string) =>
  apiRequest(endpoints.waitingList.dashboard, { params: { trust } });

export const waitingListDashboardQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: waitingListKeys.dashboard(trust),
    queryFn: () => getWaitingListDashboard(trust),
    enabled: Boolean(trust),
    // docs/requirements.md §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useWaitingListDashboard = (trust: string) => useQuery(waitingListDashboardQueryOptions(trust));
