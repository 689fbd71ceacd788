import { modelMessages, type ModelVersion } from '@esr/contracts/models';

type ActivationFacts = Pick<ModelVersion, 'source' | 'activatedAt' | 'isActive'>;

/** A recalibrated version that no one has made active yet: a second technical admin must. */
export const isAwaitingActivation = (version: ActivationFacts) =>
  version.source === 'recalibrated' && version.activatedAt === null && !version.isActive;

/**
 * Why the signed-in admin may not make this version active, before asking the API: they created
 * this recalibrated version, and a second technical admin must activate it (decision 0046). The API
 * refuses it too (409, with the same words).
 */
export const secondAdminProblem = (
  version: ActivationFacts & Pick<ModelVersion, 'createdByYou'>,
): string | null =>
  isAwaitingActivation(version) && version.createdByYou ? modelMessages.secondAdminNeeded : null;
