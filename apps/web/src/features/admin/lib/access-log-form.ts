import { accessLogMessages } from '@esr/contracts/access-log';
import { messages } from '@esr/contracts/messages';
import { hasValidCheckDigit, nhsNumberDigits } from '@esr/contracts/nhs-number';
import { ApiError } from '../../../lib/api-client';

/** The form's errors by field: the trust (super admins choose one) and the NHS number. */
export interface AccessLogErrors {
  trust?: string;
  nhsNumber?: string;
}

/** The NHS number as 10 digits, or what is wrong with it (the API checks it again). */
export function checkNhsNumber(text: string): { digits: string } | { error: string } {
  const digits = nhsNumberDigits(text.trim());
  if (digits === '') return { error: accessLogMessages.nhsNumberRequired };
  if (!/^\d{10}$/.test(digits)) return { error: accessLogMessages.nhsNumberLength };
  if (!hasValidCheckDigit(digits)) return { error: accessLogMessages.nhsNumberInvalid };
  return { digits };
}

/** A refused search: the API's message under the NHS number, or a message at the top. */
export function accessLogFailure(error: unknown): { fieldErrors: AccessLogErrors; message?: string } {
  const nhsNumber = error instanceof ApiError ? error.body?.errors?.nhsNumber?.[0] : undefined;
  if (nhsNumber) return { fieldErrors: { nhsNumber } };
  if (error instanceof ApiError && error.status === 500)
    return { fieldErrors: {}, message: messages.internalServerError };
  return { fieldErrors: {}, message: messages.someError };
}
