import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging.js';

/** docs/requirements.md §3 Change log entry, plus its id and the before/after of the changed fields. */
export const changeLogEntrySchema = z.object({
  id: z.number().int().describe('The entry’s number, in the order entries were written'),
  createdOn: z.string().describe('When the change was made: ISO 8601, UTC'),
  createdBy: z.string().describe('The name of the user who made it'),
  trustCode: z.string().nullable().describe('The trust it concerns; null when it concerns none'),
  trustName: z.string().describe('The name of that trust, as it was then'),
  action: z.string().describe('What was done, in words, e.g. "Updated user"'),
  changes: z
    .record(
      z.string(),
      z
        .object({
          before: z.unknown().describe('The value before the change; null when there was none'),
          after: z.unknown().describe('The value after it; null when it was removed'),
        })
        .describe('One changed field'),
    )
    .describe('The fields that changed, keyed by name, each with its value before and after'),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;
export const changeLogPageSchema = pagedSchema(changeLogEntrySchema);
export type ChangeLogPage = z.infer<typeof changeLogPageSchema>;

/** GET /api/admin/changelog (docs/requirements.md §7). */
export const changeLogQuerySchema = pageQuerySchema.extend({
  trustCode: z
    .string()
    .max(20)
    .optional()
    .meta({ description: 'Trust code (super admins; trust admins see their own)', example: 'RAN' }),
  dateAndTime: z.string().max(40).optional().meta({
    description: 'A UK calendar day, YYYY-MM-DD (a date-time is read as its day)',
    example: '2026-11-27',
  }),
  userMakingChanges: z.string().max(100).optional().describe('Prefix of the name of the user making changes'),
  userOrTrustName: z.string().max(100).optional().describe('Prefix of the user name or of the trust name'),
});
export type ChangeLogQuery = z.infer<typeof changeLogQuerySchema>;
