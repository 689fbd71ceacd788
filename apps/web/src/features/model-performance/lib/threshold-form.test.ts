import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { parseThreshold, thresholdSaveFailure } from './threshold-form';

describe('the CUSUM threshold form (decision 0045)', () => {
  it('takes a number from 0.5 to 20, in the contract’s words otherwise', () => {
    expect(parseThreshold(' 4.5 ')).toEqual({ ok: true, threshold: 4.5 });
    expect(parseThreshold('20')).toEqual({ ok: true, threshold: 20 });
    expect(parseThreshold('0.4')).toEqual({ ok: false, error: 'The CUSUM threshold must be 0.5 or more' });
    expect(parseThreshold('21')).toEqual({ ok: false, error: 'The CUSUM threshold must be 20 or less' });
    expect(parseThreshold('')).toEqual({
      ok: false,
      error: 'Enter the CUSUM threshold as a number, like 4.5',
    });
    expect(parseThreshold('four')).toEqual({
      ok: false,
      error: 'Enter the CUSUM threshold as a number, like 4.5',
    });
  });

  it('shows a refused save under the field, and any other failure at the top', () => {
    expect(
      thresholdSaveFailure(
        new ApiError(400, {
          detail: 'Invalid',
          errors: { cusumThreshold: ['The CUSUM threshold must be 20 or less'] },
        }),
      ),
    ).toEqual({ field: 'The CUSUM threshold must be 20 or less' });
    expect(thresholdSaveFailure(new ApiError(403, { detail: 'Not allowed' }))).toEqual({
      message: 'Not allowed',
    });
    expect(thresholdSaveFailure(new Error('offline'))).toEqual({ message: 'Some error occurred' });
  });
});
