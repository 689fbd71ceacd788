import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { prioritisationMessages as m } from '@esr/contracts/prioritisation';
import { ApiError } from '../../../lib/api-client';
import {
  changePriorityFields,
  changePriorityFormSchema,
  harmReviewFormSchema,
  prioritisationFailureOf,
  riskAdjustmentFormSchema,
  textCharactersLeftText,
  validationFormSchema,
} from './prioritisation-forms';

/** Each field's message, by field; {} when the form is valid. */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

const long = 'x'.repeat(501);

describe('change priority (decision 0044)', () => {
  const schema = changePriorityFormSchema('P4');

  it('needs a new priority and the reason', () => {
    expect(messagesOf(schema, { priorityCode: '', reason: '  ' })).toEqual({
      priorityCode: m.priorityRequired,
      reason: m.reasonRequired,
    });
  });

  it('refuses the current priority', () => {
    expect(messagesOf(schema, { priorityCode: 'P4', reason: 'Pain worse' })).toEqual({
      priorityCode: m.priorityUnchanged,
    });
    // Without a priority, any code is a change.
    expect(messagesOf(changePriorityFormSchema(null), { priorityCode: 'P4', reason: 'x' })).toEqual({});
  });

  it('takes the current priority as a decision while a postponement waits for a clinician (decision 0056)', () => {
    const reviewDue = changePriorityFormSchema('P6', true);
    expect(messagesOf(reviewDue, { priorityCode: 'P6', reason: 'Happy to wait until January' })).toEqual({});
    expect(messagesOf(changePriorityFormSchema('P6'), { priorityCode: 'P6', reason: 'x' })).toEqual({
      priorityCode: m.priorityUnchanged,
    });
  });

  it('keeps the reason to 500 characters, counted without direction controls and trimmed', () => {
    expect(messagesOf(schema, { priorityCode: 'P3', reason: long })).toEqual({ reason: m.reasonTooLong });
    expect(messagesOf(schema, { priorityCode: 'P3', reason: ` ${'x'.repeat(500)}\u202E ` })).toEqual({});
    expect(schema.parse({ priorityCode: 'P3', reason: ' Pain \u202Eworse ' })).toEqual({
      priorityCode: 'P3',
      reason: 'Pain worse',
    });
  });

  it('counts the characters left as the check counts them', () => {
    expect(textCharactersLeftText('')).toBe('You have 500 characters remaining');
    expect(textCharactersLeftText(` ${'x'.repeat(499)}\u2066 `)).toBe('You have 1 character remaining');
    expect(textCharactersLeftText(long)).toBe('You have 1 character too many');
  });
});

describe('record validation (decision 0044)', () => {
  const empty = { outcome: '', contact: '', postponeTo: '', note: '' };

  it('needs the outcome and how the patient was contacted', () => {
    expect(messagesOf(validationFormSchema, empty)).toEqual({
      outcome: m.outcomeRequired,
      contact: m.contactRequired,
    });
  });

  it('needs P5 or P6 to postpone, and sends it only then', () => {
    expect(messagesOf(validationFormSchema, { ...empty, outcome: 'postpone', contact: 'phone' })).toEqual({
      postponeTo: m.postponeToRequired,
    });
    expect(
      validationFormSchema.parse({ ...empty, outcome: 'postpone', contact: 'letter', postponeTo: 'P6' }),
    ).toEqual({ outcome: 'postpone', contact: 'letter', postponeTo: 'P6' });
    expect(
      validationFormSchema.parse({ ...empty, outcome: 'remain', contact: 'phone', postponeTo: 'P5' }),
    ).toEqual({ outcome: 'remain', contact: 'phone' });
  });

  it('needs the clinical decision as the note to remove', () => {
    expect(
      messagesOf(validationFormSchema, { ...empty, outcome: 'remove', contact: 'in_person', note: ' ' }),
    ).toEqual({ note: m.removeNoteRequired });
    expect(
      validationFormSchema.parse({
        ...empty,
        outcome: 'remove',
        contact: 'digital',
        note: ' No longer needed ',
      }),
    ).toEqual({ outcome: 'remove', contact: 'digital', note: 'No longer needed' });
  });

  it('keeps the note to 500 characters', () => {
    expect(
      messagesOf(validationFormSchema, { ...empty, outcome: 'remain', contact: 'phone', note: long }),
    ).toEqual({ note: m.noteTooLong });
    expect(
      messagesOf(validationFormSchema, { ...empty, outcome: 'remove', contact: 'phone', note: long }),
    ).toEqual({ note: m.noteTooLong });
  });
});

