import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRoots } from '../../../lib/api/query-keys';

/**
 * Under the waiting-list root: confirming an import invalidates ['waiting-list'], and the matrix,
 * worklist and equity tables of the list it replaced must be fetched again with everything else.
 */
export const prioritisationKeys = {
  /** Every prioritisation table of the trust's lists, read again when its thresholds change. */
  trust: (trust: string) => [...queryRoots.trustWaitingList(trust), 'prioritisation'] as const,
  matrix: (trust: string, type: ProcedureCode, filters: object) =>
    [...prioritisationKeys.trust(trust), type, 'matrix', filters] as const,
  worklist: (trust: string, type: ProcedureCode, view: object) =>
    [...prioritisationKeys.trust(trust), type, 'worklist', view] as const,
  equity: (trust: string, type: ProcedureCode, by: string) =>
    [...prioritisationKeys.trust(trust), type, 'equity', by] as const,
  settings: (trust: string) => ['prioritisation-settings', trust] as const,
};
