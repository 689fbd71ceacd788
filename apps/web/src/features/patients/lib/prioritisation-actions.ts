import type { GuardRole } from '@esr/contracts/roles';

/**
 * What a user may record about a pathway's prioritisation (decision 0044), by the role they act in:
 * priority, harm review and the view of the risk are clinical decisions (clinicians); validation
 * is administrative (clerical users and waiting list admins). The API checks the same
 * (prioritisation:clinical, prioritisation:validate); an archived pathway takes none.
 */
export const prioritisationActions = [
  'changePriority',
  'recordHarmReview',
  'adjustRisk',
  'recordValidation',
] as const;
export type PrioritisationAction = (typeof prioritisationActions)[number];

export const prioritisationActionLabels: Record<PrioritisationAction, string> = {
  changePriority: 'Change priority',
  recordHarmReview: 'Record harm review',
  adjustRisk: 'Adjust risk',
  recordValidation: 'Record validation',
};

const actionsByRole: Partial<Record<GuardRole, readonly PrioritisationAction[]>> = {
  Clinician: ['changePriority', 'recordHarmReview', 'adjustRisk'],
  ClericalUser: ['recordValidation'],
  WaitingListAdmin: ['recordValidation'],
};

/** What the actions depend on: whether the pathway is on the active list, and its risk. */
export interface ActionPathway {
  isActive: boolean;
  /** The model's band; null when the model has not scored the pathway. */
  prediction: string | null;
  /** The clinician's view of the risk, when one is recorded. */
  adjustment: unknown;
}

/**
 * The actions a role sees for a pathway: none for an archived one (no longer on the active list),
 * and no Adjust risk while there is neither a prediction to adjust nor an adjustment to remove.
 */
export function prioritisationActionsFor(
  role: GuardRole | null,
  pathway: ActionPathway,
): readonly PrioritisationAction[] {
  if (!role || !pathway.isActive) return [];
  const adjustable = pathway.prediction !== null || pathway.adjustment !== null;
  return (actionsByRole[role] ?? []).filter((action) => action !== 'adjustRisk' || adjustable);
}

/** Remove adjustment: a clinician, on an active pathway that has a clinician's view of the risk. */
export const canRemoveAdjustment = (role: GuardRole | null, pathway: ActionPathway) =>
  prioritisationActionsFor(role, pathway).includes('adjustRisk') && pathway.adjustment !== null;

/**
 * After recording (or Cancel), back to where the user works: the risk summary, or, for a waiting
 * list admin (who cannot open the patient screens), the prioritisation worklist.
 */
export function returnsToWorklist(
  current: GuardRole | null,
  held: readonly GuardRole[],
  summaryAllowed: readonly GuardRole[],
): boolean {
  if (current === 'WaitingListAdmin') return true;
  return !held.some((role) => summaryAllowed.includes(role));
}