describe('record harm review (decision 0044)', () => {
  it('needs the level of harm', () => {
    expect(messagesOf(harmReviewFormSchema('P4'), { level: '', actions: [], note: '' })).toEqual({
      level: m.levelRequired,
    });
  });

  it('moves up a category only after moderate or severe harm', () => {
    const schema = harmReviewFormSchema('P4');
    for (const level of ['none', 'mild'])
      expect(messagesOf(schema, { level, actions: ['moved_up_category'], note: '' })).toEqual({
        actions: m.moveUpNeedsHarm,
      });
    for (const level of ['moderate', 'severe'])
      expect(messagesOf(schema, { level, actions: ['moved_up_category'], note: '' })).toEqual({});
  });

  it('does not move a pathway postponed at the patient’s choice, or one without a priority', () => {
    for (const current of ['P5', 'P6', null] as const)
      expect(
        messagesOf(harmReviewFormSchema(current), {
          level: 'severe',
          actions: ['moved_up_category'],
          note: '',
        }),
      ).toEqual({ actions: m.moveUpPatientChoice });
    expect(
      messagesOf(harmReviewFormSchema('P5'), { level: 'severe', actions: ['gp_told'], note: '' }),
    ).toEqual({});
  });

  it('keeps the note to 500 characters, and sends the actions in the form’s order', () => {
    expect(messagesOf(harmReviewFormSchema('P3'), { level: 'mild', actions: [], note: long })).toEqual({
      note: m.noteTooLong,
    });
    expect(
      harmReviewFormSchema('P3').parse({
        level: 'moderate',
        actions: ['gp_told', 'moved_up_category', 'patient_told'],
        note: '',
      }),
    ).toEqual({ level: 'moderate', actions: ['moved_up_category', 'patient_told', 'gp_told'] });
  });
});

describe('adjust risk (decision 0044)', () => {
  it('needs the clinician’s view and the reason', () => {
    expect(messagesOf(riskAdjustmentFormSchema('medium'), { prediction: '', reason: '' })).toEqual({
      prediction: m.adjustmentRequired,
      reason: m.reasonRequired,
    });
    expect(messagesOf(riskAdjustmentFormSchema('medium'), { prediction: 'high', reason: long })).toEqual({
      reason: m.reasonTooLong,
    });
    expect(riskAdjustmentFormSchema('medium').parse({ prediction: 'high', reason: ' Recent fall ' })).toEqual(
      {
        prediction: 'high',
        reason: 'Recent fall',
      },
    );
  });

  it('refuses a pathway the model has not scored', () => {
    expect(messagesOf(riskAdjustmentFormSchema(null), { prediction: 'high', reason: 'Recent fall' })).toEqual(
      {
        prediction: m.notScored,
      },
    );
  });
});

describe('what the server refused', () => {
  it('puts a 400’s errors under the form’s fields, and says any other field’s', () => {
    const bad = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { reason: ['Enter the reason'], trust: ['Unknown trust'] },
    });
    expect(prioritisationFailureOf(bad, changePriorityFields, 'Some error occurred')).toEqual({
      fieldErrors: { reason: 'Enter the reason' },
      message: 'Unknown trust',
    });
  });

  it('says a 409 (no longer on the active list) and a 404 in the server’s words', () => {
    expect(
      prioritisationFailureOf(new ApiError(409, { detail: m.notOnList }), changePriorityFields, 'x'),
    ).toEqual({ fieldErrors: {}, message: m.notOnList });
    expect(prioritisationFailureOf(new ApiError(409, null), changePriorityFields, 'x').message).toBe(
      m.notOnList,
    );
    expect(
      prioritisationFailureOf(new ApiError(404, { detail: 'Patient not found' }), changePriorityFields, 'x'),
    ).toEqual({ fieldErrors: {}, message: 'Patient not found' });
  });

  it('says anything else generically', () => {
    expect(
      prioritisationFailureOf(new Error('offline'), changePriorityFields, 'Some error occurred'),
    ).toEqual({
      fieldErrors: {},
      message: 'Some error occurred',
    });
    expect(
      prioritisationFailureOf(new ApiError(500, null), changePriorityFields, 'Some error occurred').message,
    ).toBe('Some error occurred');
  });
});
