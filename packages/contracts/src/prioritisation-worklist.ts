import { z } from 'zod';
import { pagedSchema } from './paging.js';
import {
  activeRecordsFilterSchema,
  predictionSchema,
  recordStatusSchema,
  recordText,
} from './open-pathways.js';
import { harmReviewSummarySchema } from './prioritisation-forms.js';
import {
  prioritisationFlagSchema,
  priorityCodes,
  priorityCodeSchema,
  riskBandSchema,
  waitBandSchema,
} from './prioritisation-rules.js';
import { flagsText, pathwayText, riskBandsText } from './prioritisation-text.js';
import { hiddenFigureSchema } from './small-groups.js';
import { decimalNumber, singleLine } from './text-rules.js';

/** The worklist's and the matrix's filters (all optional, combined with AND). */
export const worklistFilterSchema = z.object({
  risk: riskBandSchema.optional().meta({
    description: riskBandsText,
    example: 'high',
  }),
  wait: waitBandSchema.optional().meta({
    description: 'Weeks since the RTT clock start: 0-18, 18-52, 52-65, 65-78, 78-104 or 104+',
    example: '52-65',
  }),
  flag: prioritisationFlagSchema.optional().meta({
    description: flagsText,
    example: 'harm_review_due',
  }),
  priority: z
    .enum([...priorityCodes, 'none'])
    .optional()
    .meta({
      description: 'A priority code, P1a to P6, or none for pathways without one',
      example: 'P2',
    }),
  surgeonName: z.string().max(100).check(singleLine).optional().meta({
    description: 'Any part of the consultant surgeon’s name, ignoring case',
    example: 'Okonkwo',
  }),
  // As the total records list reads it: spaces and hyphens ignored, up to 10 digits.
  nhsNumber: activeRecordsFilterSchema.shape.nhsNumber,
});
export type WorklistFilter = z.infer<typeof worklistFilterSchema>;

/** The worklist's orders, NHS England's (the default) first, as the order choice lists them. */
export const worklistSorts = ['priority', 'longest_wait', 'highest_risk'] as const;
export const worklistSortSchema = z.enum(worklistSorts);
export type WorklistSort = z.infer<typeof worklistSortSchema>;
export const worklistSortLabels: Record<WorklistSort, string> = {
  priority: 'Most urgent priority',
  longest_wait: 'Longest wait',
  highest_risk: 'Highest risk',
};

/**
 * NHS England's order (decision 0056): the most urgent clinical priority first, then the longest
 * wait. The worklist, its address and its export start from it.
 */
export const defaultWorklistSort: WorklistSort = 'priority';

const worklistSortText =
  'priority (P1a first, none last, then the longest wait: NHS England’s order, the default), longest_wait (the earliest clock start first) or highest_risk (the model’s probability of a processed pathway; those without a band last)';

export const worklistQuerySchema = worklistFilterSchema.extend({
  sort: worklistSortSchema
    .default(defaultWorklistSort)
    .meta({ description: worklistSortText, example: 'highest_risk' }),
  pageNumber: decimalNumber(z.number().int().min(1).max(1_000_000))
    .default(1)
    .describe('The page (of 15), from 1'),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

export const worklistExportQuerySchema = worklistFilterSchema.extend({
  sort: worklistSortSchema
    .default(defaultWorklistSort)
    .meta({ description: worklistSortText, example: 'highest_risk' }),
  fileType: z.enum(['csv', 'xlsx']).meta({ description: 'csv or xlsx', example: 'xlsx' }),
});
export type WorklistExportQuery = z.infer<typeof worklistExportQuerySchema>;

export const worklistItemSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  priority: priorityCodeSchema.nullable().describe(pathwayText.priority),
  priorityDate: z.string().nullable().describe(pathwayText.priorityDate),
  clockStart: z.string().nullable().describe(pathwayText.clockStart),
  daysWaited: z.number().int().nullable().describe(pathwayText.daysWaited),
  waitBand: waitBandSchema.nullable().describe(pathwayText.waitBand),
  tciDate: z.string().nullable().describe(recordText.tciDate),
  status: recordStatusSchema.describe(recordText.status),
  statusDetail: z.string().nullable().describe(recordText.statusDetail),
  defaultedInputs: z.array(z.string()).describe(recordText.defaultedInputs),
  prediction: predictionSchema.nullable().describe(recordText.prediction),
  probability: z.number().nullable().describe(recordText.probability),
  adjustedPrediction: predictionSchema
    .nullable()
    .describe('The clinician’s view of the risk, when one is recorded: high, medium or low; null otherwise'),
  flags: z.array(prioritisationFlagSchema).describe(pathwayText.flags),
  lastValidatedOn: z.string().nullable().describe(pathwayText.lastValidatedOn),
  nextValidationDue: z.string().nullable().describe(pathwayText.nextValidationDue),
  lastHarmReview: harmReviewSummarySchema.nullable().describe(pathwayText.lastHarmReview),
});
export type WorklistItem = z.infer<typeof worklistItemSchema>;
export const worklistSchema = pagedSchema(worklistItemSchema);
export type Worklist = z.infer<typeof worklistSchema>;

