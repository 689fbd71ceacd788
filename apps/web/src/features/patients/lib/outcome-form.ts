import { z } from 'zod';
import { todayInLondon } from '@esr/contracts/london-dates';
import { withoutControlCharacters } from '@esr/contracts/text-rules';
import {
  outcomeMessages,
  outcomeRequestSchema,
  type OutcomeRequest,
  type PathwayOutcome,
} from '@esr/contracts/outcomes';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';
import { datePartsOf, emptyDateParts, readDateParts, type DateParts } from '../../../lib/calendar-date';

/**
 * The clinician's outcome form (decision 0045): the answers as typed (the date in Day, Month and
 * Year, the radios as strings, '' when none is chosen), checked by the contract's own schema
 * (outcomeRequestSchema), so that a clinician sees before sending what the API would say; the
 * date is read first, as the app's date inputs are, and may not be in the future.
 */
export interface OutcomeFormValues {
  dateOfOperation: DateParts;
  /** yes, no or not-known (not known yet: the follow-up is not done). */
  complication90Days: string;
  /** Sent only with a complication. */
  complicationType: string;
  /** yes, no or notKnown. */
  readmission30Days: string;
  lengthOfStayDays: string;
  /** yes, no or notKnown. */
  death90Days: string;
}

/** The form's fields in its order, the error summary's. */
export const outcomeFields = [
  'dateOfOperation',
  'complication90Days',
  'complicationType',
  'readmission30Days',
  'lengthOfStayDays',
  'death90Days',
] as const;
export type OutcomeField = (typeof outcomeFields)[number];

/** What the error summary links each field to: the day, the first radio, or the text box. */
export const outcomeFieldIds: Record<OutcomeField, string> = {
  dateOfOperation: 'dateOfOperation-day',
  complication90Days: 'complication90Days-1',
  complicationType: 'complicationType',
  readmission30Days: 'readmission30Days-1',
  lengthOfStayDays: 'lengthOfStayDays',
  death90Days: 'death90Days-1',
};

/** 'Not known', for readmission and death: sent as no answer. */
export const notKnown = 'notKnown';

/** 'Not known yet', for a complication: an answer of its own, sent as such (decision 0059). */
export const notKnownYet = 'not-known';

/** Our wording where the contract has none: Day, Month and Year that make no date. */
export const dateNotReal = 'The date of operation must be a real date, like 3 10 2026';

const answerOf = (value: boolean | null) => (value === null ? notKnown : value ? 'yes' : 'no');

/** The form's answers to start from: empty, or the current outcome's, to correct it. */
export function outcomeValuesOf(current: PathwayOutcome | null): OutcomeFormValues {
  if (!current)
    return {
      dateOfOperation: emptyDateParts,
      complication90Days: '',
      complicationType: '',
      readmission30Days: '',
      lengthOfStayDays: '',
      death90Days: '',
    };
  return {
    dateOfOperation: datePartsOf(current.dateOfOperation),
    complication90Days:
      current.complication90Days === null ? notKnownYet : current.complication90Days ? 'yes' : 'no',
    complicationType: current.complicationType ?? '',
    readmission30Days: answerOf(current.readmission30Days),
    lengthOfStayDays: current.lengthOfStayDays === null ? '' : String(current.lengthOfStayDays),
    death90Days: answerOf(current.death90Days),
  };
}

/** A yes, no or not known answer as the request takes it: 'Not known', like none, is ''. */
const optional = (answer: string) => (answer === notKnown ? '' : answer);

/** The request the answers make (the contract's input), the date already read as YYYY-MM-DD ('' if none). */
export function outcomeRequestOf(values: OutcomeFormValues, dateOfOperation: string) {
  return {
    dateOfOperation,
    complication90Days: values.complication90Days,
    // The type is asked only under Yes: what was typed before choosing No is not sent. A type
    // kept from an outcomes file may hold characters the API refuses and no one can see to take
    // out: they are removed, a tab or line break becoming a space (decision 0049).
    complicationType:
      values.complication90Days === 'yes'
        ? withoutControlCharacters(values.complicationType, { multiline: false })
        : '',
    readmission30Days: optional(values.readmission30Days),
    lengthOfStayDays: values.lengthOfStayDays,
    death90Days: optional(values.death90Days),
  };
}

const dateParts = z.object({ day: z.string(), month: z.string(), year: z.string() });

/**
 * The form's check: the date first (none, not a real date, after `today`), then the contract's
 * schema on the request the answers make, its messages under their fields. Its output is the
 * request to send.
 */
export const outcomeFormSchema = (today = todayInLondon()) =>
  z
    .object({
      dateOfOperation: dateParts,
      complication90Days: z.string(),
      complicationType: z.string(),
      readmission30Days: z.string(),
      lengthOfStayDays: z.string(),
      death90Days: z.string(),
    })
    .transform((values, context): OutcomeRequest => {
      const date = readDateParts(values.dateOfOperation);
      const dateProblem =
        date.kind === 'empty'
          ? outcomeMessages.dateMissing
          : date.kind === 'invalid'
            ? dateNotReal
            : date.iso > today
              ? outcomeMessages.dateFuture
              : null;
      if (dateProblem) context.addIssue({ code: 'custom', path: ['dateOfOperation'], message: dateProblem });
      const request = outcomeRequestOf(values, date.kind === 'date' ? date.iso : '');
      const checked = outcomeRequestSchema.safeParse(request);
      for (const issue of checked.error?.issues ?? []) {
        const field = issue.path[0];
        // One message a field: the date's own check has spoken for it.
        if (field === 'dateOfOperation' && dateProblem) continue;
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return dateProblem || !checked.success ? z.NEVER : (request as OutcomeRequest);
    });

/** What a refused outcome comes to: messages under the form's fields, or one for the whole form. */
export interface OutcomeFailure {
  fieldErrors: Partial<Record<OutcomeField, string>>;
  message?: string;
}

/** The contract's messages about the date of operation, which the API may give as its 422's detail. */
const dateDetails: readonly string[] = [
  outcomeMessages.dateMissing,
  outcomeMessages.dateFuture,
  outcomeMessages.dateBeforeReferral,
];

const isField = (key: string): key is OutcomeField => (outcomeFields as readonly string[]).includes(key);

/**
 * The server's refusal under the form's fields: a 400's or 422's errors by field (a field the form
 * does not have is said at the top), a 422 about the date of operation (in the future, before the
 * referral) under the date; any other refusal in the server's words at the top, or the generic
 * message.
 */
export function outcomeFailureOf(error: unknown, someError: string): OutcomeFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: someError };
  const { status, body } = error;
  if (status === 400 || status === 422) {
    const fieldErrors: OutcomeFailure['fieldErrors'] = {};
    const others: string[] = [];
    for (const [key, list] of Object.entries(body?.errors ?? {})) {
      if (!list[0]) continue;
      if (isField(key)) fieldErrors[key] ??= list[0];
      else others.push(list[0]);
    }
    if (body?.detail && dateDetails.includes(body.detail)) fieldErrors.dateOfOperation ??= body.detail;
    if (Object.keys(fieldErrors).length > 0 || others.length > 0)
      return { fieldErrors, ...(others.length > 0 && { message: others.join(' ') }) };
  }
  if (isDetailForPeople(status) && body?.detail) return { fieldErrors: {}, message: body.detail };
  return { fieldErrors: {}, message: someError };
}
