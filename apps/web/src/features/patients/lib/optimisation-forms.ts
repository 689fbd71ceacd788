import { z } from 'zod';
import {
  maxOptimisationTextLength,
  optimisationMessages,
  type OptimisationFactor,
  type OptimisationRequest,
} from '@esr/contracts/optimisation';
import { messages } from '@esr/contracts/messages';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { actionStatus, type OptimisationAction } from './optimisation-actions';
import { prioritisationFailureOf } from './prioritisation-forms';

/**
 * The forms that record a step for a risk factor to optimise (decision 0071), one for each action:
 * refer (one of the trust's services for the factor, and a note), progress (a note), and met,
 * declined or not possible (the reason). Each checks what the API checks, in the contract's words
 * (optimisationMessages), so that a user sees before sending the message the server would give. A
 * note or reason is counted, checked and sent without hidden text-direction characters (the API
 * refuses them and no one can see them to take them out: decision 0043) and trimmed.
 */

const m = optimisationMessages;

const text = () => z.string().overwrite(withoutBidiControls).trim();

/** The fields each action's page shows, in its order (the error summary's). */
export const optimisationFields = {
  refer: ['service', 'note'],
  progress: ['note'],
  met: ['reason'],
  declined: ['reason'],
  notPossible: ['reason'],
} as const satisfies Record<OptimisationAction, readonly OptimisationField[]>;
export type OptimisationField = 'service' | 'note' | 'reason';

/** What the form holds: every field, a page's unused ones left empty. */
export interface OptimisationValues {
  service: string;
  note: string;
  reason: string;
}
export const emptyOptimisationValues: OptimisationValues = { service: '', note: '', reason: '' };

const shows = (action: OptimisationAction, field: OptimisationField) =>
  (optimisationFields[action] as readonly OptimisationField[]).includes(field);

/**
 * The check of `action`'s form for the factor `code`, whose trust refers to `services`; what it
 * gives is the request, with only the fields the action sends.
 */
export function optimisationFormSchema(
  action: OptimisationAction,
  code: OptimisationFactor,
  services: readonly string[],
) {
  const service = z
    .string()
    .refine((value) => value !== '', m.serviceRequired)
    .refine((value) => value === '' || services.includes(value), m.serviceUnknown);
  const reason = text()
    .min(1, action === 'met' ? m.metReasonRequired : m.reasonRequired)
    .max(maxOptimisationTextLength, m.reasonTooLong);
  const status = actionStatus[action];
  return z
    .object({
      service: shows(action, 'service') ? service : z.string(),
      note: shows(action, 'note') ? text().max(maxOptimisationTextLength, m.noteTooLong) : z.string(),
      reason: shows(action, 'reason') ? reason : z.string(),
    })
    .transform((values): OptimisationRequest => ({
      factor: code,
      status,
      ...(shows(action, 'service') && { service: values.service }),
      ...(shows(action, 'note') && values.note && { note: values.note }),
      ...(shows(action, 'reason') && { reason: values.reason }),
    }));
}

/**
 * What the server's refusal of a step comes to: a 400's messages under the page's fields (any other
 * field's in the error summary), a 409 (the pathway left the list, the factor closed or was not
 * found) and a 403 (a step only a clinician records) in the server's words in the error summary.
 */
export const optimisationFailureOf = (error: unknown, fields: readonly OptimisationField[]) =>
  prioritisationFailureOf(error, fields, messages.someError);
