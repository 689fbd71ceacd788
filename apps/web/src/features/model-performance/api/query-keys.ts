import type { Grouping, ModelPerformanceQuery } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';

/**
 * Under one root per trust: a change of the trust's CUSUM threshold reads its figures again. The
 * national figures (super admins, no trust) have a root of their own.
 */
export const monitoringKeys = {
  trust: (trust: string) => ['model-performance', trust] as const,
  figures: (trust: string, type: ProcedureCode, query: ModelPerformanceQuery) =>
    [...monitoringKeys.trust(trust), type, 'figures', query] as const,
  groups: (trust: string, type: ProcedureCode, query: ModelPerformanceQuery, by: Grouping) =>
    [...monitoringKeys.trust(trust), type, 'groups', by, query] as const,
  optimisation: (
    trust: string,
    type: ProcedureCode,
    query: Pick<ModelPerformanceQuery, 'from' | 'to'>,
    by: Grouping,
  ) => [...monitoringKeys.trust(trust), type, 'optimisation', by, query] as const,
  settings: (trust: string) => [...monitoringKeys.trust(trust), 'settings'] as const,
  national: (type: ProcedureCode, query: Pick<ModelPerformanceQuery, 'from' | 'to'>) =>
    ['model-performance-national', type, query] as const,
};
