import type { ProcedureCode } from '@esr/contracts/procedures';

/**
 * Under the waiting-list root: confirming an import invalidates ['waiting-list'], and the matrix,
 * worklist and equity tables of the list it replaced must be fetched again with everything else.
 */
export const prioritisationKeys = {
  matrix: (trust: string, type: ProcedureCode, filters: object) =>
    ['waiting-list', trust, 'prioritisation', type, 'matrix', filters] as const,
  worklist: (trust: string, type: ProcedureCode, view: object) =>
    ['waiting-list', trust, 'prioritisation', type, 'worklist', view] as const,
  equity: (trust: string, type: ProcedureCode, by: string) =>
    ['waiting-list', trust, 'prioritisation', type, 'equity', by] as const,
  settings: (trust: string) => ['prioritisation-settings', trust] as const,
};
