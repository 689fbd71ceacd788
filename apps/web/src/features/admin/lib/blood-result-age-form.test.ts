import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { bloodResultAgeSaveFailure, parseBloodResultAge } from './blood-result-age-form';

describe('the oldest blood result form (decision 0057)', () => {
  it('takes whole days from 7 to 730, in the contract’s words otherwise', () => {
    expect(parseBloodResultAge(' 90 ')).toEqual({ ok: true, days: 90 });
    expect(parseBloodResultAge('7')).toEqual({ ok: true, days: 7 });
    expect(parseBloodResultAge('730')).toEqual({ ok: true, days: 730 });
    expect(parseBloodResultAge('6')).toEqual({
      ok: false,
      error: 'The oldest blood result must be 7 days or more',
    });
    expect(parseBloodResultAge('731')).toEqual({
      ok: false,
      error: 'The oldest blood result must be 730 days or fewer',
    });
    for (const typed of ['', 'ninety', '90.5', '1e2', '0x5a', '90 days', '٩٠'])
      expect(parseBloodResultAge(typed), typed).toEqual({
        ok: false,
        error: 'Enter the number of days as a whole number, like 90',
      });
  });

  it('shows a refused save under the field, and any other failure at the top', () => {
    expect(
      bloodResultAgeSaveFailure(
        new ApiError(400, {
          detail: 'Invalid',
          errors: { bloodResultMaxAgeDays: ['The oldest blood result must be 730 days or fewer'] },
        }),
      ),
    ).toEqual({ field: 'The oldest blood result must be 730 days or fewer' });
    expect(bloodResultAgeSaveFailure(new ApiError(403, { detail: 'Not allowed' }))).toEqual({
      message: 'Not allowed',
    });
    expect(bloodResultAgeSaveFailure(new Error('offline'))).toEqual({ message: 'Some error occurred' });
  });
});
