import { useQuery } from '@tanstack/react-query';
import { surgicalRiskFactorsResponseSchema } from '@esr/contracts/library';
import { apiRequest } from '../../../lib/api-client';
import { defaultRiskFactorLabels, type RiskFactorLabels } from '../lib/risk-factor-labels';
import { patientUrls } from './endpoints';
import { patientKeys } from './query-keys';

/** spec §7: GET /api/form-data/surgical-risk-factors: the readiness (surgery) and social option lists. */
export const getSurgicalRiskFactorOptions = () =>
  apiRequest(patientUrls.surgicalRiskFactorOptions(), { schema: surgicalRiskFactorsResponseSchema });

export const useSurgicalRiskFactorOptions = () =>
  useQuery({
    queryKey: patientKeys.surgicalRiskFactorOptions(),
    queryFn: getSurgicalRiskFactorOptions,
    // Library data: it changes only with a new release.
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The option labels by value, for showing a pathway's readiness and social aspects in words. */
export function useRiskFactorLabels(): RiskFactorLabels {
  const options = useSurgicalRiskFactorOptions().data;
  if (!options) return defaultRiskFactorLabels;
  const byValue = (list: { value: string; label: string }[], fallback: Record<string, string>) => ({
    ...fallback,
    ...Object.fromEntries(list.map((option) => [option.value, option.label])),
  });
  return {
    surgery: byValue(options.surgery, defaultRiskFactorLabels.surgery),
    social: byValue(options.social, defaultRiskFactorLabels.social),
  };
}
