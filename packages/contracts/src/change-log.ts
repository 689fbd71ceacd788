import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging.js';

/** docs/requirements.md §3 Change log entry, plus its id and the before/after of the changed fields. */
export const changeLogEntrySchema = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  createdBy: z.string(),
  trustCode: z.string().nullable(),
  trustName: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;
export const changeLogPageSchema = pagedSchema(changeLogEntrySchema);
export type ChangeLogPage = z.infer<typeof changeLogPageSchema>;

/** GET /api/admin/changelog (docs/requirements.md §7). */
export const changeLogQuerySchema = pageQuerySchema.extend({
  trustCode: z.string().max(20).optional().describe('Trust code (super admins; trust admins see their own)'),
  dateAndTime: z
    .string()
    .max(40)
    .optional()
    .describe('A UK calendar day, YYYY-MM-DD (a date-time is read as its day)'),
  userMakingChanges: z.string().max(100).optional().describe('Prefix of the name of the user making changes'),
  userOrTrustName: z.string().max(100).optional().describe('Prefix of the user name or of the trust name'),
});
export type ChangeLogQuery = z.infer<typeof changeLogQuerySchema>;
