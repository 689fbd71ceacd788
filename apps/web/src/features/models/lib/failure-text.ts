import { messages } from '@esr/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import type { FormFailure } from '../../../lib/form-request';

/**
 * What a refused model call says (docs/requirements.md §8): a refusal (4xx) in the server's words
 * when it gives them, a server failure as the generic 'Internal server error occurred', anything
 * else (the network) as 'Some error occurred'.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.someError;
  if (error.status >= 500) return messages.internalServerError;
  return error.body?.detail ?? messages.someError;
}

/**
 * The server's refusal of a form: its messages by field under the form's `fields` (a field's
 * messages joined), those about anything else for the whole form; with none by field, the
 * refusal's own words (failureText).
 */
export function formFailureOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FormFailure<Field> {
  const byField = error instanceof ApiError ? Object.entries(error.body?.errors ?? {}) : [];
  const fieldErrors: Partial<Record<Field, string>> = {};
  const others: string[] = [];
  for (const [key, list] of byField) {
    if (list.length === 0) continue;
    if ((fields as readonly string[]).includes(key)) fieldErrors[key as Field] = list.join(' ');
    else others.push(...list);
  }
  if (Object.keys(fieldErrors).length === 0 && others.length === 0)
    return { fieldErrors, message: failureText(error) };
  return { fieldErrors, ...(others.length > 0 && { message: others.join(' ') }) };
}
