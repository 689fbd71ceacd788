import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../api-client';
import { queryRoots } from './query-keys';

/** While the service is scoring, the overview looks again this often to re-enable Continue. */
export const serviceStatusPollMs = 3000;

/**
 * Under the waiting-list root of the trust, so that an upload, a cancel or a confirm (of a waiting
 * list or of an outcomes file), which invalidate that root, refresh it too.
 */
export const serviceStatusKey = (trust: string, type: ProcedureCode) =>
  [...queryRoots.trustWaitingList(trust), 'service-status', type] as const;

/**
 * docs/requirements.md §7: GET …/procedures/{type}/batch-inferencing/status: busy while an upload
 * of the procedure (a waiting list or an outcomes file) is validated or confirmed, or its list is
 * scored. Shared by the upload overviews, which offer no upload while it is busy.
 */
export const getServiceStatus = (trust: string, type: ProcedureCode) =>
  apiRequest(endpoints.waitingList.serviceStatus, { params: { trust, type } });

export const serviceStatusQueryOptions = (trust: string, type: ProcedureCode) =>
  queryOptions({
    queryKey: serviceStatusKey(trust, type),
    queryFn: () => getServiceStatus(trust, type),
    enabled: Boolean(trust),
    // An idle status seen a moment ago may already be out of date: docs/requirements.md §4 blocks uploads while busy.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'busy' ? serviceStatusPollMs : false),
  });

export const useServiceStatus = (trust: string, type: ProcedureCode) =>
  useQuery(serviceStatusQueryOptions(trust, type));
