import { z } from 'zod';
import { editDetailsMessages, maxSurgeonNameLength } from '@esr/contracts/patients';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { withoutControlCharacters } from '@esr/contracts/text-rules';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';

/**
 * docs/requirements.md §5 edit details: the surgeon (at most 30 characters, the import's limit too:
 * field-limits.ts), readiness and social aspects, all required. Hidden text-direction characters,
 * pasted in or kept from a record stored before the import removed them, are removed before the
 * surgeon is checked and sent: the API refuses them, and no one can see them to take them out
 * (docs/decisions/0043-names-that-cannot-disguise-themselves.md). So are control characters, a
 * tab or a line break becoming a space, for the same reasons (docs/decisions/0049-json-api-text-rules.md).
 */
export const editDetailsFormSchema = z.object({
  surgeonName: z
    .string()
    .overwrite(withoutBidiControls)
    .overwrite((text) => withoutControlCharacters(text, { multiline: false }))
    .trim()
    .min(1, editDetailsMessages.surgeonRequired)
    .max(maxSurgeonNameLength, editDetailsMessages.surgeonTooLong),
  surgery: z.string().min(1, editDetailsMessages.surgeryRequired),
  social: z.string().min(1, editDetailsMessages.socialRequired),
});
export type EditDetailsForm = z.infer<typeof editDetailsFormSchema>;
export type EditDetailsField = keyof EditDetailsForm;

/** The NHS.UK character count's message under the surgeon, counted as the check counts it. */
export function surgeonCharactersLeftText(surgeonName: string): string {
  const left = maxSurgeonNameLength - withoutBidiControls(surgeonName).trim().length;
  const count = (n: number) => `${n.toLocaleString('en-GB')} character${n === 1 ? '' : 's'}`;
  return left >= 0 ? `You have ${count(left)} remaining` : `You have ${count(-left)} too many`;
}

export const editDetailsFieldOrder: readonly EditDetailsField[] = ['surgeonName', 'surgery', 'social'];

export interface EditDetailsFailure {
  fieldErrors: Partial<Record<EditDetailsField, string>>;
  message?: string;
}

/** A 400's errors under their fields; a 409 (archived), a 404 or a 503 (read-only, decision 0067) in the server's words; else the generic message. */
export function editDetailsFailureOf(error: unknown, someError: string): EditDetailsFailure {
  if (error instanceof ApiError) {
    const errors = error.body?.errors;
    if (error.status === 400 && errors) {
      const fieldErrors: EditDetailsFailure['fieldErrors'] = {};
      for (const field of editDetailsFieldOrder)
        if (errors[field]?.[0]) fieldErrors[field] = errors[field][0];
      if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
    }
    if (isDetailForPeople(error.status) && error.body?.detail)
      return { fieldErrors: {}, message: error.body.detail };
  }
  return { fieldErrors: {}, message: someError };
}
