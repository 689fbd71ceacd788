import { z } from 'zod';
import { showLondonDate } from './london-dates.js';
import { roleNames } from './roles.js';

/**
 * Changes by non-clinicians made visible to clinicians (docs/decisions/0056-changes-by-clerical-staff-reviewed.md).
 * A clerical user may remodel a pathway (docs/requirements.md §6); a prediction made from details a
 * clerical user changed says so, on the risk summary, its PDF and the previous evaluations, until
 * a clinician marks the change reviewed.
 */

export const clericalChangeSchema = z.object({
  evaluationId: z.string().describe('The evaluation the change made (a remodel)'),
  changedBy: z.string().describe('The name of the clerical user who changed the details'),
  changedAt: z.string().describe('When they changed them: ISO 8601, UTC'),
  reviewedBy: z
    .string()
    .nullable()
    .describe('The name of the clinician who marked the change reviewed; null until one does'),
  reviewedAt: z
    .string()
    .nullable()
    .describe('When a clinician marked it reviewed: ISO 8601, UTC; null until one does'),
});
export type ClericalChange = z.infer<typeof clericalChangeSchema>;

export const clericalChangesDescription =
  'Changes a clerical user made to the details the model reads (a remodel by someone acting as Clerical User): on the risk summary, those no clinician has marked reviewed yet (empty when none); on a past evaluation, the change that made it, reviewed or not';

const day = (iso: string) => showLondonDate(new Date(iso));

/**
 * The note a prediction made from a clerical user's details carries, the same on the screens and
 * the PDF: "Details changed by Claire Evans (Clerical User) on 06-Dec-2026, not yet reviewed by a
 * clinician", or who reviewed it and when. `name` shapes each person's name, so that a screen can
 * isolate it as text from the data.
 */
export function clericalChangeWords<T>(change: ClericalChange, name: (text: string) => T): (string | T)[] {
  const changed = [
    'Details changed by ',
    name(change.changedBy),
    ` (${roleNames.cu}) on ${day(change.changedAt)}`,
  ];
  return change.reviewedBy && change.reviewedAt
    ? [
        ...changed,
        ', reviewed by ',
        name(change.reviewedBy),
        ` (${roleNames.cl}) on ${day(change.reviewedAt)}`,
      ]
    : [...changed, ', not yet reviewed by a clinician'];
}

/** The note as one line of text (the PDF, the change log). */
export const clericalChangeText = (change: ClericalChange): string =>
  clericalChangeWords(change, (text) => text).join('');

export const clericalChangeMessages = {
  heading: 'Details changed by clerical staff',
  /** What a clinician is asked to do before relying on the prediction. */
  checkBeforeUse:
    'Check the details the model read (Previous evaluations shows them) before relying on this prediction.',
  markReviewed: 'Mark as reviewed',
  reviewed: 'The changes by clerical staff have been marked as reviewed',
  nothingToReview: 'There are no changes by clerical staff waiting for a clinician’s review.',
  cliniciansOnly: 'Only a clinician, acting as Clinician, can mark changes as reviewed.',
} as const;
