import { modelMessages, type ModelStatus, type ModelVersion } from '@esr/contracts/models';

/**
 * Who looks after the models (decision 0060): a technical admin proposes versions (uploads,
 * rollbacks, recalibrations); a clinical safety officer approves or declines them. A person may
 * hold both roles: the role they act in decides what the screens offer.
 */
export type GovernanceRole = 'technicalAdmin' | 'safetyOfficer';

/** A version's status in words, as its tag shows it. */
export const statusText: Record<ModelStatus, string> = {
  'awaiting approval': 'Awaiting approval',
  active: 'Active',
  superseded: 'Superseded',
  declined: 'Declined',
  inactive: 'Not active',
};

/** NHS.UK tag colours: waiting stands out, the active version is green, a declined one red. */
export const statusColour = {
  'awaiting approval': 'yellow',
  active: 'green',
  superseded: 'grey',
  declined: 'red',
  inactive: 'white',
} as const satisfies Record<ModelStatus, string>;

/** A version a technical admin may propose making active: neither active nor already proposed. */
export const mayPropose = (version: Pick<ModelVersion, 'status'>) =>
  version.status === 'superseded' || version.status === 'declined' || version.status === 'inactive';

export const awaitsApproval = (version: Pick<ModelVersion, 'status'>) =>
  version.status === 'awaiting approval';

/**
 * Why the signed-in clinical safety officer cannot approve this version, before asking the API,
 * in the API's own words (it refuses the same with 409): it is active already, no one has proposed
 * it, or they proposed it themselves.
 */
export function approvalProblem(version: Pick<ModelVersion, 'status' | 'proposal'>): string | null {
  if (version.status === 'active') return modelMessages.alreadyActive;
  if (!awaitsApproval(version)) return modelMessages.nothingToApprove;
  if (version.proposal?.byYou) return modelMessages.proposerCannotApprove;
  return null;
}

/** Why a technical admin cannot propose this version, in the API's words (409 there too). */
export function proposalProblem(version: Pick<ModelVersion, 'status'>): string | null {
  if (version.status === 'active') return modelMessages.alreadyActive;
  if (awaitsApproval(version)) return modelMessages.alreadyProposed;
  return null;
}

/** What can be done with a version from the versions table. */
export type VersionAction = 'card' | 'recalibrate' | 'propose' | 'review';

/**
 * The versions table's actions for a role: everyone reads the card; a technical admin recalibrates
 * a version that has outcomes and proposes one that is not active or proposed; a clinical safety
 * officer reviews a version awaiting approval.
 */
export function versionActions(
  role: GovernanceRole,
  version: Pick<ModelVersion, 'status' | 'localPerformance'>,
): VersionAction[] {
  if (role === 'safetyOfficer') return awaitsApproval(version) ? ['review', 'card'] : ['card'];
  return [
    ...(mayPropose(version) ? (['propose'] as const) : []),
    ...(version.localPerformance ? (['recalibrate'] as const) : []),
    'card',
  ];
}
