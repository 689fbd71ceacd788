import { z } from 'zod';
import { isoDate as isoDateSchema } from './open-pathways.js';
import { safetyOfficerNote } from './safety-officer-note.js';
import { boundedDate, decimalNumber } from './text-rules.js';

// The CUSUM charts of model monitoring (docs/model-monitoring.md, decision 0061): their settings,
// their signals and the clinical safety officer's acknowledgement of one.

/**
 * The two risk-adjusted CUSUMs (decision 0061): one looks for the odds of a complication doubled
 * (the model under-predicts), the other halved (it over-predicts). Each chart's threshold is chosen
 * so that a model predicting as it should signals once in `cusumTargetRunLength` operations on
 * average, on the trust's own case mix; the clinical safety officer sets that target.
 */
export const cusumDirections = ['worse', 'better'] as const;
export type CusumDirection = (typeof cusumDirections)[number];
export const cusumOddsRatios: Record<CusumDirection, number> = { worse: 2, better: 0.5 };
export const defaultCusumTargetRunLength = 5000;
export const cusumTargetRunLengthLimits = { min: 500, max: 100_000 } as const;

export const cusumPointSchema = z.object({
  date: isoDateSchema.describe('A date of operation, YYYY-MM-DD'),
  value: z.number().describe('The CUSUM after the date’s last operation'),
  peak: z.number().describe('The highest it reached during the date'),
});

export const cusumAcknowledgementSchema = z.object({
  note: z.string().describe('What the clinical safety officer found and did'),
  by: z.string().describe('The clinical safety officer who acknowledged it'),
  at: z.string().describe('When: ISO 8601, UTC'),
});

export const cusumSignalSchema = z.object({
  date: isoDateSchema.describe('The date of operation on which the chart reached its threshold'),
  acknowledgement: cusumAcknowledgementSchema
    .nullable()
    .describe('The clinical safety officer’s acknowledgement; null: the signal is open'),
});
export type CusumSignal = z.infer<typeof cusumSignalSchema>;

export const cusumChartSchema = z.object({
  direction: z
    .enum(cusumDirections)
    .describe('worse: looks for more complications than predicted; better: for fewer'),
  oddsRatio: z.number().describe('The odds ratio the chart looks for: 2 (worse) or 0.5 (better)'),
  threshold: z
    .number()
    .nullable()
    .describe(
      'The threshold at which it signals, chosen from the target run length on the trust’s case mix; null when no outcome counts yet',
    ),
  signals: z
    .array(cusumSignalSchema)
    .describe('Every date it signalled, oldest first; after each signal it starts again from 0'),
  points: z.array(cusumPointSchema).describe('The chart after each date of operation, in date order'),
});
export type CusumChart = z.infer<typeof cusumChartSchema>;

/** What the monitoring endpoints answer in words. */
export const monitoringMessages = {
  noSuchSignal: 'The CUSUM has no such signal for this procedure',
  alreadyAcknowledged: 'This signal has already been acknowledged',
} as const;

/** POST …/model-performance/signals: a clinical safety officer acknowledges a signal with a note. */
export const signalAcknowledgementRequestSchema = z.object({
  direction: z.enum(cusumDirections).meta({ description: 'worse or better: the chart', example: 'worse' }),
  date: boundedDate.meta({
    description: 'The date the chart signalled, YYYY-MM-DD',
    example: '2026-07-28',
  }),
  note: safetyOfficerNote(
    'Enter what you found and did about the signal',
    'The note must be 2,000 characters or fewer',
  ).meta({
    description: 'What the clinical safety officer found and did, up to 2,000 characters',
    example:
      'Reviewed with the surgical leads: the rise follows a change of prosthesis; model kept, reviewed monthly.',
  }),
});

export const cusumSchema = z.object({
  targetRunLength: z
    .number()
    .int()
    .describe('Operations between false alarms, on average, for a model that predicts as it should'),
  caseMix: z
    .number()
    .int()
    .describe('The predictions the thresholds were worked out on: every counted outcome of the list'),
  worse: cusumChartSchema.describe('The chart for more complications than predicted (odds ratio 2)'),
  better: cusumChartSchema.describe('The chart for fewer complications than predicted (odds ratio 0.5)'),
});

export const monitoringSettingsSchema = z.object({
  cusumTargetRunLength: z
    .number()
    .int()
    .describe(
      'Operations between false alarms of each CUSUM, on average, for a model that is right (5,000 by default)',
    ),
});
const targetMessage = 'Enter the number of operations as a whole number, like 5000';
export const monitoringSettingsRequestSchema = z.object({
  // A form sends text: blank is missing, anything else must be a plain whole number (text-rules.ts).
  cusumTargetRunLength: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().replaceAll(',', '') || undefined : value),
      decimalNumber(
        z
          .number({ error: targetMessage })
          .int(targetMessage)
          .min(cusumTargetRunLengthLimits.min, 'The number of operations must be 500 or more')
          .max(cusumTargetRunLengthLimits.max, 'The number of operations must be 100,000 or fewer'),
        targetMessage,
      ),
    )
    .meta({
      description: 'Operations between false alarms, 500 to 100,000, as a number or text',
      example: 5000,
    }),
});
