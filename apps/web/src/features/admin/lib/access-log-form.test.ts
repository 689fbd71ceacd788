import { describe, expect, it } from 'vitest';
import { accessLogMessages } from '@esr/contracts/access-log';
import { messages } from '@esr/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { accessLogFailure, checkNhsNumber } from './access-log-form';

describe('the NHS number of "who has seen a patient’s record" (decision 0042)', () => {
  it.each([
    ['999 084 5255', { digits: '9990845255' }],
    ['999-084-5255', { digits: '9990845255' }],
    [' 9990845255 ', { digits: '9990845255' }],
    ['', { error: accessLogMessages.nhsNumberRequired }],
    ['   ', { error: accessLogMessages.nhsNumberRequired }],
    ['999 084 525', { error: accessLogMessages.nhsNumberLength }],
    ['999 084 525A', { error: accessLogMessages.nhsNumberLength }],
    ['999 084 5256', { error: accessLogMessages.nhsNumberInvalid }],
  ])('%j', (typed, expected) => {
    expect(checkNhsNumber(typed)).toEqual(expected);
  });

  it('shows the API’s refusal under the field, and any other failure at the top', () => {
    const refused = new ApiError(400, {
      detail: accessLogMessages.nhsNumberInvalid,
      errors: { nhsNumber: [accessLogMessages.nhsNumberInvalid] },
    });
    expect(accessLogFailure(refused)).toEqual({
      fieldErrors: { nhsNumber: accessLogMessages.nhsNumberInvalid },
    });
    expect(accessLogFailure(new ApiError(500, null))).toEqual({
      fieldErrors: {},
      message: messages.internalServerError,
    });
    expect(accessLogFailure(new TypeError('Failed to fetch'))).toEqual({
      fieldErrors: {},
      message: messages.someError,
    });
  });
});
