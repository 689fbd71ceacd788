import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { parseRunLength, runLengthSaveFailure } from './run-length-form';

describe('the CUSUMs’ operations between false alarms (decision 0061)', () => {
  it('takes a whole number from 500 to 100,000, commas allowed, in the contract’s words otherwise', () => {
    expect(parseRunLength(' 5000 ')).toEqual({ ok: true, runLength: 5000 });
    expect(parseRunLength('10,000')).toEqual({ ok: true, runLength: 10_000 });
    expect(parseRunLength('499')).toEqual({
      ok: false,
      error: 'The number of operations must be 500 or more',
    });
    expect(parseRunLength('100001')).toEqual({
      ok: false,
      error: 'The number of operations must be 100,000 or fewer',
    });
    for (const typed of ['', 'lots', '5000.5', '1e4'])
      expect(parseRunLength(typed)).toEqual({
        ok: false,
        error: 'Enter the number of operations as a whole number, like 5000',
      });
  });

  it('shows a refused save under the field, and any other failure at the top', () => {
    expect(
      runLengthSaveFailure(
        new ApiError(400, {
          detail: 'Invalid',
          errors: { cusumTargetRunLength: ['The number of operations must be 500 or more'] },
        }),
      ),
    ).toEqual({ field: 'The number of operations must be 500 or more' });
    expect(runLengthSaveFailure(new ApiError(403, { detail: 'Not allowed' }))).toEqual({
      message: 'Not allowed',
    });
    expect(runLengthSaveFailure(new Error('offline'))).toEqual({ message: 'Some error occurred' });
  });
});
