import { z } from 'zod';

/** Every error response (docs/architecture.md, Conventions): a human detail and, for 400s, messages per field. */
export const errorResponseSchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
