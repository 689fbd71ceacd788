import { z } from 'zod';

/** Every error response (docs/architecture.md, Conventions): a human detail and, for 400s, messages per field. */
export const errorResponseSchema = z.object({
  detail: z.string().describe('What went wrong, in words a person can act on'),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .meta({
      description:
        'With 400, and with a 409 that a field can settle (the confirm’s archiveCount): the messages for each field, keyed by its name (a path parameter, a query parameter, or the dotted path in the body, e.g. roles.0.code)',
      example: { fileName: ['Enter a report name'] },
    }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
