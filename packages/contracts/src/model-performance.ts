import { z } from 'zod';
import { cusumDirections, cusumSchema } from './model-performance-cusum.js';
import { isoDate as isoDateSchema } from './open-pathways.js';
import { equityGroupLabels, ethnicGroupOfCode } from './prioritisation.js';
import { predictionSuspensionSchema } from './prediction-suspension.js';
import { procedureCodeSchema } from './procedures.js';
import { hiddenFigureSchema } from './small-groups.js';
import { boundedDate, decimalNumber } from './text-rules.js';

/**
 * Model monitoring (docs/model-monitoring.md, decision 0045): the trust's recorded outcomes against
 * the predictions the model made before each operation, overall, by group and across trusts. Every
 * figure is computed from the stored probabilities, never re-computed, so it can be reproduced.
 */

// The CUSUM charts and their settings have a file of their own; this one keeps their import.
export * from './model-performance-cusum.js';

/** Below this many events the figures are shown as too uncertain to act on. */
export const enoughEventsThreshold = 100;
/** A group smaller than this is hidden, and others beside it so that it cannot be worked out (decision 0052). */
export const smallGroupThreshold = 10;
/**
 * How far a group must be from the rest of the list for a flag, beside the difference being
 * significant after Holm's adjustment (decision 0062): an O/E ratio (the group's O/E over the
 * rest's) outside 0.8–1.25, a calibration-in-the-large difference beyond ±0.2 on the log-odds
 * scale, or an AUROC more than 0.05 below the rest's.
 */
export const groupMaterialSizes = {
  oeRatio: 1.25,
  calibrationDifference: 0.2,
  aurocShortfall: 0.05,
} as const;
export const groupComparisonAlpha = 0.05;

export const groupingKeys = ['sex', 'ethnicGroup', 'ageBand'] as const;
export const groupingSchema = z.enum(groupingKeys);
export type Grouping = z.infer<typeof groupingSchema>;
export const groupingLabels: Record<Grouping, string> = {
  sex: 'Sex',
  ethnicGroup: 'Ethnic group',
  ageBand: 'Age at operation',
};

/** The groups of the fairness tables: the equity tables' (decision 0044), without "Not known" ages. */
export const ethnicGroups = equityGroupLabels.ethnicGroup;
export const ageBands = equityGroupLabels.ageBand.slice(0, 5);

/** The ethnic group of an NHS ethnic category code (A–S; anything else is not stated). */
export const ethnicGroupOf = (code: string | null | undefined): string =>
  ethnicGroupOfCode[(code ?? '').trim().toUpperCase().charAt(0)] ?? 'Not stated';

/** The age band of an age in whole years, or null when not known. */
export function ageBandOf(age: number | null | undefined): string | null {
  if (age === null || age === undefined || !Number.isFinite(age)) return null;
  return ageBands[age < 50 ? 0 : age >= 80 ? 4 : Math.floor(age / 10) - 4] ?? null;
}

/** An estimate with its 95% interval. */
export const intervalSchema = z.object({
  value: z.number().describe('The estimate'),
  lower: z.number().describe('The lower end of its 95% interval'),
  upper: z.number().describe('The upper end of its 95% interval'),
});
export type Interval = z.infer<typeof intervalSchema>;

export const oeSchema = z.object({
  ratio: z.number().describe('Observed ÷ expected complications'),
  lower: z.number().describe('The lower end of its 95% interval (Byar’s approximation)'),
  upper: z.number().describe('The upper end of its 95% interval'),
});

const figureText = {
  n: 'Outcomes judged',
  events: 'Complications among them',
  observedRate: 'events ÷ n; null when n is 0',
  meanPredicted: 'The mean predicted probability; null when n is 0',
} as const;

export const bandFiguresSchema = z.object({
  band: z.enum(['High', 'Moderate', 'Low']).describe('The risk band the model gave: High, Moderate or Low'),
  n: z.number().int().describe(figureText.n),
  events: z.number().int().describe(figureText.events),
  observedRate: z.number().nullable().describe(figureText.observedRate),
  meanPredicted: z.number().nullable().describe(figureText.meanPredicted),
});

export const decileSchema = z.object({
  decile: z.number().int().describe('1 to 10, lowest predicted first'),
  n: z.number().int().describe(figureText.n),
  events: z.number().int().describe(figureText.events),
  meanPredicted: z.number().describe('The mean predicted probability'),
  observedRate: z.number().describe('events ÷ n'),
  lower: z.number().describe('The lower end of the observed rate’s Wilson 95% interval'),
  upper: z.number().describe('The upper end of that interval'),
});

