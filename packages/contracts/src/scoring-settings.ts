import { z } from 'zod';
import { decimalNumber } from './text-rules.js';

/**
 * The trust's scoring settings (decision 0057): the oldest blood result the model may be given,
 * counted back in days from the day of scoring. A result older than that is not used: the input
 * is missing, and a required one withholds the band.
 */

/** The limit when the trust has set none, in days. */
export const defaultBloodResultMaxAgeDays = 90;

/**
 * What a trust may set: a week at the least (a shorter limit would leave most pre-operative
 * results unused), two years at the most (an older result says little about the patient now).
 */
export const bloodResultMaxAgeLimits = { min: 7, max: 730 } as const;

export const scoringSettingsMessages = {
  notNumber: 'Enter the number of days as a whole number, like 90',
  tooShort: `The oldest blood result must be ${bloodResultMaxAgeLimits.min} days or more`,
  tooLong: `The oldest blood result must be ${bloodResultMaxAgeLimits.max} days or fewer`,
} as const;

export const scoringSettingsSchema = z.object({
  bloodResultMaxAgeDays: z
    .number()
    .int()
    .describe(
      `The oldest blood result the model may use, in days before the day of scoring (${defaultBloodResultMaxAgeDays} unless the trust set its own)`,
    ),
});
export type ScoringSettings = z.infer<typeof scoringSettingsSchema>;

export const scoringSettingsRequestSchema = z.object({
  // A form sends text: blank is missing, anything else must be plain decimal digits (text-rules.ts).
  bloodResultMaxAgeDays: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      decimalNumber(
        z
          .number({ error: scoringSettingsMessages.notNumber })
          .int(scoringSettingsMessages.notNumber)
          .min(bloodResultMaxAgeLimits.min, scoringSettingsMessages.tooShort)
          .max(bloodResultMaxAgeLimits.max, scoringSettingsMessages.tooLong),
        scoringSettingsMessages.notNumber,
      ),
    )
    .meta({
      description: `The oldest blood result the model may use, in whole days, ${bloodResultMaxAgeLimits.min} to ${bloodResultMaxAgeLimits.max}, as a number or text`,
      example: 90,
    }),
});
export type ScoringSettingsRequest = z.infer<typeof scoringSettingsRequestSchema>;
