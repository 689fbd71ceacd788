import { messages as appMessages } from '@esr/contracts/messages';
import { prioritisationMessages } from '@esr/contracts/prioritisation';
import { ApiError } from '../../../lib/api-client';

/** The field the thresholds are typed in, as the error summary links to it and the API names it. */
export const thresholdsField = 'harmReviewThresholdWeeks';

/** The thresholds as the form shows them: '52, 78, 104'. */
export const thresholdsText = (weeks: readonly number[]): string => weeks.join(', ');

/**
 * The weeks typed, separated by commas (spaces and a trailing comma do not matter), or the
 * contract's message when any of them is not a whole number. How many there may be, their range
 * and that each is given once are the API's to judge: its message is shown as it gives it.
 */
export function parseThresholds(text: string): { ok: true; weeks: number[] } | { ok: false; error: string } {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d{1,4}$/.test(part)))
    return { ok: false, error: prioritisationMessages.thresholdsInvalid };
  return { ok: true, weeks: parts.map(Number) };
}

/**
 * What a refused save says: a 400's message about the thresholds (or its detail) under the field;
 * any other failure at the top of the page, in the API's words when it gives them.
 */
export function saveFailureOf(error: unknown): { field?: string; message?: string } {
  if (error instanceof ApiError && error.status === 400 && error.body) {
    const messages = error.body.errors ?? {};
    const field = messages[thresholdsField]?.[0] ?? Object.values(messages).flat()[0] ?? error.body.detail;
    return { field };
  }
  if (error instanceof ApiError && error.body?.detail) return { message: error.body.detail };
  return { message: appMessages.someError };
}
