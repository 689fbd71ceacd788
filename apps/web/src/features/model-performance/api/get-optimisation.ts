import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { Grouping, ModelPerformanceQuery } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { monitoringKeys } from './query-keys';

/**
 * GET …/model-performance/optimisation?by=: the risk factors optimised before surgery (decision
 * 0075), over the dates of operation chosen; the model version chosen does not apply to them.
 */
export const optimisationQueryOptions = (
  trust: string,
  type: ProcedureCode,
  query: Pick<ModelPerformanceQuery, 'from' | 'to'>,
  by: Grouping,
) =>
  queryOptions({
    queryKey: monitoringKeys.optimisation(trust, type, query, by),
    queryFn: () =>
      apiRequest(endpoints.modelPerformance.optimisation, {
        params: { trust, type },
        query: { ...query, by },
      }),
    enabled: Boolean(trust),
    // docs/requirements.md §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useOptimisation = (
  trust: string,
  type: ProcedureCode,
  query: Pick<ModelPerformanceQuery, 'from' | 'to'>,
  by: Grouping,
) => useQuery(optimisationQueryOptions(trust, type, query, by));