/** Cumulative expected minus observed after each operation date. */
export const vladPointSchema = z.object({
  date: isoDateSchema.describe('A date of operation, YYYY-MM-DD'),
  n: z.number().int().describe('Operations on this date'),
  cumulativeExpected: z.number().describe('Complications expected up to and including this date'),
  cumulativeObserved: z.number().int().describe('Complications observed up to and including this date'),
  value: z
    .number()
    .describe(
      'cumulativeExpected − cumulativeObserved: above 0, fewer complications than the model predicted',
    ),
});

const adjustedGroupSchema = (direction: string) =>
  z
    .object({
      n: z.number().int().describe(`Outcomes whose risk a clinician had adjusted ${direction}`),
      events: z.number().int().describe(figureText.events),
      observedRate: z.number().nullable().describe(figureText.observedRate),
    })
    .describe(`The outcomes adjusted ${direction} and what happened`);

/** What clinicians' adjustments of the risk looked like against what happened (decision 0044). */
export const adjustmentFiguresSchema = z.object({
  adjusted: z.number().int().describe('Outcomes whose risk a clinician had adjusted when it was judged'),
  adjustedUp: adjustedGroupSchema('up'),
  adjustedDown: adjustedGroupSchema('down'),
});

/** The figures of a set of judged outcomes (every one present when n ≥ 1; fits null when they cannot be made). */
export const performanceFiguresSchema = z.object({
  n: z.number().int().describe(figureText.n),
  events: z.number().int().describe(figureText.events),
  expected: z.number().describe('The sum of the judged probabilities: the complications the model expected'),
  observedRate: z.number().nullable().describe(figureText.observedRate),
  meanPredicted: z.number().nullable().describe(figureText.meanPredicted),
  oe: oeSchema
    .nullable()
    .describe('Observed ÷ expected, with its 95% interval; null when nothing is expected'),
  calibrationIntercept: z
    .number()
    .nullable()
    .describe(
      'Calibration-in-the-large, a of logit P(y) = a + logit(p): 0 is perfect, above 0 the model under-predicts',
    ),
  calibrationSlope: z
    .number()
    .nullable()
    .describe('b of logit P(y) = a + b·logit(p): 1 is perfect, below 1 the predictions are too extreme'),
  auroc: intervalSchema
    .nullable()
    .describe(
      'The area under the ROC curve with DeLong’s 95% interval; null with fewer than two of either outcome',
    ),
  brier: z.number().nullable().describe('The mean squared difference between prediction and outcome'),
  enoughEvents: z.boolean().describe('False below 100 complications: too uncertain to act on'),
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

export const modelVersionChoiceSchema = z.object({
  modelVersion: z.number().int().describe('The trust’s version of the model'),
  active: z.boolean().describe('True for the active version'),
  n: z.number().int().describe('Outcomes judged against its predictions'),
});

/** The dates of operation a query counts, the same for the trust's figures and the national ones. */
const operationDateRange = {
  from: boundedDate.optional().meta({
    description: 'The first date of operation counted, YYYY-MM-DD (inclusive), from 1900-01-01',
    example: '2025-06-01',
  }),
  to: boundedDate.optional().meta({
    description: 'The last date of operation counted, YYYY-MM-DD (inclusive), up to 2300-12-31',
    example: '2026-05-31',
  }),
};

export const modelPerformanceQuerySchema = z.object({
  ...operationDateRange,
  modelVersion: decimalNumber(z.number().int().min(1).max(1_000_000)).optional().meta({
    description: 'Only the outcomes judged against this version’s predictions; absent: every version',
    example: 2,
  }),
});
export type ModelPerformanceQuery = z.infer<typeof modelPerformanceQuerySchema>;

/**
 * Outcomes recorded before their follow-up is complete (decision 0059): a complication can still
 * happen until the model's horizon (90 days) has passed since the operation, so such an outcome
 * counts in no figure, chart or test until then, whatever was recorded.
 */
export const pendingOutcomesSchema = z.object({
  count: z
    .number()
    .int()
    .describe('Outcomes in the period whose follow-up is not complete, or recorded as "Not known yet"'),
  notKnownYet: z.number().int().describe('Of them, those recorded as "Not known yet"'),
  nextCountOn: isoDateSchema
    .nullable()
    .describe('The next day on which some of them will count (London); null when none are waiting on a date'),
  nextCount: z.number().int().describe('How many will count on that day'),
});
export type PendingOutcomes = z.infer<typeof pendingOutcomesSchema>;

export const modelPerformanceSchema = performanceFiguresSchema.extend({
  procedure: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  from: isoDateSchema
    .nullable()
    .describe('The first date of operation counted, as asked; null: from the first'),
  to: isoDateSchema.nullable().describe('The last date of operation counted, as asked; null: to the last'),
  modelVersion: z.number().int().nullable().describe('The version asked for; null: every version'),
  modelVersions: z
    .array(modelVersionChoiceSchema)
    .describe('The versions that made judged predictions, the active model’s first'),
  excluded: z
    .number()
    .int()
    .describe('Outcomes with no evaluation before the day of operation: kept, not judged'),
  suspension: predictionSuspensionSchema
    .nullable()
    .describe(
      'The suspension of the procedure’s predictions by the clinical safety officer, in force; null while they are in use (decision 0063)',
    ),
  openSignals: z
    .array(
      z.object({
        direction: z
          .enum(cusumDirections)
          .describe('worse: more complications than predicted; better: fewer'),
        date: isoDateSchema.describe('The date of operation on which the chart signalled'),
      }),
    )
    .describe(
      'The CUSUM signals of the whole list (every date and version) no clinical safety officer has acknowledged yet, oldest first',
    ),
  pending: pendingOutcomesSchema.describe(
    'Outcomes whose follow-up is not complete yet: they count in nothing until it is',
  ),
  bands: z.array(bandFiguresSchema).describe('The figures per risk band: High, Moderate, Low'),
  deciles: z
    .array(decileSchema)
    .describe('Tenths of the patients by predicted probability, lowest first: the calibration plot'),
  vlad: z
    .array(vladPointSchema)
    .describe('The variable life-adjusted display: cumulative expected minus observed, by date of operation'),
  cusum: cusumSchema.describe('The two risk-adjusted Bernoulli CUSUMs, restarting after each signal'),
  adjustments: adjustmentFiguresSchema.describe('Clinicians’ adjustments of the risk against what happened'),
});
export type ModelPerformance = z.infer<typeof modelPerformanceSchema>;

export const groupsQuerySchema = modelPerformanceQuerySchema.extend({
  by: groupingSchema.meta({
    description: 'Group by sex, ethnicGroup or ageBand (at operation), as the model saw them',
    example: 'ageBand',
  }),
});

const groupNameText = 'The group, e.g. Female, Asian or 60 to 69';

export const groupComparisonSchema = z.object({
  value: z.number().describe('The estimate'),
  lower: z.number().describe('The lower end of its 95% interval'),
  upper: z.number().describe('The upper end of its 95% interval'),
  adjustedP: z
    .number()
    .describe('Its two-sided p-value, Holm-adjusted across the groups shown for the same comparison'),
});
export type GroupComparisonFigure = z.infer<typeof groupComparisonSchema>;

export const groupFiguresSchema = z.union([
  z.object({
    group: z.string().describe(groupNameText),
    n: hiddenFigureSchema,
    suppressed: z
      .literal(true)
      .describe('True: the group is hidden, being small or to keep a small group from being worked out'),
  }),
  performanceFiguresSchema.extend({
    group: z.string().describe(groupNameText),
    suppressed: z.literal(false).describe('False: the group’s figures are shown'),
    againstRest: z
      .object({
        oeRatio: groupComparisonSchema
          .nullable()
          .describe('The group’s O/E divided by the rest’s; null when neither side has a complication'),
        calibrationDifference: groupComparisonSchema
          .nullable()
          .describe(
            'The group’s calibration-in-the-large minus the rest’s, on the log-odds scale (above 0: more complications than predicted); null without events and non-events on both sides',
          ),
        aurocDifference: groupComparisonSchema
          .nullable()
          .describe(
            'The group’s AUROC minus the rest’s (DeLong); null with fewer than two events or non-events on a side',
          ),
      })
      .describe('The group against the rest of the list (everyone else in the period chosen)'),
    flagged: z
      .boolean()
      .describe(
        'A difference from the rest is significant after Holm’s adjustment and larger than its material size',
      ),
    flags: z
      .array(z.enum(['oe', 'calibration', 'auroc']))
      .describe(
        'Which flagged it: oe (O/E ratio), calibration (calibration-in-the-large), auroc (worse discrimination)',
      ),
  }),
]);
export type GroupFigures = z.infer<typeof groupFiguresSchema>;
export type ShownGroupFigures = Extract<GroupFigures, { suppressed: false }>;

const twoDecimals = (value: number) => (Math.abs(value) < 0.005 ? 0 : value).toFixed(2);
const intervalOf = (figure: GroupComparisonFigure) =>
  `95% interval ${twoDecimals(figure.lower)} to ${twoDecimals(figure.upper)}`;

/**
 * Why a group is flagged, in words with each difference's interval (decision 0062), for the fairness
 * table, the model card and its PDF alike: "complications 2.09 times as frequent, against predicted,
 * as for the rest of the list (95% interval 1.52 to 2.88)".
 */
export function groupFlagReasons(group: ShownGroupFigures): string[] {
  const { oeRatio, calibrationDifference, aurocDifference } = group.againstRest;
  return group.flags.flatMap((flag) => {
    if (flag === 'oe' && oeRatio)
      return [
        `complications ${twoDecimals(oeRatio.value)} times as frequent, against predicted, as for the rest of the list (${intervalOf(oeRatio)})`,
      ];
    if (flag === 'calibration' && calibrationDifference)
      return [
        `${calibrationDifference.value > 0 ? 'under-predicted' : 'over-predicted'} against the rest of the list: calibration-in-the-large ${twoDecimals(calibrationDifference.value)} on the log-odds scale (${intervalOf(calibrationDifference)})`,
      ];
    if (flag === 'auroc' && aurocDifference)
      return [
        `tells apart the patients who had a complication less well than for the rest of the list: AUROC difference ${twoDecimals(aurocDifference.value)} (${intervalOf(aurocDifference)})`,
      ];
    return [];
  });
}

export const modelPerformanceGroupsSchema = z.object({
  procedure: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  by: groupingSchema.describe('What the groups are by: sex, ethnicGroup or ageBand'),
  overall: performanceFiguresSchema.describe('The whole list’s figures, for comparison'),
  groups: z.array(groupFiguresSchema).describe('Each group’s figures'),
});
export type ModelPerformanceGroups = z.infer<typeof modelPerformanceGroupsSchema>;

export const nationalQuerySchema = z.object({
  procedure: procedureCodeSchema.meta({
    description: 'The procedure: knee, hip or knee-hip',
    example: 'knee',
  }),
  ...operationDateRange,
});

export const funnelLimitsSchema = z.object({
  lower95: z.number().describe('The lower 95% limit of O/E at this expected count'),
  upper95: z.number().describe('The upper 95% limit'),
  lower998: z.number().describe('The lower 99.8% limit'),
  upper998: z.number().describe('The upper 99.8% limit'),
});

export const nationalTrustSchema = z.object({
  trustCode: z.string().describe('The trust’s NHS ODS code'),
  trustName: z.string().describe('The trust’s name'),
  n: z.number().int().describe(figureText.n),
  events: z.number().int().describe(figureText.events),
  expected: z.number().describe('The sum of the judged probabilities'),
  oe: z.number().nullable().describe('Observed ÷ expected; null when nothing is expected'),
  limits: funnelLimitsSchema.nullable().describe('The funnel’s limits at the trust’s expected count'),
  outlier: z
    .enum(['high', 'low'])
    .nullable()
    .describe('Outside the 99.8% limits: high (more complications than expected) or low; null inside them'),
});

export const nationalPerformanceSchema = z.object({
  procedure: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  trusts: z.array(nationalTrustSchema).describe('Each trust with judged outcomes'),
  overdispersion: z
    .object({
      phi: z
        .number()
        .describe(
          'The mean squared z-score of the trusts’ O/E against 1 (10% Winsorised at each end): about 1 when trusts differ only by chance',
        ),
      inflated: z
        .boolean()
        .describe('True when phi is above 1: every limit’s distance from 1 is multiplied by √phi'),
    })
    .nullable()
    .describe(
      'Overdispersion across the trusts (Spiegelhalter, 2005); null without a trust that expects any complication',
    ),
  funnel: z
    .array(funnelLimitsSchema.extend({ expected: z.number().describe('An expected count along the funnel') }))
    .describe('The funnel’s limits over the range of expected counts, for drawing it'),
});
export type NationalPerformance = z.infer<typeof nationalPerformanceSchema>;
