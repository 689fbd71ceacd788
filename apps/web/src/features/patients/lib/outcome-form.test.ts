import { describe, expect, it } from 'vitest';
import { bidiControlMessage } from '@esr/contracts/text-direction';
import { outcomeMessages, type PathwayOutcome } from '@esr/contracts/outcomes';
import { ApiError } from '../../../lib/api-client';
import {
  dateNotReal,
  outcomeFailureOf,
  outcomeFormSchema,
  outcomeValuesOf,
  type OutcomeFormValues,
} from './outcome-form';

const today = '2026-10-10';
const check = (values: Partial<OutcomeFormValues>) =>
  outcomeFormSchema(today).safeParse({ ...outcomeValuesOf(null), ...values });
/** Each field's first message, as the form shows them. */
const errorsOf = (values: Partial<OutcomeFormValues>) => {
  const result = check(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

const answered: Partial<OutcomeFormValues> = {
  dateOfOperation: { day: '3', month: '10', year: '2026' },
  complication90Days: 'yes',
  complicationType: '  Deep wound infection ',
  readmission30Days: 'yes',
  lengthOfStayDays: '6',
  death90Days: 'no',
};

describe('the outcome form, checked by the contract (decision 0045)', () => {
  it('makes the request the API takes from a full answer', () => {
    expect(check(answered)).toEqual({
      success: true,
      data: {
        dateOfOperation: '2026-10-03',
        complication90Days: 'yes',
        complicationType: '  Deep wound infection ',
        readmission30Days: 'yes',
        lengthOfStayDays: '6',
        death90Days: 'no',
      },
    });
  });

  it('sends Not known as no answer, and no complication type without a complication', () => {
    const result = check({
      ...answered,
      complication90Days: 'no',
      readmission30Days: 'notKnown',
      death90Days: '',
      lengthOfStayDays: '',
    });
    expect(result.data).toEqual({
      dateOfOperation: '2026-10-03',
      complication90Days: 'no',
      complicationType: '',
      readmission30Days: '',
      lengthOfStayDays: '',
      death90Days: '',
    });
  });

  it('asks for the date and whether there was a complication, in the contract’s words', () => {
    expect(errorsOf({})).toEqual({
      dateOfOperation: outcomeMessages.dateMissing,
      complication90Days: 'Select whether the patient had a complication within 90 days',
    });
  });

  it('refuses a date that is not real, or is after today, once', () => {
    expect(errorsOf({ ...answered, dateOfOperation: { day: '31', month: '2', year: '2026' } })).toEqual({
      dateOfOperation: dateNotReal,
    });
    expect(errorsOf({ ...answered, dateOfOperation: { day: '3', month: '', year: '2026' } })).toEqual({
      dateOfOperation: dateNotReal,
    });
    expect(errorsOf({ ...answered, dateOfOperation: { day: '11', month: '10', year: '2026' } })).toEqual({
      dateOfOperation: outcomeMessages.dateFuture,
    });
    expect(check({ ...answered, dateOfOperation: { day: '10', month: '10', year: '2026' } }).success).toBe(
      true,
    );
  });

  it('checks the length of stay and the complication type as the API does', () => {
    expect(errorsOf({ ...answered, lengthOfStayDays: 'three' })).toEqual({
      lengthOfStayDays: outcomeMessages.lengthOfStayNumber,
    });
    expect(errorsOf({ ...answered, lengthOfStayDays: '-1' })).toEqual({
      lengthOfStayDays: outcomeMessages.lengthOfStayNegative,
    });
    expect(errorsOf({ ...answered, lengthOfStayDays: '366' })).toEqual({
      lengthOfStayDays: outcomeMessages.lengthOfStayLong,
    });
    expect(errorsOf({ ...answered, complicationType: 'x'.repeat(201) })).toEqual({
      complicationType: outcomeMessages.complicationTypeLong,
    });
    expect(errorsOf({ ...answered, complicationType: 'Infection\u202e' })).toEqual({
      complicationType: bidiControlMessage,
    });
    // Written any other way than plain decimal, as the API refuses it (decision 0049).
    for (const days of ['0x10', '1e1', '+6', 'Infinity', '1_000'])
      expect(errorsOf({ ...answered, lengthOfStayDays: days }), days).toEqual({
        lengthOfStayDays: outcomeMessages.lengthOfStayNumber,
      });
    // Under No the type is not asked, so what was typed is not checked either.
    expect(check({ ...answered, complication90Days: 'no', complicationType: 'x'.repeat(201) }).success).toBe(
      true,
    );
  });
});

describe('a complication type kept from an outcomes file', () => {
  it('is sent without the characters the API refuses, which no one can see to take out (decision 0049)', () => {
    const result = check({ ...answered, complicationType: '\ufeffDeep wound\tinfection\u0085' });
    expect(result.success && result.data.complicationType).toBe('Deep wound infection');
  });
});

describe('correcting an outcome', () => {
  const current: PathwayOutcome = {
    id: 'o1',
    dateOfOperation: '2026-09-03',
    complication90Days: true,
    complicationType: 'Deep wound infection',
    readmission30Days: null,
    lengthOfStayDays: 0,
    death90Days: false,
    source: 'file',
    fileName: 'theatre-outcomes.csv',
    recordedAt: '2026-10-01T09:00:00Z',
    recordedBy: 'Sam Clerk',
  };

  it('starts from the current outcome’s answers', () => {
    expect(outcomeValuesOf(current)).toEqual({
      dateOfOperation: { day: '3', month: '9', year: '2026' },
      complication90Days: 'yes',
      complicationType: 'Deep wound infection',
      readmission30Days: 'notKnown',
      lengthOfStayDays: '0',
      death90Days: 'no',
    });
    expect(check(outcomeValuesOf(current)).success).toBe(true);
  });
});

describe('the server’s refusal under the form’s fields', () => {
  it('puts a 400’s or 422’s errors under their fields, and the others at the top', () => {
    const error = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { lengthOfStayDays: ['Too long', 'Second'], ward: ['Unknown ward'] },
    });
    expect(outcomeFailureOf(error, 'Some error occurred')).toEqual({
      fieldErrors: { lengthOfStayDays: 'Too long' },
      message: 'Unknown ward',
    });
    const unprocessable = new ApiError(422, {
      detail: 'x',
      errors: { dateOfOperation: [outcomeMessages.dateBeforeReferral] },
    });
    expect(outcomeFailureOf(unprocessable, 'Some error occurred')).toEqual({
      fieldErrors: { dateOfOperation: outcomeMessages.dateBeforeReferral },
    });
  });

  it('puts a 422 about the date under the date, even with its detail alone', () => {
    expect(
      outcomeFailureOf(
        new ApiError(422, { detail: outcomeMessages.dateBeforeReferral }),
        'Some error occurred',
      ),
    ).toEqual({ fieldErrors: { dateOfOperation: outcomeMessages.dateBeforeReferral } });
    expect(outcomeFailureOf(new ApiError(422, { detail: outcomeMessages.dateFuture }), 'x')).toEqual({
      fieldErrors: { dateOfOperation: outcomeMessages.dateFuture },
    });
  });

  it('says anything else in the server’s words, or the generic ones', () => {
    expect(
      outcomeFailureOf(new ApiError(404, { detail: 'Patient not found' }), 'Some error occurred'),
    ).toEqual({
      fieldErrors: {},
      message: 'Patient not found',
    });
    expect(outcomeFailureOf(new ApiError(500, { detail: 'boom' }), 'Some error occurred')).toEqual({
      fieldErrors: {},
      message: 'Some error occurred',
    });
    expect(outcomeFailureOf(new TypeError('offline'), 'Some error occurred')).toEqual({
      fieldErrors: {},
      message: 'Some error occurred',
    });
  });
});
