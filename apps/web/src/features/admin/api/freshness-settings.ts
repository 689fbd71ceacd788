import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreshnessSettingsRequest } from '@esr/contracts/data-freshness';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { dataFreshnessKey } from '../../../lib/api/data-freshness';
import { adminKeys } from './query-keys';

/** GET /api/trusts/{trust}/data-freshness/settings: how often a list is expected, how long the feed may be silent (decision 0068). */
export const freshnessSettingsQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: adminKeys.freshnessSettings(trust),
    queryFn: () => apiRequest(endpoints.dataFreshness.settings, { params: { trust } }),
    enabled: Boolean(trust),
    retry: false,
  });

export const useFreshnessSettings = (trust: string) => useQuery(freshnessSettingsQueryOptions(trust));

/** PUT one setting; the saved settings replace those read, and the banners are judged again by them. */
export function useChangeFreshnessSettings(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FreshnessSettingsRequest) =>
      apiRequest(endpoints.dataFreshness.changeSettings, { params: { trust }, body }),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.freshnessSettings(trust), saved);
      void client.invalidateQueries({ queryKey: dataFreshnessKey(trust) });
    },
  });
}
