import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { defaultRiskFactorLabels, type RiskFactorLabels } from '../lib/risk-factor-labels';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: the readiness (surgery) and social option lists, the same for every trust. */
export const getSurgicalRiskFactorOptions = () => apiRequest(endpoints.library.surgicalRiskFactors);

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
