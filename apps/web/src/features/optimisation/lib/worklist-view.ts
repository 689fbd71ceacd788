import { optimisationFactors, type OptimisationFactor } from '@esr/contracts/optimisation-factors';
import { optimisationStatuses, type OptimisationStatus } from '@esr/contracts/optimisation';

/** What the optimisation worklist shows, as its address holds it (decision 0072). */
export interface OptimisationView {
  factor: OptimisationFactor | null;
  status: OptimisationStatus | null;
  overdue: boolean;
  surgeonName: string;
  nhsNumber: string;
  page: number;
}

export const emptyOptimisationView: OptimisationView = {
  factor: null,
  status: null,
  overdue: false,
  surgeonName: '',
  nhsNumber: '',
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

/** The view of an address's query; anything it does not know is left out, a bad page is page 1. */
export function readOptimisationView(params: URLSearchParams): OptimisationView {
  const page = Number(params.get('page'));
  return {
    factor: oneOf(optimisationFactors, params.get('factor')),
    status: oneOf(optimisationStatuses, params.get('status')),
    overdue: params.get('overdue') === 'true',
    surgeonName: (params.get('surgeonName') ?? '').slice(0, 100),
    nhsNumber: (params.get('nhsNumber') ?? '').slice(0, 20),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query of a view, holding only what differs from the empty view. */
export function writeOptimisationView(view: OptimisationView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.factor) params.set('factor', view.factor);
  if (view.status) params.set('status', view.status);
  if (view.overdue) params.set('overdue', 'true');
  if (view.surgeonName.trim()) params.set('surgeonName', view.surgeonName.trim());
  if (view.nhsNumber.trim()) params.set('nhsNumber', view.nhsNumber.trim());
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The API's filters of a view. */
export const filtersOfView = (view: OptimisationView) => ({
  ...(view.factor ? { factor: view.factor } : {}),
  ...(view.status ? { status: view.status } : {}),
  ...(view.overdue ? { overdue: 'true' as const } : {}),
  ...(view.surgeonName.trim() ? { surgeonName: view.surgeonName.trim() } : {}),
  ...(view.nhsNumber.trim() ? { nhsNumber: view.nhsNumber.trim() } : {}),
});
