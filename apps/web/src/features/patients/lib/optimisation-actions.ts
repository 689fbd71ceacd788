import {
  factorDefinitions,
  isClosed,
  optimisationStatusLabels,
  type OptimisationFactor,
  type OptimisationStatus,
  type RecordedStatus,
} from '@esr/contracts/optimisation';
import type { GuardRole } from '@esr/contracts/roles';
import { paths } from '../../../config/paths';
import { screenTable, type ScreenId } from '../../../config/screen-table';

/**
 * What a user may record about a risk factor to optimise before surgery (decision 0071), each on a
 * page of its own. Clinicians record every step; waiting list admins the administrative ones
 * (refer, progress, declined by the patient); clerical users read only. Who may take each is the
 * guard of its page in the screen table; the API checks the same (optimisation:clinical,
 * optimisation:administrative).
 */
export const optimisationActions = ['refer', 'progress', 'met', 'declined', 'notPossible'] as const;
export type OptimisationAction = (typeof optimisationActions)[number];

/** The status each action records. */
export const actionStatus: Record<OptimisationAction, RecordedStatus> = {
  refer: 'referred',
  progress: 'in_progress',
  met: 'met',
  declined: 'declined',
  notPossible: 'not_possible',
};

/** The links' words; to a screen reader each adds its factor ("Refer for anaemia"). */
export const optimisationActionLabels: Record<OptimisationAction, string> = {
  refer: 'Refer',
  progress: 'Record progress',
  met: 'Record as met',
  declined: 'Record as declined',
  notPossible: 'Record as not possible',
};

/** Each action's page: the screen table says who may open it, and so who is offered it. */
export const actionScreens = {
  refer: 'optimisationRefer',
  progress: 'optimisationProgress',
  met: 'optimisationMet',
  declined: 'optimisationDeclined',
  notPossible: 'optimisationNotPossible',
} as const satisfies Record<OptimisationAction, ScreenId>;

/** An action's page for a factor of a pathway. */
export const actionPath = (action: OptimisationAction, id: string, code: OptimisationFactor, type: string) =>
  paths[actionScreens[action]](id, code, type);

/**
 * The statuses an action is offered from: referring only a factor nothing was done about yet, and
 * progress until some is recorded; the closing steps from any open status.
 */
const offeredFrom: Record<OptimisationAction, readonly OptimisationStatus[]> = {
  refer: ['identified'],
  progress: ['identified', 'referred'],
  met: ['identified', 'referred', 'in_progress'],
  declined: ['identified', 'referred', 'in_progress'],
  notPossible: ['identified', 'referred', 'in_progress'],
};

/** The factor in words inside a sentence: "anaemia", "kidney function". */
export const factorInWords = (code: OptimisationFactor) => factorDefinitions[code].label.toLowerCase();

/**
 * The actions a role sees for a factor: none for a pathway no longer on the active list, nor for a
 * closed factor (met, declined or not possible).
 */
export function optimisationActionsFor(
  role: GuardRole | null,
  factor: { status: OptimisationStatus },
  isActive: boolean,
): readonly OptimisationAction[] {
  if (!role || !isActive || isClosed(factor.status)) return [];
  return optimisationActions.filter(
    (action) =>
      (screenTable[actionScreens[action]].allowed as readonly GuardRole[]).includes(role) &&
      offeredFrom[action].includes(factor.status),
  );
}

/** The heading of an action's page, naming the factor: "Refer for anaemia", "Record anaemia as met". */
const headings: Record<OptimisationAction, (factor: string) => string> = {
  refer: (factor) => `Refer for ${factor}`,
  progress: (factor) => `Record progress on ${factor}`,
  met: (factor) => `Record ${factor} as met`,
  declined: (factor) => `Record ${factor} as declined by the patient`,
  notPossible: (factor) => `Record ${factor} as not possible`,
};
export const actionHeading = (action: OptimisationAction, code: OptimisationFactor) =>
  headings[action](factorInWords(code));

/**
 * What the page returned to says was recorded: "Anaemia recorded as referred to Pre-operative
 * anaemia clinic", "Smoking recorded as declined by the patient".
 */
export function optimisationNotice(code: OptimisationFactor, status: RecordedStatus, service?: string) {
  const what = `${factorDefinitions[code].label} recorded as ${optimisationStatusLabels[status].toLowerCase()}`;
  return status === 'referred' && service ? `${what} to ${service}` : what;
}
