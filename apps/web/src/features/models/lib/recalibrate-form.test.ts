import { describe, expect, it } from 'vitest';
import { messages } from '@esr/contracts/messages';
import { modelMessages } from '@esr/contracts/models';
import { ApiError } from '../../../lib/api-client';
import {
  recalibrateDateMessages,
  recalibrateDefaults,
  recalibrateFailureOf,
  recalibrateFormSchema,
} from './recalibrate-form';

const parse = (values: Partial<typeof recalibrateDefaults>) =>
  recalibrateFormSchema.safeParse({ ...recalibrateDefaults, ...values });

const messagesOf = (result: ReturnType<typeof parse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the recalibration form (decision 0046)', () => {
  it('sends the method alone when no date is given', () => {
    expect(parse({ method: 'auto' })).toMatchObject({ success: true, data: { method: 'auto' } });
    expect(parse({ method: 'auto' }).data).toEqual({ method: 'auto' });
  });

  it('sends the dates of operation as YYYY-MM-DD', () => {
    const result = parse({
      method: 'logistic',
      from: { day: '1', month: '6', year: '2025' },
      to: { day: ' 31 ', month: '05', year: '2026' },
    });
    expect(result.data).toEqual({ method: 'logistic', from: '2025-06-01', to: '2026-05-31' });
  });

  it('asks for a method in the contract’s words', () => {
    expect(messagesOf(parse({}))).toEqual({
      method: 'Select how to recalibrate: the intercept, the intercept and slope, or let the data choose',
    });
  });

  it('refuses dates that are not real, or in the wrong order', () => {
    expect(
      messagesOf(
        parse({
          method: 'intercept',
          from: { day: '31', month: '2', year: '2026' },
          to: { day: '1', month: '', year: '2026' },
        }),
      ),
    ).toEqual({ from: recalibrateDateMessages.from, to: recalibrateDateMessages.to });
    expect(
      messagesOf(
        parse({
          method: 'intercept',
          from: { day: '1', month: '6', year: '2026' },
          to: { day: '31', month: '5', year: '2026' },
        }),
      ),
    ).toEqual({ to: recalibrateDateMessages.order });
  });
});

describe('a refused recalibration', () => {
  it('shows too few complications in the server’s words', () => {
    const detail = modelMessages.tooFewEvents(31);
    expect(recalibrateFailureOf(new ApiError(422, { detail }))).toEqual({ fieldErrors: {}, message: detail });
  });

  it('puts a 400’s messages under their fields', () => {
    const error = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { from: ['Enter the start date as YYYY-MM-DD'], other: ['Unknown field'] },
    });
    expect(recalibrateFailureOf(error)).toEqual({
      fieldErrors: { from: 'Enter the start date as YYYY-MM-DD' },
      message: 'Unknown field',
    });
  });

  it('uses the generic messages otherwise', () => {
    expect(recalibrateFailureOf(new ApiError(500, null)).message).toBe(messages.internalServerError);
    expect(recalibrateFailureOf(new TypeError('network')).message).toBe(messages.someError);
  });
});
