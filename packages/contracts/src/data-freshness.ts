import { z } from 'zod';
import { showLondonDateTime } from './london-dates.js';
import { procedureCodeSchema } from './procedures.js';
import { decimalNumber } from './text-rules.js';

/**
 * How fresh the trust's data is (decision 0068): when each procedure's waiting list was last
 * uploaded and confirmed, when the trust's systems last sent a message, and whether either is
 * overdue by the trust's own expectations. A list that stops arriving leaves the worklist's waits
 * and flags computed on today's date from an old extract; staff are told, so they know what they
 * read.
 */

/** A list is expected at least this often, in days, unless the trust sets its own (weekly). */
export const defaultExtractEveryDays = 7;
/** A day at the least (a daily extract); five weeks at the most (a monthly one, with a week's slack). */
export const extractEveryDaysLimits = { min: 1, max: 35 } as const;
/** The results feed may be silent this long, in hours, unless the trust sets its own. */
export const defaultFeedSilenceHours = 24;
/** An hour at the least; a week at the most (a feed quiet longer than that is not a feed). */
export const feedSilenceHoursLimits = { min: 1, max: 168 } as const;

export const freshnessSettingsMessages = {
  extractNotNumber: 'Enter the number of days as a whole number, like 7',
  extractTooShort: `A list is expected every ${extractEveryDaysLimits.min} day or more`,
  extractTooLong: `A list is expected every ${extractEveryDaysLimits.max} days or fewer`,
  feedNotNumber: 'Enter the number of hours as a whole number, like 24',
  feedTooShort: `The results feed may be silent for ${feedSilenceHoursLimits.min} hour or more`,
  feedTooLong: `The results feed may be silent for ${feedSilenceHoursLimits.max} hours or fewer`,
  nothingToChange: 'Enter the number of days or the number of hours',
} as const;

export const freshnessSettingsSchema = z.object({
  extractEveryDays: z
    .number()
    .int()
    .describe(
      `A waiting list is expected at least this often, in days (${defaultExtractEveryDays} unless the trust set its own)`,
    ),
  feedSilenceHours: z
    .number()
    .int()
    .describe(
      `The trust’s results feed may be silent this long, in hours, before staff are told (${defaultFeedSilenceHours} unless the trust set its own)`,
    ),
});
export type FreshnessSettings = z.infer<typeof freshnessSettingsSchema>;

/** A form sends text: blank is missing, anything else must be plain decimal digits (text-rules.ts). */
const wholeNumberField = (
  limits: { min: number; max: number },
  notNumber: string,
  tooShort: string,
  tooLong: string,
) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      decimalNumber(
        z.number({ error: notNumber }).int(notNumber).min(limits.min, tooShort).max(limits.max, tooLong),
        notNumber,
      ),
    )
    .optional();

/** Either setting or both: each page of the trust admin's sets one. */
export const freshnessSettingsRequestSchema = z
  .object({
    extractEveryDays: wholeNumberField(
      extractEveryDaysLimits,
      freshnessSettingsMessages.extractNotNumber,
      freshnessSettingsMessages.extractTooShort,
      freshnessSettingsMessages.extractTooLong,
    ).meta({
      description: `How often a waiting list is expected, in whole days, ${extractEveryDaysLimits.min} to ${extractEveryDaysLimits.max}, as a number or text`,
      example: 7,
    }),
    feedSilenceHours: wholeNumberField(
      feedSilenceHoursLimits,
      freshnessSettingsMessages.feedNotNumber,
      freshnessSettingsMessages.feedTooShort,
      freshnessSettingsMessages.feedTooLong,
    ).meta({
      description: `How long the results feed may be silent, in whole hours, ${feedSilenceHoursLimits.min} to ${feedSilenceHoursLimits.max}, as a number or text`,
      example: 24,
    }),
  })
  .refine((request) => request.extractEveryDays !== undefined || request.feedSilenceHours !== undefined, {
    message: freshnessSettingsMessages.nothingToChange,
  });
export type FreshnessSettingsRequest = z.infer<typeof freshnessSettingsRequestSchema>;

const instant = z.iso.datetime({ offset: false });

export const listFreshnessSchema = z.object({
  procedureCode: procedureCodeSchema.describe('The procedure whose list this is: knee, hip or knee-hip'),
  dataAsAt: instant.describe(
    'When the list in use was uploaded: its data is as at then (ISO 8601, UTC). The extract files carry no date of their own.',
  ),
  confirmedAt: instant.describe('When that upload was confirmed (ISO 8601, UTC)'),
  nextExpectedBy: z.iso
    .date()
    .describe(
      'The last day the next list is expected by, in London: the upload’s day plus the trust’s setting',
    ),
  overdue: z.boolean().describe('True once that day has passed with no newer list confirmed'),
});
export type ListFreshness = z.infer<typeof listFreshnessSchema>;

export const resultsFeedFreshnessSchema = z.object({
  lastMessageAt: instant
    .nullable()
    .describe('When the trust’s systems last sent a message (accepted or refused); null when none has yet'),
  silentSince: instant.describe(
    'What the silence is counted from: the last message, or the first enabled client’s registration when none has come',
  ),
  overdue: z.boolean().describe('True once the feed has been silent longer than the trust’s setting'),
});
export type ResultsFeedFreshness = z.infer<typeof resultsFeedFreshnessSchema>;

export const dataFreshnessSchema = z.object({
  lists: z
    .array(listFreshnessSchema)
    .describe(
      'Each procedure that has a confirmed list, in the library’s order; none for a procedure never uploaded',
    ),
  resultsFeed: resultsFeedFreshnessSchema
    .nullable()
    .describe('Null while the trust has no enabled integration client: it has no feed to be silent'),
  settings: freshnessSettingsSchema.describe('The trust’s expectations the answer was judged by'),
});
export type DataFreshness = z.infer<typeof dataFreshnessSchema>;

/**
 * The words every list, worklist and export opens with (decision 0068): the list's upload time in
 * UK time to the minute, as its data is as at then.
 */
export const dataAsAtText = (dataAsAt: string): string =>
  `Data as at ${showLondonDateTime(new Date(dataAsAt), 'minute')}`;
