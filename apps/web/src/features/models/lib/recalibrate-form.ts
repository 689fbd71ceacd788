import { z } from 'zod';
import { recalibrationRequestSchema, type RecalibrationRequest } from '@esr/contracts/models';
import { emptyDateParts, readDateParts, type DateParts } from '../../../lib/calendar-date';
import type { FormFailure } from '../../../lib/form-request';
import { formFailureOf } from './failure-text';

/**
 * The recalibration form (decision 0046): the method as a radio ('' until one is chosen) and the
 * optional start and end dates of operation in Day, Month and Year. The dates are read as the
 * app's date inputs are, then the contract's own schema checks the request they make, so that the
 * admin sees before sending what the API would say.
 */
export interface RecalibrateFormValues {
  method: string;
  from: DateParts;
  to: DateParts;
}

export const recalibrateFields = ['method', 'from', 'to'] as const;
export type RecalibrateField = (typeof recalibrateFields)[number];

/** What the error summary links each field to: the first radio, or the date's Day. */
export const recalibrateFieldIds: Record<RecalibrateField, string> = {
  method: 'method-1',
  from: 'from-day',
  to: 'to-day',
};

/** The form before anything is chosen: no method (NHS.UK radios are not chosen for the user), no dates. */
export const recalibrateDefaults: RecalibrateFormValues = {
  method: '',
  from: emptyDateParts,
  to: emptyDateParts,
};

/** Our wording where the contract has none: dates that are not real, or in the wrong order. */
export const recalibrateDateMessages = {
  from: 'The start date must be a real date, like 1 6 2025',
  to: 'The end date must be a real date, like 31 5 2026',
  order: 'The end date must be the same as or after the start date',
} as const;

const dateParts = z.object({ day: z.string(), month: z.string(), year: z.string() });

/** The form's check; its output is the request to send, with only the dates given. */
export const recalibrateFormSchema = z
  .object({ method: z.string(), from: dateParts, to: dateParts })
  .transform((values, context): RecalibrationRequest => {
    const from = readDateParts(values.from);
    const to = readDateParts(values.to);
    if (from.kind === 'invalid')
      context.addIssue({ code: 'custom', path: ['from'], message: recalibrateDateMessages.from });
    if (to.kind === 'invalid')
      context.addIssue({ code: 'custom', path: ['to'], message: recalibrateDateMessages.to });
    else if (from.kind === 'date' && to.kind === 'date' && to.iso < from.iso)
      context.addIssue({ code: 'custom', path: ['to'], message: recalibrateDateMessages.order });
    const request = {
      method: values.method,
      ...(from.kind === 'date' && { from: from.iso }),
      ...(to.kind === 'date' && { to: to.iso }),
    };
    const checked = recalibrationRequestSchema.safeParse(request);
    for (const issue of checked.error?.issues ?? [])
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return checked.success ? checked.data : z.NEVER;
  });

/** A refused recalibration: messages under the form's fields, or one for the whole form. */
export type RecalibrateFailure = FormFailure<RecalibrateField>;

/**
 * The server's refusal: a 400's messages under the fields they name (any other at the top); too
 * few complications (422) and every other refusal in the server's words at the top.
 */
export const recalibrateFailureOf = (error: unknown): RecalibrateFailure =>
  formFailureOf(error, recalibrateFields);
