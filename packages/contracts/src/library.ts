import { z } from 'zod';
import { procedureSchema } from './procedures.js';
import { roleSchema } from './roles.js';

export const proceduresResponseSchema = z.array(procedureSchema);
export const rolesResponseSchema = z.array(roleSchema);
export const rolesQuerySchema = z.object({ hideSuperAdminRole: z.enum(['0', '1']).optional() });

/** docs/requirements.md §3 enumerations: readiness and social option lists for the surgical-risk form. */
export const surgeryReadinessCodes = ['not_ready', 'requires_review', 'ready'] as const;
export const socialCodes = ['no_social_concerns', 'social_review_required', 'social_concerns'] as const;

export const optionSchema = z.object({ value: z.string(), label: z.string() });
export const surgicalRiskFactorsResponseSchema = z.object({
  surgery: z.array(optionSchema),
  social: z.array(optionSchema),
});
export type SurgicalRiskFactors = z.infer<typeof surgicalRiskFactorsResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
