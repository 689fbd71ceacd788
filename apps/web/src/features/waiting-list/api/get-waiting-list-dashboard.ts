import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitingListDashboardSchema } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { waitingListUrls } from './endpoints';
import { waitingListKeys } from './query-keys';

/** spec §7: GET /api/trusts/{trust}/waiting-list/dashboard. */
export const getWaitingListDashboard = (trust: string) =>
  apiRequest(waitingListUrls.dashboard(trust), { schema: waitingListDashboardSchema });

export const waitingListDashboardQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: waitingListKeys.dashboard(trust),
    queryFn: () => getWaitingListDashboard(trust),
    enabled: Boolean(trust),
    // spec §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useWaitingListDashboard = (trust: string) => useQuery(waitingListDashboardQueryOptions(trust));
