import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { monitoringKeys } from './query-keys';

/** GET /api/trusts/{trust}/model-performance/settings: the CUSUMs' operations between false alarms. */
export const monitoringSettingsQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: monitoringKeys.settings(trust),
    queryFn: () => apiRequest(endpoints.modelPerformance.settings, { params: { trust } }),
    enabled: Boolean(trust),
    retry: false,
  });

export const useMonitoringSettings = (trust: string) => useQuery(monitoringSettingsQueryOptions(trust));

/**
 * PUT the operations between false alarms; the saved settings replace those read, and the trust's
 * figures are read again, as the CUSUMs' thresholds and signals follow it.
 */
export function useChangeMonitoringSettings(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cusumTargetRunLength: number) =>
      apiRequest(endpoints.modelPerformance.changeSettings, {
        params: { trust },
        body: { cusumTargetRunLength },
      }),
    onSuccess: (saved) => {
      client.setQueryData(monitoringKeys.settings(trust), saved);
      void client.invalidateQueries({
        queryKey: monitoringKeys.trust(trust),
        predicate: (query) => query.queryKey[2] !== 'settings',
      });
    },
  });
}
