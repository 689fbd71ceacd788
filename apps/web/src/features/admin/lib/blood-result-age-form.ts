import { messages } from '@esr/contracts/messages';
import { scoringSettingsRequestSchema } from '@esr/contracts/scoring-settings';
import { settingSaveFailure } from '../../../lib/setting-form';

/** The field the limit is typed in, as the error summary links to it and the API names it. */
export const bloodResultAgeField = 'bloodResultMaxAgeDays';

/**
 * The number of days typed, judged by the contract's own rule and in its words (whole days from 7
 * to 730, plain digits). A blank field is not a number, rather than 0.
 */
export function parseBloodResultAge(text: string): { ok: true; days: number } | { ok: false; error: string } {
  const typed = text.trim();
  const parsed = scoringSettingsRequestSchema.safeParse({
    bloodResultMaxAgeDays: typed === '' ? Number.NaN : typed,
  });
  if (parsed.success) return { ok: true, days: parsed.data.bloodResultMaxAgeDays };
  return { ok: false, error: parsed.error.issues[0]?.message ?? messages.someError };
}

/** A refused save: a 400's message under the field; any other failure at the top of the page. */
export const bloodResultAgeSaveFailure = settingSaveFailure(bloodResultAgeField);
