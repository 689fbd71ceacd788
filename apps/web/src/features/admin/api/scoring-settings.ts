import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/trusts/{trust}/scoring/settings: the oldest blood result the model may use (decision 0057). */
export const scoringSettingsQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: adminKeys.scoringSettings(trust),
    queryFn: () => apiRequest(endpoints.scoring.settings, { params: { trust } }),
    enabled: Boolean(trust),
    retry: false,
  });

export const useScoringSettings = (trust: string) => useQuery(scoringSettingsQueryOptions(trust));

/** PUT the limit; the saved settings replace those read. */
export function useChangeScoringSettings(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bloodResultMaxAgeDays: number) =>
      apiRequest(endpoints.scoring.changeSettings, { params: { trust }, body: { bloodResultMaxAgeDays } }),
    onSuccess: (saved) => client.setQueryData(adminKeys.scoringSettings(trust), saved),
  });
}
