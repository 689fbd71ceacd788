import { z } from 'zod';
import { fieldLimits } from './field-limits.js';
import { singleLine } from './text-rules.js';

/** The edit of a pathway's surgical risk factors (docs/requirements.md §3 edit payload). */

// One limit per field, across the import, the API and the screens (field-limits.ts).
export const maxSurgeonNameLength = fieldLimits.surgeonName;

export const editDetailsMessages = {
  surgeonRequired: 'Enter the consultant surgeon',
  surgeonTooLong: `Consultant surgeon must be ${maxSurgeonNameLength} characters or fewer`,
  surgeryRequired: 'Select readiness for surgery',
  socialRequired: 'Select social aspects',
  idMismatch: 'The id in the body must match the patient in the address',
} as const;

/**
 * docs/requirements.md §3 edit payload. The surgeon's limit is the import's and the form's
 * (field-limits.ts), counted once surrounding spaces are gone, as the update keeps it.
 */
export const surgicalRiskFactorsRequestSchema = z.object({
  trustCode: z
    .string()
    .max(10)
    .check(singleLine)
    .optional()
    .meta({ description: 'The trust’s code: when given, it must match the path’s', example: 'RAN' }),
  id: z.string().max(64).check(singleLine).optional().meta({
    description: 'The pathway’s id: when given, it must match the path’s',
    example: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
  }),
  social: z.string().max(50).check(singleLine).nullish().meta({
    description: 'Required: social aspects: no_social_concerns, social_review_required or social_concerns',
    example: 'no_social_concerns',
  }),
  surgery: z.string().max(50).check(singleLine).nullish().meta({
    description: 'Required: readiness for surgery: not_ready, requires_review or ready',
    example: 'ready',
  }),
  surgeonName: z
    .string()
    .trim()
    .max(maxSurgeonNameLength, editDetailsMessages.surgeonTooLong)
    .check(singleLine)
    .nullish()
    .meta({
      description: `Required: the consultant surgeon, up to ${maxSurgeonNameLength} characters`,
      example: 'Miss L Okonkwo',
    }),
});
export type SurgicalRiskFactorsRequest = z.infer<typeof surgicalRiskFactorsRequestSchema>;
