import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { prioritisationKeys } from './query-keys';

/** GET /api/trusts/{trust}/prioritisation/settings: the trust's harm-review thresholds in weeks. */
export const getSettings = (trust: string) =>
  apiRequest(endpoints.prioritisation.settings, { params: { trust } });

export const settingsQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: prioritisationKeys.settings(trust),
    queryFn: () => getSettings(trust),
    enabled: Boolean(trust),
    retry: false,
  });

export const useSettings = (trust: string) => useQuery(settingsQueryOptions(trust));

/**
 * PUT the thresholds; the saved settings replace those read, and every list of the trust is read
 * again, as the harm-review flags follow the thresholds.
 */
export function useUpdateSettings(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (harmReviewThresholdWeeks: number[]) =>
      apiRequest(endpoints.prioritisation.updateSettings, {
        params: { trust },
        body: { harmReviewThresholdWeeks },
      }),
    onSuccess: (saved) => {
      client.setQueryData(prioritisationKeys.settings(trust), saved);
      void client.invalidateQueries({ queryKey: prioritisationKeys.trust(trust) });
    },
  });
}