export const matrixSchema = z.object({
  cells: z
    .array(
      z.object({
        risk: riskBandSchema.describe(`The risk row: ${riskBandsText}`),
        wait: waitBandSchema.describe('The wait band: 0-18, 18-52, 52-65, 65-78, 78-104 or 104+ weeks'),
        count: z.number().int().describe('Matching pathways in this risk band and wait band'),
      }),
    )
    .describe(
      'Every risk row × wait band, by risk row (high first, not_processed last) then wait band (shortest first), zeros included',
    ),
  flags: z
    .object({
      priority_breached: z.number().int().describe('Matching pathways whose priority is breached'),
      validation_due: z.number().int().describe('Matching pathways due a validation'),
      harm_review_due: z.number().int().describe('Matching pathways due a harm review'),
      clinician_review_due: z
        .number()
        .int()
        .describe(
          'Matching pathways postponed from P1a, P1b or P2 at the patient’s request, due a clinician’s review',
        ),
      clerical_change_unreviewed: z
        .number()
        .int()
        .describe(
          'Matching pathways whose prediction was made from details clerical staff changed, not yet reviewed',
        ),
      missing_inputs: z
        .number()
        .int()
        .describe('Matching pathways whose model was given a default for an input the record lacks'),
      tci_passed: z
        .number()
        .int()
        .describe('Matching pathways still on the list after their date to come in for surgery (TCI)'),
      optimisation_open: z
        .number()
        .int()
        .describe('Matching pathways with a risk factor to optimise before surgery not yet closed'),
    })
    .describe('How many matching pathways have each flag'),
  total: z.number().int().describe('Matching pathways, with those without a clock start'),
  withoutClockStart: z
    .number()
    .int()
    .describe('Matching pathways with no clock start (nor referral date): they have no wait band'),
  today: z.string().describe(pathwayText.today),
  suspendedOn: z.iso
    .date()
    .nullable()
    .describe(
      'The day the clinical safety officer suspended the predictions: the scored pathways are then in the suspended row, the high risk sort is the longest wait (decision 0063). Null otherwise',
    ),
});
export type Matrix = z.infer<typeof matrixSchema>;

export const equityGroupings = ['sex', 'ethnicGroup', 'ageBand'] as const;
export const equityQuerySchema = z.object({
  by: z
    .enum(equityGroupings)
    .meta({ description: 'Group by sex, ethnicGroup or ageBand', example: 'ethnicGroup' }),
});
export type EquityGrouping = (typeof equityGroupings)[number];
/** Groups of fewer pathways than this are hidden, and others beside them so that they cannot be worked out (decision 0052). */
export const equitySmallGroup = 10;

const equityFiguresSchema = z.object({
  n: z
    .union([z.number().int(), hiddenFigureSchema])
    .describe(
      'The number of pathways, or "hidden" for a small group or one hidden so that a small group cannot be worked out (then the figures are null)',
    ),
  medianDaysWaited: z.number().nullable().describe('The median of the days waited since the clock start'),
  over18Weeks: z.number().int().nullable().describe('How many have waited over 18 weeks'),
  over52Weeks: z.number().int().nullable().describe('How many have waited over 52 weeks'),
});
export const equityGroupSchema = equityFiguresSchema.extend({
  group: z.string().describe('The group, e.g. Female, Asian or 60 to 69'),
  byPriority: z
    .array(
      equityFiguresSchema.extend({
        priority: z.string().describe('The priority code, or None for pathways without one'),
      }),
    )
    .describe('The same figures for each priority code within the group'),
});
export const equitySchema = z.object({
  by: z.enum(equityGroupings).describe('What the groups are by: sex, ethnicGroup or ageBand'),
  today: z.string().describe(pathwayText.today),
  groups: z.array(equityGroupSchema).describe('Each group, with its figures'),
});
export type Equity = z.infer<typeof equitySchema>;
export const equityGroupLabels = {
  sex: { M: 'Male', F: 'Female', unknown: 'Not stated' },
  ethnicGroup: ['White', 'Mixed', 'Asian', 'Black', 'Other', 'Not stated'],
  ageBand: ['Under 50', '50 to 59', '60 to 69', '70 to 79', '80 and over', 'Not known'],
} as const;
/** NHS Data Dictionary ethnic category codes by the group the equity tables show. */
export const ethnicGroupOfCode: Record<string, (typeof equityGroupLabels.ethnicGroup)[number]> = {
  A: 'White',
  B: 'White',
  C: 'White',
  D: 'Mixed',
  E: 'Mixed',
  F: 'Mixed',
  G: 'Mixed',
  H: 'Asian',
  J: 'Asian',
  K: 'Asian',
  L: 'Asian',
  M: 'Black',
  N: 'Black',
  P: 'Black',
  R: 'Other',
  S: 'Other',
  Z: 'Not stated',
};
