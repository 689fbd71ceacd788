import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging.js';

/**
 * "Who has seen a patient's record" (decision 0042): every access to the pathways of one NHS
 * number in a trust, for a subject access request or a privacy incident. Trust admins of the trust
 * and super admins only.
 */
export const accessLogMessages = {
  title: 'Who has seen a patient’s record',
  lead: 'Enter the NHS number of the patient. You will see everyone who has seen their record in this trust, newest first: their risk summaries, PDFs, the lists and the exports that showed them.',
  trustRequired: 'Select a trust',
  nhsNumberRequired: 'Enter an NHS number',
  nhsNumberLength: 'Enter a 10-digit NHS number',
  nhsNumberInvalid: 'Enter a valid NHS number: this one fails the check-digit test',
  noAccess: 'No one has seen a record with this NHS number in this trust.',
  recorded: 'Your search is recorded in the access log.',
  download: 'Download this search as CSV (for a subject access request)',
  downloadRecorded:
    'The file holds every access in this search, on every page, as at the time above. Downloading it is recorded in the access log and the change log.',
  downloading: 'Downloading the search…',
  saved: (fileName: string) => `The search has been saved as ${fileName}.`,
} as const;

export const accessLogQuerySchema = pageQuerySchema.extend({
  nhsNumber: z.string().max(100).optional().meta({
    description: 'The patient’s NHS number: 10 digits, spaces and hyphens allowed, Modulus 11 checked',
    example: '9434765919',
  }),
  asAt: z.iso.datetime({ offset: false }).max(30).optional().meta({
    description:
      'The moment the search was first answered (its asAt): later pages leave out what was recorded after it, so that paging does not shift the rows. Absent: now',
    example: '2026-12-06T09:12:04.000Z',
  }),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

/**
 * The search's full result as CSV: the list's filters and its asAt, without paging (every row as
 * at that moment, however many pages the screen would take).
 */
export const accessLogExportQuerySchema = accessLogQuerySchema.omit({ pageNumber: true, pageSize: true });
export type AccessLogExportQuery = z.infer<typeof accessLogExportQuerySchema>;

/** One access: when, who, in which role, and what they saw in words. */
export const accessLogEntrySchema = z.object({
  accessedAt: z.string().describe('When the record was seen: ISO 8601, UTC'),
  userName: z.string().describe('The name of the user who saw it'),
  role: z.string().describe('The reader’s roles by name, e.g. "Clinician"'),
  seen: z
    .string()
    .describe(
      'What was seen, e.g. "Risk summary PDF", "Total records, page 3", "Export \'Theatre list\' (CSV, 2,400 patients)"',
    ),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

/** The columns of the screen's table and of the CSV, headed alike. */
export const accessLogColumnHeaders = {
  accessedAt: 'Date and time',
  userName: 'User',
  role: 'Role',
  seen: 'What they saw',
} as const satisfies Record<keyof AccessLogEntry, string>;

export const accessLogPageSchema = pagedSchema(accessLogEntrySchema).extend({
  asAt: z
    .string()
    .describe(
      'The moment the rows are as at (ISO 8601, UTC): send it with the next pages of the same search',
    ),
});
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
