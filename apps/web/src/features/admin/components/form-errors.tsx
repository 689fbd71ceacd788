import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { summaryText, type SaveFailure } from '../lib/error-mapping';

/** The first message of each field, from the form's own checks or the server's answer. */
export function fieldMessages<T extends FieldValues>(
  errors: FieldErrors<T>,
  failure: SaveFailure | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    const message =
      (error as { message?: unknown; root?: { message?: unknown } } | undefined)?.message ??
      (error as { root?: { message?: unknown } } | undefined)?.root?.message;
    if (typeof message === 'string' && message) out[field] = message;
  }
  return { ...(failure?.fieldErrors ?? {}), ...out };
}

/**
 * NHS.UK error pattern: a summary at the top linking to each field (messages shown once), the
 * message under the field, and the server's message when it is not about a field (docs/requirements.md §8).
 */
export function FormErrorSummary({
  fields,
  order,
  failure,
  attempt,
}: {
  fields: Record<string, string>;
  order: readonly string[];
  failure: SaveFailure | null;
  /** The form's submission count (react-hook-form's submitCount). */
  attempt: number;
}) {
  const items: ErrorSummaryItem[] = [];
  const seen = new Set<string>();
  if (failure?.message) items.push({ text: failure.message });
  for (const field of [...order, ...Object.keys(fields).filter((f) => !order.includes(f))]) {
    const text = fields[field];
    if (!text) continue;
    const short = summaryText(text);
    if (seen.has(short)) continue;
    seen.add(short);
    items.push({ text: short, fieldId: field });
  }
  return <ErrorSummary errors={items} attempt={attempt} scrollTo={failure?.focusField} />;
}
