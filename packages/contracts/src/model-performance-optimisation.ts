import { z } from 'zod';
import { groupingSchema, modelPerformanceQuerySchema } from './model-performance.js';
import { optimisationFactorSchema } from './optimisation.js';
import { isoDate as isoDateSchema } from './open-pathways.js';
import { procedureCodeSchema } from './procedures.js';
import { hiddenFigureSchema } from './small-groups.js';

/**
 * The "Optimisation" section of model monitoring (docs/optimisation.md "Model performance",
 * decision 0075): per risk factor, how many pathways it was found on, referred, met before the
 * operation and how long meeting it took, by group; and the complications of the operated patients
 * whose factor was met against those whose factor was not. Descriptive only: an association.
 */

/** Said beside every comparison of complications, met against not met (decision 0075). */
export const optimisationAssociationText =
  'An association, not an effect: patients whose factor was met may differ in other ways.';

export const optimisationPerformanceQuerySchema = modelPerformanceQuerySchema
  .pick({ from: true, to: true })
  .extend({
    by: groupingSchema.meta({
      description: 'Group by sex, ethnicGroup or ageBand, as the fairness table does',
      example: 'sex',
    }),
  });
export type OptimisationPerformanceQuery = z.infer<typeof optimisationPerformanceQuerySchema>;

const countsText = {
  found: 'Pathways the factor was found on: with an entry for it, or shown by the values (decision 0075)',
  referred: 'Of them, those with a referred entry',
  operated: 'Of them, those operated (with a current outcome)',
  metBeforeOperation: 'Of the operated, those with a met entry dated on or before the day of operation',
  met: 'Of them all, those with a met entry: the pathways the median is of',
  medianDaysToMet:
    'The median days from identification (the first entry or the day it was found, whichever is earlier) to the first met entry; null when none was met',
} as const;

/** A factor's counts over a set of pathways (all of them, or one group's). */
export const factorCountsSchema = z.object({
  found: z.number().int().describe(countsText.found),
  referred: z.number().int().describe(countsText.referred),
  operated: z.number().int().describe(countsText.operated),
  metBeforeOperation: z.number().int().describe(countsText.metBeforeOperation),
  met: z.number().int().describe(countsText.met),
  medianDaysToMet: z.number().nullable().describe(countsText.medianDaysToMet),
});
export type FactorCounts = z.infer<typeof factorCountsSchema>;

const groupNameText = 'The group, e.g. Female, Asian or 60 to 69';
const hiddenText =
  'True: hidden, being under 10 or to keep a group under 10 from being worked out (decision 0052)';

export const factorGroupSchema = z.union([
  z.object({
    group: z.string().describe(groupNameText),
    found: hiddenFigureSchema,
    suppressed: z.literal(true).describe(hiddenText),
  }),
  factorCountsSchema.extend({
    group: z.string().describe(groupNameText),
    suppressed: z.literal(false).describe('False: the group’s counts are shown'),
  }),
]);
export type FactorGroup = z.infer<typeof factorGroupSchema>;

/** The complications of one side (met, or not met) of a factor's operated patients. */
export const complicationRateSchema = z.union([
  z.object({
    n: hiddenFigureSchema,
    suppressed: z.literal(true).describe(hiddenText),
  }),
  z.object({
    n: z
      .number()
      .int()
      .describe('Operated patients whose outcome counts (follow-up complete, complication known)'),
    events: z.number().int().describe('Complications among them within 90 days'),
    rate: z.number().nullable().describe('events ÷ n; null when n is 0'),
    lower: z
      .number()
      .nullable()
      .describe('The lower end of the rate’s Wilson 95% interval; null when n is 0'),
    upper: z.number().nullable().describe('The upper end of that interval; null when n is 0'),
    suppressed: z.literal(false).describe('False: shown'),
  }),
]);
export type ComplicationRate = z.infer<typeof complicationRateSchema>;

export const factorPerformanceSchema = z.object({
  factor: optimisationFactorSchema.describe('The factor’s code'),
  label: z.string().describe('The factor’s name ("Anaemia")'),
  overall: factorCountsSchema.describe('Every pathway counted'),
  groups: z.array(factorGroupSchema).describe('The same counts for each group of the grouping asked for'),
  complications: z
    .object({
      met: complicationRateSchema.describe('Operated patients whose factor was met before the operation'),
      notMet: complicationRateSchema.describe(
        'Operated patients whose factor was not met before it (referred, in progress, declined, not possible or nothing recorded)',
      ),
    })
    .describe(
      'The observed complication rate of the operated patients with the factor, met against not met: an association, not an effect',
    ),
});
export type FactorPerformance = z.infer<typeof factorPerformanceSchema>;

export const optimisationPerformanceSchema = z.object({
  procedure: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  from: isoDateSchema
    .nullable()
    .describe('The first date of operation counted, as asked; null: from the first'),
  to: isoDateSchema.nullable().describe('The last date of operation counted, as asked; null: to the last'),
  by: groupingSchema.describe('What the groups are by: sex, ethnicGroup or ageBand'),
  factors: z.array(factorPerformanceSchema).describe('Each factor, in the rules’ order'),
  association: z
    .string()
    .describe('What the comparison of complications can and cannot say, to show beside it'),
});
export type OptimisationPerformance = z.infer<typeof optimisationPerformanceSchema>;
