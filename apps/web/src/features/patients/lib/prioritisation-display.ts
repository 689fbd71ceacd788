import { riskLabels } from '@esr/contracts/open-pathways';
import {
  harmLevelLabels,
  priorityDescriptions,
  priorityMovedUp,
  type HarmReviewRequest,
  type PathwayPrioritisation,
  type PriorityCode,
  type ValidationRequest,
} from '@esr/contracts/prioritisation';

/**
 * The words of a pathway's prioritisation on the patient screens (decision 0044): the wait, and
 * what the success banner says was recorded.
 */

const plural = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;

/** A wait in days, with its whole weeks: "130 days (18 weeks)". */
export const waitedText = (days: number) =>
  `${plural(days, 'day')} (${plural(Math.floor(days / 7), 'week')})`;

/** A priority code with what it means, or that there is none. */
export const priorityText = (code: PriorityCode | null) =>
  code ? priorityDescriptions[code] : 'No priority recorded';

/** The success banner after a change of priority: the new one, from the server's answer. */
export const priorityChangedNotice = (answer: PathwayPrioritisation) =>
  `Priority changed to ${priorityText(answer.priority)}`;

export function validationNotice(request: ValidationRequest): string {
  switch (request.outcome) {
    case 'postpone':
      return `Validation recorded: postponed at the patient’s choice (${request.postponeTo ?? 'P5 or P6'})`;
    case 'remove':
      return 'Validation recorded: removed from the waiting list. The pathway is no longer on the active list';
    default:
      return 'Validation recorded: remains on the waiting list';
  }
}

/** The harm review, and the category it moved the pathway to when it moved it. */
export function harmReviewNotice(
  request: HarmReviewRequest,
  before: PriorityCode | null,
  answer: PathwayPrioritisation,
): string {
  const level = request.level ? harmLevelLabels[request.level].toLowerCase() : 'harm';
  const moved =
    request.actions?.includes('moved_up_category') && answer.priority && answer.priority !== before
      ? `. Priority moved up from ${before ?? 'none'} to ${answer.priority}`
      : '';
  return `Harm review recorded: ${level}${moved}`;
}

export const riskAdjustedNotice = (answer: PathwayPrioritisation) =>
  answer.adjustment
    ? `Risk adjustment recorded: the clinician’s view is ${riskLabels[answer.adjustment.prediction]}`
    : 'Risk adjustment recorded';

export const adjustmentRemovedNotice = 'Risk adjustment removed: the model’s prediction is shown on its own';

/**
 * The hint under "Moved up one priority category": where it would take the pathway, or why it
 * cannot (P5 and P6 are the patient's choice; a pathway without a priority has nowhere to move from).
 */
export function moveUpHint(current: PriorityCode | null): string {
  const to = current ? priorityMovedUp(current) : null;
  if (!current) return 'The pathway has no priority, so it cannot move up: change the priority instead.';
  if (!to) return `${current} is the patient’s choice, so it cannot move up: change the priority instead.`;
  if (to === current) return `Stays at ${current}: a harm review never moves a pathway past P1b.`;
  return `From ${current} to ${to}. Only after moderate or severe harm.`;
}

/**
 * A P1a, P1b or P2 postponed at the patient's request, waiting for a clinician (decision 0056):
 * what it was, and when its breach counts from; the date as the screens write dates.
 */
export function postponedFromText(
  postponedFrom: NonNullable<PathwayPrioritisation['postponedFrom']>,
  formatDate: (date: string) => string,
): string {
  const due = postponedFrom.dueBy ? `, due by ${formatDate(postponedFrom.dueBy)}` : '';
  return `Postponed from ${postponedFrom.priority} at the patient’s request${due}. A clinician needs to review the priority.`;
}

/** The change priority page's hint: keeping the postponement is a decision too while a review is due. */
export const changePriorityHint = (pathway: Pick<PathwayPrioritisation, 'priority' | 'postponedFrom'>) =>
  pathway.postponedFrom && pathway.priority
    ? `Choose ${pathway.priority} to keep the patient’s postponement, or another priority. Either ends the clinician review.`
    : 'Choose a priority different from the current one.';
