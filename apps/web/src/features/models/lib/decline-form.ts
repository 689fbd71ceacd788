import { messages } from '@esr/contracts/messages';
import { declineRequestSchema } from '@esr/contracts/models';
import { formFailureOf } from './failure-text';

/**
 * Declining a proposed version (decision 0060): the reason is required, checked by the contract's
 * own schema so that the safety officer sees before sending what the API would say; what the API
 * still refuses goes under the field (a 400 about the reason) or at the top (a 409, in its words).
 */
export interface DeclineErrors {
  reason?: string;
  form?: string;
}

/** The reason to send, trimmed, or what is wrong with it. */
export function checkDeclineReason(
  reason: string,
): { ok: true; reason: string } | { ok: false; errors: DeclineErrors } {
  const checked = declineRequestSchema.safeParse({ reason });
  if (checked.success) return { ok: true, reason: checked.data.reason };
  return { ok: false, errors: { reason: checked.error.issues[0]?.message ?? messages.someError } };
}

/** The API's refusal of a decline (or of an approval, which has no field). */
export function reviewFailureOf(error: unknown): DeclineErrors {
  const failure = formFailureOf(error, ['reason'] as const);
  return {
    ...(failure.fieldErrors.reason && { reason: failure.fieldErrors.reason }),
    ...(failure.message && { form: failure.message }),
  };
}
