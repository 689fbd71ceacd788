import { freshnessSettingsRequestSchema, type FreshnessSettings } from '@esr/contracts/data-freshness';
import { messages } from '@esr/contracts/messages';
import type { ParsedSetting } from '../../../lib/setting-form';

/** One of the two settings: its field, as the error summary links to it and the API names it. */
export type FreshnessField = keyof FreshnessSettings;

/**
 * The number typed, judged by the contract's own rule and in its words (whole days 1 to 35, whole
 * hours 1 to 168, plain digits). A blank field is not a number, rather than "nothing to change".
 */
export function parseFreshnessSetting(field: FreshnessField, text: string): ParsedSetting<number> {
  const typed = text.trim();
  const parsed = freshnessSettingsRequestSchema.safeParse({ [field]: typed === '' ? Number.NaN : typed });
  const value = parsed.success ? parsed.data[field] : undefined;
  if (value !== undefined) return { ok: true, value };
  return { ok: false, error: parsed.error?.issues[0]?.message ?? messages.someError };
}
