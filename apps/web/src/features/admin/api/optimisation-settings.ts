import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { OptimisationRules } from '@esr/contracts/optimisation';
import type { OptimisationServicesRequest } from '@esr/contracts/optimisation-settings';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/trusts/{trust}/optimisation/rules: the trust's optimisation thresholds (decision 0071). */
export const optimisationRulesQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: adminKeys.optimisationRules(trust),
    queryFn: () => apiRequest(endpoints.optimisation.rules, { params: { trust } }),
    enabled: Boolean(trust),
    retry: false,
  });

export const useOptimisationRules = (trust: string) => useQuery(optimisationRulesQueryOptions(trust));

/** PUT the thresholds; the saved ones replace those read. */
export function useChangeOptimisationRules(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: OptimisationRules) =>
      apiRequest(endpoints.optimisation.changeRules, { params: { trust }, body: rules }),
    onSuccess: (saved) => client.setQueryData(adminKeys.optimisationRules(trust), saved),
  });
}

/** GET /api/trusts/{trust}/optimisation/services: each factor's services and their contacts for patients. */
export const optimisationServicesQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: adminKeys.optimisationServices(trust),
    queryFn: () => apiRequest(endpoints.optimisation.services, { params: { trust } }),
    enabled: Boolean(trust),
    retry: false,
  });

export const useOptimisationServices = (trust: string) => useQuery(optimisationServicesQueryOptions(trust));

/** PUT every factor's services and every contact; the saved ones replace those read. */
export function useChangeOptimisationServices(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OptimisationServicesRequest) =>
      apiRequest(endpoints.optimisation.changeServices, { params: { trust }, body }),
    onSuccess: (saved) => client.setQueryData(adminKeys.optimisationServices(trust), saved),
  });
}
