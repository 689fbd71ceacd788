import { archiveCountMessages } from '@esr/contracts/archive-warning';
import { ApiError } from '../../../lib/api-client';

/**
 * The number of patients to be archived, typed to confirm an upload that would take a large share
 * of the list off it (docs/decisions/0053-archive-warning-on-confirm.md).
 */

/** The field's id: the error summary links to it. */
export const archiveCountFieldId = 'archive-count';

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const allDigits = (text: string) => text.length > 0 && [...text].every((c) => isDigit(c.charCodeAt(0)));

/**
 * A whole number as a person types the one the warning shows: digits, with or without its
 * thousands separators (`2394`, `2,394`), spaces around it ignored. Anything else is undefined:
 * commas out of place (`23,94`), decimals, signs, words. Read character by character.
 */
export function readArchiveCount(text: string): number | undefined {
  const typed = text.trim();
  if (typed.length === 0 || typed.length > 15) return undefined;
  const groups = typed.split(',');
  if (!groups.every(allDigits)) return undefined;
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((group) => group.length !== 3)))
    return undefined;
  return Number(groups.join(''));
}

/** What is wrong with the number typed, against the number the warning gives; undefined when it is that number. */
export function archiveCountProblem(typed: string, archived: number): string | undefined {
  if (typed.trim() === '') return archiveCountMessages.missing;
  return readArchiveCount(typed) === archived ? undefined : archiveCountMessages.wrong;
}

/** The server's refusal of the number (409 with `errors.archiveCount`), in its words; undefined for any other error. */
export function archiveCountRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 400)) return undefined;
  const messages = error.body?.errors?.archiveCount;
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
