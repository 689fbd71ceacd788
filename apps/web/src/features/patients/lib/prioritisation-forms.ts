import { z } from 'zod';
import { predictions, type Prediction } from '@esr/contracts/open-pathways';
import {
  harmActions,
  harmLevels,
  maxPrioritisationTextLength,
  prioritisationMessages,
  priorityCodes,
  priorityMovedUp,
  validationContacts,
  validationOutcomes,
  type HarmReviewRequest,
  type PriorityCode,
  type ValidationRequest,
} from '@esr/contracts/prioritisation';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';
import type { FormFailure } from '../../../lib/form-request';

/**
 * The forms of a pathway's prioritisation (decision 0044): change the priority, record a
 * validation, record a harm review and adjust the risk. Each checks what the API checks, in the
 * contract's words (prioritisationMessages), so that a user sees the same message before sending
 * as the server would give. Radios and checkboxes hold strings ('' when nothing is chosen); a
 * reason or note is counted, checked and sent without hidden text-direction characters (the API
 * refuses them and no one can see them to take them out: decision 0043) and trimmed.
 */

const m = prioritisationMessages;

/** One of `values`, or `message` (nothing chosen, or anything else). */
const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z.string().refine((value): value is T => (values as readonly string[]).includes(value), message);

/** A reason or note as it is checked and sent: no direction controls, trimmed. */
export const cleanText = (text: string) => withoutBidiControls(text).trim();

const text = () => z.string().overwrite(withoutBidiControls).trim();
const requiredText = (required: string, tooLong: string) =>
  text().min(1, required).max(maxPrioritisationTextLength, tooLong);
const optionalText = (tooLong: string) => text().max(maxPrioritisationTextLength, tooLong);

/** The NHS.UK character count's message under a reason or note, counted as the check counts it. */
export function textCharactersLeftText(value: string): string {
  const left = maxPrioritisationTextLength - cleanText(value).length;
  const count = (n: number) => `${n.toLocaleString('en-GB')} character${n === 1 ? '' : 's'}`;
  return left >= 0 ? `You have ${count(left)} remaining` : `You have ${count(-left)} too many`;
}

/** True when a reason or note is over the limit (the count shows as an error). */
export const isTextTooLong = (value: string) => cleanText(value).length > maxPrioritisationTextLength;

/**
 * Change priority: a new code, not the current one, and the reason. While a clinician's review of a
 * postponement is due, the current code keeps the postponement (decision 0056).
 */
export const changePriorityFormSchema = (current: PriorityCode | null, reviewDue = false) =>
  z.object({
    priorityCode: oneOf(priorityCodes, m.priorityRequired).refine(
      (code: string) => code === '' || code !== current || reviewDue,
      m.priorityUnchanged,
    ),
    reason: requiredText(m.reasonRequired, m.reasonTooLong),
  });
export type ChangePriorityValues = z.input<ReturnType<typeof changePriorityFormSchema>>;
export const changePriorityFields = ['priorityCode', 'reason'] as const;

/**
 * Record validation: the outcome and how the patient was contacted; postpone needs P5 or P6, and
 * remove needs the clinical decision as the note. The request leaves out what the outcome does not
 * use.
 */
export const validationFormSchema = z
  .object({
    outcome: oneOf(validationOutcomes, m.outcomeRequired),
    contact: oneOf(validationContacts, m.contactRequired),
    postponeTo: z.string(),
    note: optionalText(m.noteTooLong),
  })
  .superRefine((values, context) => {
    if (values.outcome === 'postpone' && values.postponeTo !== 'P5' && values.postponeTo !== 'P6')
      context.addIssue({ code: 'custom', path: ['postponeTo'], message: m.postponeToRequired });
    if (values.outcome === 'remove' && values.note === '')
      context.addIssue({ code: 'custom', path: ['note'], message: m.removeNoteRequired });
  })
  .transform((values): ValidationRequest => ({
    outcome: values.outcome,
    contact: values.contact,
    ...(values.outcome === 'postpone' && { postponeTo: values.postponeTo as 'P5' | 'P6' }),
    ...(values.note && { note: values.note }),
  }));
export type ValidationValues = z.input<typeof validationFormSchema>;
export const validationFields = ['outcome', 'contact', 'postponeTo', 'note'] as const;

/** Moderate and severe harm may move the pathway up one category; no and mild harm may not. */
export const harmMovesUp = (level: string) => level === 'moderate' || level === 'severe';

/**
 * Record harm review: the level, what was done and a note. Moving up a category needs moderate or
 * severe harm, and a priority that can move (P5, P6 and no priority cannot: the clinician changes
 * the priority instead).
 */
export const harmReviewFormSchema = (current: PriorityCode | null) =>
  z
    .object({
      level: oneOf(harmLevels, m.levelRequired),
      actions: z.array(z.enum(harmActions)),
      note: optionalText(m.noteTooLong),
    })
    .superRefine((values, context) => {
      if (!values.actions.includes('moved_up_category')) return;
      if (current === null || priorityMovedUp(current) === null)
        context.addIssue({ code: 'custom', path: ['actions'], message: m.moveUpPatientChoice });
      // A level not chosen yet is its own error.
      else if ((values.level as string) !== '' && !harmMovesUp(values.level))
        context.addIssue({ code: 'custom', path: ['actions'], message: m.moveUpNeedsHarm });
    })
    .transform((values): HarmReviewRequest => ({
      level: values.level,
      // In the order the form lists them, whatever order they were ticked in.
      actions: harmActions.filter((action) => values.actions.includes(action)),
      ...(values.note && { note: values.note }),
    }));
export type HarmReviewValues = z.input<ReturnType<typeof harmReviewFormSchema>>;
export const harmReviewFields = ['level', 'actions', 'note'] as const;

/** Adjust risk: the clinician's view of a scored pathway's risk, and the reason. */
export const riskAdjustmentFormSchema = (modelPrediction: Prediction | null) =>
  z.object({
    prediction: oneOf(predictions, m.adjustmentRequired).refine(() => modelPrediction !== null, m.notScored),
    reason: requiredText(m.reasonRequired, m.reasonTooLong),
  });
export type RiskAdjustmentValues = z.input<ReturnType<typeof riskAdjustmentFormSchema>>;
export const riskAdjustmentFields = ['prediction', 'reason'] as const;

/**
 * What a refused request comes to: a 400's errors under the form's fields (a field the form does
 * not have is said as a message); a 409 (the pathway has left the active list) or 404 in the
 * server's words; anything else the generic message.
 */
export function prioritisationFailureOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  someError: string,
): FormFailure<Field> {
  if (error instanceof ApiError) {
    const errors = error.body?.errors;
    if (error.status === 400 && errors) {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const field of fields) if (errors[field]?.[0]) fieldErrors[field] = errors[field][0];
      const others = Object.entries(errors)
        .filter(([field]) => !(fields as readonly string[]).includes(field))
        .flatMap(([, messages]) => messages.slice(0, 1));
      if (Object.keys(fieldErrors).length > 0 || others.length > 0)
        return { fieldErrors, ...(others.length > 0 && { message: others.join(' ') }) };
    }
    if (error.status === 409) return { fieldErrors: {}, message: error.body?.detail ?? m.notOnList };
    if (isDetailForPeople(error.status) && error.body?.detail)
      return { fieldErrors: {}, message: error.body.detail };
  }
  return { fieldErrors: {}, message: someError };
}
