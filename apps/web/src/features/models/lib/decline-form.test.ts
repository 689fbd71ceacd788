import { describe, expect, it } from 'vitest';
import { messages } from '@esr/contracts/messages';
import { modelMessages } from '@esr/contracts/models';
import { ApiError } from '../../../lib/api-client';
import { checkDeclineReason, reviewFailureOf } from './decline-form';

const required = 'Enter why you are not approving this version';

describe('declining a version (decision 0060)', () => {
  it('asks for a reason, in the contract’s words, when there is none or only spaces', () => {
    expect(checkDeclineReason('')).toEqual({ ok: false, errors: { reason: required } });
    expect(checkDeclineReason('  \n ')).toEqual({ ok: false, errors: { reason: required } });
  });

  it('refuses a reason over 2,000 characters', () => {
    expect(checkDeclineReason('x'.repeat(2001))).toEqual({
      ok: false,
      errors: { reason: 'The reason must be 2,000 characters or fewer' },
    });
    expect(checkDeclineReason('x'.repeat(2000)).ok).toBe(true);
  });

  it('sends the reason trimmed', () => {
    expect(checkDeclineReason('  Not validated for patients over 85. ')).toEqual({
      ok: true,
      reason: 'Not validated for patients over 85.',
    });
  });

  it('puts the API’s 409 at the top in its words, and a 400 about the reason under the field', () => {
    expect(reviewFailureOf(new ApiError(409, { detail: modelMessages.proposerCannotApprove }))).toEqual({
      form: modelMessages.proposerCannotApprove,
    });
    expect(reviewFailureOf(new ApiError(400, { detail: 'Invalid', errors: { reason: [required] } }))).toEqual(
      { reason: required },
    );
    expect(reviewFailureOf(new ApiError(500, null))).toEqual({ form: messages.internalServerError });
    expect(reviewFailureOf(new TypeError('offline'))).toEqual({ form: messages.someError });
  });
});
