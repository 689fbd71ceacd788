import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging.js';
import { dateProblem, singleLine, textRuleMessages } from './text-rules.js';

/**
 * docs/requirements.md §3 Change log entry, plus its id, the before/after of the changed fields and,
 * for a change to a patient's pathway, the pathway (decision 0051).
 */
export const changeLogEntrySchema = z.object({
  id: z.number().int().describe('The entry’s number, in the order entries were written'),
  createdOn: z.string().describe('When the change was made: ISO 8601, UTC'),
  createdBy: z.string().describe('The name of the user who made it'),
  trustCode: z.string().nullable().describe('The trust it concerns; null when it concerns none'),
  trustName: z.string().describe('The name of that trust, as it was then'),
  action: z
    .string()
    .describe(
      'What was done, in words, e.g. "Updated user". A change to a patient’s pathway names the patient by initials and the last four digits of the NHS number, e.g. "Remodelled for patient J S, NHS number ending 5919 (knee)"',
    ),
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
  pathway: z
    .object({
      id: z.string().describe('The pathway’s id, as the patient screens take it'),
      procedureCode: z
        .string()
        .nullable()
        .describe('Its procedure, e.g. knee; null when the pathway is no longer held'),
    })
    .nullable()
    .describe('The pathway a change to a patient concerns; null for any other change'),
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
  dateAndTime: z
    .string()
    .max(40)
    .check(
      // The day is bounded as every date a request takes; the time of a date-time is not read.
      z.superRefine<string>((value, context) => {
        const text = value.trim();
        if (text === '') return;
        const problem =
          text.length > 10 && text[10] !== 'T' ? textRuleMessages.date : dateProblem(text.slice(0, 10));
        if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
      }),
    )
    .optional()
    .meta({
      description:
        'A UK calendar day, YYYY-MM-DD, from 1900-01-01 to 2300-12-31 (a date-time is read as its day)',
      example: '2026-11-27',
    }),
  userMakingChanges: z
    .string()
    .max(100)
    .check(singleLine)
    .optional()
    .describe('Prefix of the name of the user making changes'),
  userOrTrustName: z
    .string()
    .max(100)
    .check(singleLine)
    .optional()
    .describe('Prefix of the user name or of the trust name'),
});
export type ChangeLogQuery = z.infer<typeof changeLogQuerySchema>;
