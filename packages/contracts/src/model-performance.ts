import { z } from 'zod';
import { isoDate as isoDateSchema } from './open-pathways.js';
import { equityGroupLabels, ethnicGroupOfCode } from './prioritisation.js';
import { procedureCodeSchema } from './procedures.js';

/**
 * Model monitoring (docs/model-monitoring.md, decision 0045): the trust's recorded outcomes against
 * the predictions the model made before each operation, overall, by group and across trusts. Every
 * figure is computed from the stored probabilities, never re-computed, so it can be reproduced.
 */

/** Below this many events the figures are shown as too uncertain to act on. */
export const enoughEventsThreshold = 100;
/** A group smaller than this shows its size as "<10" and nothing else. */
export const smallGroupThreshold = 10;
/** A group's AUROC further than this from the whole list's flags the group. */
export const groupAurocDifference = 0.05;
/** The risk-adjusted CUSUM looks for this odds ratio (a doubling of the odds of a complication). */
export const cusumOddsRatio = 2;
export const defaultCusumThreshold = 4.5;
export const cusumThresholdLimits = { min: 0.5, max: 20 } as const;

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
  value: z.number(),
  lower: z.number(),
  upper: z.number(),
});
export type Interval = z.infer<typeof intervalSchema>;

export const oeSchema = z.object({ ratio: z.number(), lower: z.number(), upper: z.number() });

export const bandFiguresSchema = z.object({
  band: z.enum(['High', 'Moderate', 'Low']),
  n: z.number().int(),
  events: z.number().int(),
  observedRate: z.number().nullable(),
  meanPredicted: z.number().nullable(),
});

export const decileSchema = z.object({
  /** 1 to 10, lowest predicted first. */
  decile: z.number().int(),
  n: z.number().int(),
  events: z.number().int(),
  meanPredicted: z.number(),
  observedRate: z.number(),
  /** Wilson 95% interval of the observed rate. */
  lower: z.number(),
  upper: z.number(),
});

/** Cumulative expected minus observed after each operation date. */
export const vladPointSchema = z.object({
  date: isoDateSchema,
  /** Operations on this date. */
  n: z.number().int(),
  cumulativeExpected: z.number(),
  cumulativeObserved: z.number().int(),
  /** cumulativeExpected − cumulativeObserved: above 0, fewer complications than the model predicted. */
  value: z.number(),
});

export const cusumPointSchema = z.object({
  date: isoDateSchema,
  /** The CUSUM after the date's last operation. */
  value: z.number(),
  /** The highest it reached during the date. */
  peak: z.number(),
});

export const cusumSchema = z.object({
  oddsRatio: z.number(),
  threshold: z.number(),
  /** The first operation date on which the CUSUM reached the threshold, if it has. */
  signalledOn: isoDateSchema.nullable(),
  points: z.array(cusumPointSchema),
});

/** What clinicians' adjustments of the risk looked like against what happened (decision 0044). */
export const adjustmentFiguresSchema = z.object({
  adjusted: z.number().int(),
  adjustedUp: z.object({
    n: z.number().int(),
    events: z.number().int(),
    observedRate: z.number().nullable(),
  }),
  adjustedDown: z.object({
    n: z.number().int(),
    events: z.number().int(),
    observedRate: z.number().nullable(),
  }),
});

/** The figures of a set of judged outcomes (every one present when n ≥ 1; fits null when they cannot be made). */
export const performanceFiguresSchema = z.object({
  n: z.number().int(),
  events: z.number().int(),
  expected: z.number(),
  observedRate: z.number().nullable(),
  meanPredicted: z.number().nullable(),
  oe: oeSchema.nullable(),
  calibrationIntercept: z.number().nullable(),
  calibrationSlope: z.number().nullable(),
  auroc: intervalSchema.nullable(),
  brier: z.number().nullable(),
  enoughEvents: z.boolean(),
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

export const modelVersionChoiceSchema = z.object({
  modelVersion: z.number().int(),
  active: z.boolean(),
  n: z.number().int(),
});

export const modelPerformanceQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  modelVersion: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type ModelPerformanceQuery = z.infer<typeof modelPerformanceQuerySchema>;

export const modelPerformanceSchema = performanceFiguresSchema.extend({
  procedure: procedureCodeSchema,
  from: isoDateSchema.nullable(),
  to: isoDateSchema.nullable(),
  modelVersion: z.number().int().nullable(),
  /** The versions that made judged predictions, the active model's first. */
  modelVersions: z.array(modelVersionChoiceSchema),
  /** Outcomes with no evaluation on or before the day of operation: kept, not judged. */
  excluded: z.number().int(),
  bands: z.array(bandFiguresSchema),
  deciles: z.array(decileSchema),
  vlad: z.array(vladPointSchema),
  cusum: cusumSchema,
  adjustments: adjustmentFiguresSchema,
});
export type ModelPerformance = z.infer<typeof modelPerformanceSchema>;

export const groupsQuerySchema = modelPerformanceQuerySchema.extend({ by: groupingSchema });

export const groupFiguresSchema = z.union([
  z.object({ group: z.string(), n: z.literal('<10'), suppressed: z.literal(true) }),
  performanceFiguresSchema.extend({
    group: z.string(),
    suppressed: z.literal(false),
    /** Its O/E interval excludes 1, or its AUROC is more than 0.05 from the whole list's. */
    flagged: z.boolean(),
    flags: z.array(z.enum(['oe', 'auroc'])),
  }),
]);
export type GroupFigures = z.infer<typeof groupFiguresSchema>;

export const modelPerformanceGroupsSchema = z.object({
  procedure: procedureCodeSchema,
  by: groupingSchema,
  overall: performanceFiguresSchema,
  groups: z.array(groupFiguresSchema),
});
export type ModelPerformanceGroups = z.infer<typeof modelPerformanceGroupsSchema>;

export const nationalQuerySchema = z.object({
  procedure: procedureCodeSchema,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

export const funnelLimitsSchema = z.object({
  lower95: z.number(),
  upper95: z.number(),
  lower998: z.number(),
  upper998: z.number(),
});

export const nationalTrustSchema = z.object({
  trustCode: z.string(),
  trustName: z.string(),
  n: z.number().int(),
  events: z.number().int(),
  expected: z.number(),
  oe: z.number().nullable(),
  limits: funnelLimitsSchema.nullable(),
  /** Outside the 99.8% limits: 'high' (more complications than expected) or 'low'. */
  outlier: z.enum(['high', 'low']).nullable(),
});

export const nationalPerformanceSchema = z.object({
  procedure: procedureCodeSchema,
  trusts: z.array(nationalTrustSchema),
  /** The funnel's limits over the range of expected counts, for drawing it. */
  funnel: z.array(funnelLimitsSchema.extend({ expected: z.number() })),
});
export type NationalPerformance = z.infer<typeof nationalPerformanceSchema>;

export const monitoringSettingsSchema = z.object({ cusumThreshold: z.number() });
const thresholdMessage = 'Enter the CUSUM threshold as a number, like 4.5';
export const monitoringSettingsRequestSchema = z.object({
  // A form sends text: blank is missing, anything else is read as a number (not a number is refused).
  cusumThreshold: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value),
    z
      .number({ error: thresholdMessage })
      .min(cusumThresholdLimits.min, 'The CUSUM threshold must be 0.5 or more')
      .max(cusumThresholdLimits.max, 'The CUSUM threshold must be 20 or less'),
  ),
});
