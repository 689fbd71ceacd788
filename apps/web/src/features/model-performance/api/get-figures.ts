import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { Grouping, ModelPerformanceQuery } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { monitoringKeys } from './query-keys';

/**
 * GET …/model-performance: the model judged against the trust's outcomes for a procedure, over
 * the dates of operation and the model version asked for.
 */
export const figuresQueryOptions = (trust: string, type: ProcedureCode, query: ModelPerformanceQuery) =>
  queryOptions({
    queryKey: monitoringKeys.figures(trust, type, query),
    queryFn: () =>
      apiRequest(endpoints.modelPerformance.figures, { params: { trust, type }, query: { ...query } }),
    enabled: Boolean(trust),
    // docs/requirements.md §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useFigures = (trust: string, type: ProcedureCode, query: ModelPerformanceQuery) =>
  useQuery(figuresQueryOptions(trust, type, query));

/** GET …/model-performance/groups?by=: the same figures by sex, ethnic group or age at operation. */
export const groupsQueryOptions = (
  trust: string,
  type: ProcedureCode,
  query: ModelPerformanceQuery,
  by: Grouping,
) =>
  queryOptions({
    queryKey: monitoringKeys.groups(trust, type, query, by),
    queryFn: () =>
      apiRequest(endpoints.modelPerformance.groups, { params: { trust, type }, query: { ...query, by } }),
    enabled: Boolean(trust),
    retry: false,
  });

export const useGroups = (trust: string, type: ProcedureCode, query: ModelPerformanceQuery, by: Grouping) =>
  useQuery(groupsQueryOptions(trust, type, query, by));

/** GET /api/model-performance: every trust's observed against expected, for the funnel plot (super admins). */
export const nationalQueryOptions = (
  type: ProcedureCode,
  query: Pick<ModelPerformanceQuery, 'from' | 'to'>,
) =>
  queryOptions({
    queryKey: monitoringKeys.national(type, query),
    queryFn: () => apiRequest(endpoints.modelPerformance.national, { query: { procedure: type, ...query } }),
    retry: false,
  });

export const useNational = (type: ProcedureCode, query: Pick<ModelPerformanceQuery, 'from' | 'to'>) =>
  useQuery(nationalQueryOptions(type, query));
