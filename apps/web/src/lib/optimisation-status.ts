import type { OptimisationStatus } from '@esr/contracts/optimisation';

/**
 * The NHS.UK tag colour of each status: found and waiting for a first step draws the eye; a closed
 * factor is green when met and grey when it will not be.
 */
export const statusColours: Record<OptimisationStatus, 'yellow' | 'blue' | 'purple' | 'green' | 'grey'> = {
  identified: 'yellow',
  referred: 'blue',
  in_progress: 'purple',
  met: 'green',
  declined: 'grey',
  not_possible: 'grey',
};
