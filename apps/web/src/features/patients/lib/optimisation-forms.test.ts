import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import { optimisationMessages as m } from '@esr/contracts/optimisation';
import { ApiError } from '../../../lib/api-client';
import { emptyOptimisationValues, optimisationFailureOf, optimisationFormSchema } from './optimisation-forms';

/** Each field's message, by field; {} when the form is valid. */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

const services = ['Pre-operative anaemia clinic', 'GP practice'];
const form = (values: Partial<typeof emptyOptimisationValues>) => ({ ...emptyOptimisationValues, ...values });

describe('refer (decision 0071)', () => {
  const schema = optimisationFormSchema('refer', 'anaemia', services);

  it('needs one of the trust’s services for the factor, in the API’s words', () => {
    expect(messagesOf(schema, form({}))).toEqual({ service: m.serviceRequired });
    expect(messagesOf(schema, form({ service: 'Elsewhere' }))).toEqual({ service: m.serviceUnknown });
  });

  it('sends the factor, the status, the service and a note only when one is typed', () => {
    expect(schema.parse(form({ service: 'GP practice' }))).toEqual({
      factor: 'anaemia',
      status: 'referred',
      service: 'GP practice',
    });
    expect(schema.parse(form({ service: 'GP practice', note: '  Iron studies \u202Erequested ' }))).toEqual({
      factor: 'anaemia',
      status: 'referred',
      service: 'GP practice',
      note: 'Iron studies requested',
    });
  });

  it('keeps the note to 500 characters, counted without direction controls and trimmed', () => {
    expect(messagesOf(schema, form({ service: 'GP practice', note: 'x'.repeat(501) }))).toEqual({
      note: m.noteTooLong,
    });
    expect(messagesOf(schema, form({ service: 'GP practice', note: ` ${'x'.repeat(500)}\u2066 ` }))).toEqual(
      {},
    );
  });
});

describe('progress (decision 0071)', () => {
  const schema = optimisationFormSchema('progress', 'smoking', []);

  it('needs nothing, and sends the note when there is one', () => {
    expect(schema.parse(form({}))).toEqual({ factor: 'smoking', status: 'in_progress' });
    expect(schema.parse(form({ note: 'Quit date set' }))).toEqual({
      factor: 'smoking',
      status: 'in_progress',
      note: 'Quit date set',
    });
    expect(messagesOf(schema, form({ note: 'x'.repeat(501) }))).toEqual({ note: m.noteTooLong });
  });

  it('sends no service or reason, whatever the form held', () => {
    expect(schema.parse(form({ service: 'GP practice', reason: 'x' }))).toEqual({
      factor: 'smoking',
      status: 'in_progress',
    });
  });
});

describe('met, declined and not possible (decision 0071)', () => {
  it('needs how the target was met, with the value and its date', () => {
    const schema = optimisationFormSchema('met', 'anaemia', services);
    expect(messagesOf(schema, form({ reason: ' \u202E ' }))).toEqual({ reason: m.metReasonRequired });
    expect(schema.parse(form({ reason: 'Hb 134 g/L on 12-Jan-2027' }))).toEqual({
      factor: 'anaemia',
      status: 'met',
      reason: 'Hb 134 g/L on 12-Jan-2027',
    });
  });

  it('needs the reason for declined and not possible, up to 500 characters', () => {
    for (const [action, status] of [
      ['declined', 'declined'],
      ['notPossible', 'not_possible'],
    ] as const) {
      const schema = optimisationFormSchema(action, 'weight', []);
      expect(messagesOf(schema, form({})), action).toEqual({ reason: m.reasonRequired });
      expect(messagesOf(schema, form({ reason: 'x'.repeat(501) })), action).toEqual({
        reason: m.reasonTooLong,
      });
      expect(schema.parse(form({ reason: 'Does not want to', note: 'ignored' })), action).toEqual({
        factor: 'weight',
        status,
        reason: 'Does not want to',
      });
    }
  });
});

describe('the server’s refusal (decision 0071)', () => {
  it('puts a 400’s messages under the page’s fields, and another field’s in the summary', () => {
    const refused = new ApiError(400, {
      detail: m.serviceUnknown,
      errors: { service: [m.serviceUnknown], status: [m.statusRequired] },
    });
    expect(optimisationFailureOf(refused, ['service', 'note'])).toEqual({
      fieldErrors: { service: m.serviceUnknown },
      message: m.statusRequired,
    });
  });

  it('says a 409 and a 403 in the server’s words, and anything else in the product’s', () => {
    expect(optimisationFailureOf(new ApiError(409, { detail: m.closed }), ['reason'])).toEqual({
      fieldErrors: {},
      message: m.closed,
    });
    expect(optimisationFailureOf(new ApiError(403, { detail: m.clinicalOnly }), ['reason']).message).toBe(
      m.clinicalOnly,
    );
    expect(optimisationFailureOf(new ApiError(500, null), ['note']).message).toBe(messages.someError);
  });
});
