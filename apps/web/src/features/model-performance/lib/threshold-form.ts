import { messages } from '@esr/contracts/messages';
import { monitoringSettingsRequestSchema } from '@esr/contracts/model-performance';
import { ApiError } from '../../../lib/api-client';

/** The field the threshold is typed in, as the error summary links to it and the API names it. */
export const thresholdField = 'cusumThreshold';

/**
 * The threshold typed, judged by the contract's own rule and in its words (a number from 0.5 to
 * 20). A blank field is not a number, rather than 0.
 */
export function parseThreshold(text: string): { ok: true; threshold: number } | { ok: false; error: string } {
  const typed = text.trim();
  const parsed = monitoringSettingsRequestSchema.safeParse({
    cusumThreshold: typed === '' ? Number.NaN : typed,
  });
  if (parsed.success) return { ok: true, threshold: parsed.data.cusumThreshold };
  return { ok: false, error: parsed.error.issues[0]?.message ?? messages.someError };
}

/** A refused save: a 400's message under the field; any other failure at the top of the page. */
export function thresholdSaveFailure(error: unknown): { field?: string; message?: string } {
  if (error instanceof ApiError && error.status === 400)
    return { field: error.body?.errors?.[thresholdField]?.[0] ?? error.body?.detail ?? messages.someError };
  return { message: (error instanceof ApiError && error.body?.detail) || messages.someError };
}
