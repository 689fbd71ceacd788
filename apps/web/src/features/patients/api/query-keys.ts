import type { PatientSearchQuery } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRoots } from '../../../lib/api/query-keys';

/**
 * Under the waiting-list root of the trust: confirming an import invalidates ['waiting-list'], and
 * a change to a patient (edit, remodel, anomaly flag) invalidates the trust's waiting-list data,
 * whose tables and counters show the same pathway.
 */
export const patientKeys = {
  trust: queryRoots.trustWaitingList,
  search: (trust: string, query: PatientSearchQuery) =>
    [...queryRoots.trustWaitingList(trust), 'patients', 'search', query] as const,
  pathway: (trust: string, type: ProcedureCode, id: string) =>
    [...queryRoots.trustWaitingList(trust), 'patients', 'pathway', type, id] as const,
  riskSummary: (trust: string, type: ProcedureCode, id: string) =>
    [...patientKeys.pathway(trust, type, id), 'risk-summary'] as const,
  riskHistory: (trust: string, type: ProcedureCode, id: string, pageNumber: number) =>
    [...patientKeys.pathway(trust, type, id), 'history', pageNumber] as const,
  historyEntry: (trust: string, type: ProcedureCode, id: string, historyId: string) =>
    [...patientKeys.pathway(trust, type, id), 'history-entry', historyId] as const,
  remodelRecord: (trust: string, type: ProcedureCode, id: string) =>
    [...patientKeys.pathway(trust, type, id), 'remodel-record'] as const,
  /** The pathway's priority, wait, validation, harm review and risk adjustment (decision 0044). */
  pathwayPrioritisation: (trust: string, type: ProcedureCode, id: string) =>
    [...patientKeys.pathway(trust, type, id), 'prioritisation'] as const,
  /** The pathway's risk factors to optimise before surgery and their entries (decision 0071). */
  pathwayOptimisation: (trust: string, type: ProcedureCode, id: string) =>
    [...patientKeys.pathway(trust, type, id), 'optimisation'] as const,
  surgicalRiskFactorOptions: () => [...queryRoots.library, 'surgical-risk-factors'] as const,
};
