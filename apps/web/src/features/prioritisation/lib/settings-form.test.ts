import { describe, expect, it } from 'vitest';
import { prioritisationMessages } from '@esr/contracts/prioritisation';
import { ApiError } from '../../../lib/api-client';
import { parseThresholds, saveFailureOf, thresholdsText } from './settings-form';

describe('the harm-review thresholds form (decision 0044)', () => {
  it('shows the thresholds separated by commas', () => {
    expect(thresholdsText([52, 78, 104])).toBe('52, 78, 104');
  });

  it('reads whole numbers of weeks separated by commas, whatever the spaces', () => {
    expect(parseThresholds('52, 78,104')).toEqual({ ok: true, weeks: [52, 78, 104] });
    expect(parseThresholds(' 40 ,52, ')).toEqual({ ok: true, weeks: [40, 52] });
  });

  it('refuses anything that is not whole numbers, with the contract’s message', () => {
    const refused = { ok: false, error: prioritisationMessages.thresholdsInvalid };
    expect(parseThresholds('')).toEqual(refused);
    expect(parseThresholds(' , ')).toEqual(refused);
    expect(parseThresholds('52; 78')).toEqual(refused);
    expect(parseThresholds('52.5')).toEqual(refused);
    expect(parseThresholds('-4')).toEqual(refused);
    expect(parseThresholds('fifty')).toEqual(refused);
  });

  it('shows the API’s message under the field on a 400, and any other failure at the top', () => {
    const invalid = prioritisationMessages.thresholdsInvalid;
    expect(
      saveFailureOf(
        new ApiError(400, { detail: 'Invalid', errors: { harmReviewThresholdWeeks: [invalid] } }),
      ),
    ).toEqual({ field: invalid });
    expect(saveFailureOf(new ApiError(400, { detail: invalid }))).toEqual({ field: invalid });
    expect(saveFailureOf(new ApiError(404, { detail: 'The trust does not exist' }))).toEqual({
      message: 'The trust does not exist',
    });
    expect(saveFailureOf(new ApiError(500, null))).toEqual({ message: 'Some error occurred' });
    expect(saveFailureOf(new TypeError('Failed to fetch'))).toEqual({ message: 'Some error occurred' });
  });
});
