import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/** While the service is scoring, the overview looks again this often to re-enable Continue. */
export const serviceStatusPollMs = 3000;

/** docs/requirements.md §7: GET …/procedures/{type}/batch-inferencing/status. */
export const getServiceStatus = (trust: string, type: ProcedureCode) =>
  apiRequest(endpoints.waitingList.serviceStatus, { params: { trust, type } });

export const serviceStatusQueryOptions = (trust: string, type: ProcedureCode) =>
  queryOptions({
    queryKey: waitingListKeys.serviceStatus(trust, type),
    queryFn: () => getServiceStatus(trust, type),
    enabled: Boolean(trust),
    // An idle status seen a moment ago may already be out of date: docs/requirements.md §4 blocks uploads while busy.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'busy' ? serviceStatusPollMs : false),
  });

export const useServiceStatus = (trust: string, type: ProcedureCode) =>
  useQuery(serviceStatusQueryOptions(trust, type));
