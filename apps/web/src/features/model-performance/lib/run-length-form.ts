import { messages } from '@esr/contracts/messages';
import { monitoringSettingsRequestSchema } from '@esr/contracts/model-performance';
import { settingSaveFailure } from '../../../lib/setting-form';

/** The field the run length is typed in, as the error summary links to it and the API names it. */
export const runLengthField = 'cusumTargetRunLength';

/**
 * The operations between false alarms typed, judged by the contract's own rule and in its words (a
 * whole number from 500 to 100,000; thousands may be written with commas). A blank field is not a
 * number, rather than 0.
 */
export function parseRunLength(text: string): { ok: true; runLength: number } | { ok: false; error: string } {
  const typed = text.trim();
  const parsed = monitoringSettingsRequestSchema.safeParse({
    cusumTargetRunLength: typed === '' ? Number.NaN : typed,
  });
  if (parsed.success) return { ok: true, runLength: parsed.data.cusumTargetRunLength };
  return { ok: false, error: parsed.error.issues[0]?.message ?? messages.someError };
}

/** A refused save: a 400's message under the field; any other failure at the top of the page. */
export const runLengthSaveFailure = settingSaveFailure(runLengthField);
