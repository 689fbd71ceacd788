import { z } from 'zod';
import { pagedSchema } from './paging.js';
import { activeRecordsFilterSchema, predictionSchema, type Prediction } from './open-pathways.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';

/**
 * Prioritisation (docs/prioritisation.md, decision 0044): the clinical priority codes, the
 * referral-to-treatment wait and its bands, validation, harm review and the clinician's view of the
 * risk, as the worklist, its matrix and the pathway's own pages show them. The arithmetic here is
 * the one rule both the API (in its queries) and the screens follow; its tests pin the boundaries.
 */

/** Clinical priority codes (NHS England / Royal College of Surgeons): P5 and P6 chose to postpone. */
export const priorityCodes = ['P1a', 'P1b', 'P2', 'P3', 'P4', 'P5', 'P6'] as const;
export const priorityCodeSchema = z.enum(priorityCodes);
export type PriorityCode = z.infer<typeof priorityCodeSchema>;

export const priorityDescriptions: Record<PriorityCode, string> = {
  P1a: 'P1a: within 24 hours',
  P1b: 'P1b: within 72 hours',
  P2: 'P2: within 4 weeks',
  P3: 'P3: within 3 months',
  P4: 'P4: can wait over 3 months',
  P5: 'P5: patient chose to postpone (COVID-19 concerns)',
  P6: 'P6: patient chose to postpone (other reasons)',
};

/**
 * Days from the priority date a code may wait before it is breached (P1a 1, P1b 3, P2 28, P3 90);
 * P4, P5 and P6 have no limit.
 */
export const priorityLimitDays: Record<PriorityCode, number | null> = {
  P1a: 1,
  P1b: 3,
  P2: 28,
  P3: 90,
  P4: null,
  P5: null,
  P6: null,
};

/**
 * The category a moderate or severe harm review moves a pathway up to: P4 → P3 → P2 → P1b, never
 * past P1b automatically (P1a and P1b stay). P5 and P6 are the patient's choice and are not moved:
 * the clinician changes the priority instead (null).
 */
export function priorityMovedUp(code: PriorityCode): PriorityCode | null {
  switch (code) {
    case 'P4':
      return 'P3';
    case 'P3':
      return 'P2';
    case 'P2':
      return 'P1b';
    case 'P1b':
    case 'P1a':
      return code;
    default:
      return null;
  }
}

/** A calendar date YYYY-MM-DD as a day number (days since 1970-01-01): calendar days, never instants. */
export function dayNumber(date: string): number {
  return Math.round(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000,
  );
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another (London dates: the clock change does not shorten a day). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** NHS England's wait bands, by days since the clock start. */
export const waitBands = ['0-18', '18-52', '52-65', '65-78', '78-104', '104+'] as const;
export const waitBandSchema = z.enum(waitBands);
export type WaitBand = z.infer<typeof waitBandSchema>;

/** The last day of each band but the last: 126 days is within 18 weeks, 127 is over. */
export const waitBandLastDays: Record<Exclude<WaitBand, '104+'>, number> = {
  '0-18': 126,
  '18-52': 364,
  '52-65': 455,
  '65-78': 546,
  '78-104': 728,
};

export const waitBandLabels: Record<WaitBand, string> = {
  '0-18': 'Within 18 weeks',
  '18-52': '18 to 52 weeks',
  '52-65': '52 to 65 weeks',
  '65-78': '65 to 78 weeks',
  '78-104': '78 to 104 weeks',
  '104+': 'Over 104 weeks',
};

/** The band of a wait in days (a clock start in the future counts as within 18 weeks). */
export function waitBandOf(daysWaited: number): WaitBand {
  for (const band of waitBands) {
    if (band === '104+') return band;
    if (daysWaited <= waitBandLastDays[band]) return band;
  }
  return '104+';
}

/** Risk bands of the matrix: the model's band of a processed pathway, or not scored. */
export const riskBands = ['high', 'medium', 'low', 'not_scored'] as const;
export const riskBandSchema = z.enum(riskBands);
export type RiskBand = z.infer<typeof riskBandSchema>;
export const riskBandLabels: Record<RiskBand, string> = {
  high: 'High risk',
  medium: 'Moderate risk',
  low: 'Low risk',
  not_scored: 'Not scored',
};

export const prioritisationFlags = ['priority_breached', 'validation_due', 'harm_review_due'] as const;
export const prioritisationFlagSchema = z.enum(prioritisationFlags);
export type PrioritisationFlag = z.infer<typeof prioritisationFlagSchema>;
export const flagLabels: Record<PrioritisationFlag, string> = {
  priority_breached: 'Priority breached',
  validation_due: 'Validation due',
  harm_review_due: 'Harm review due',
};

/** Validation: every 12 weeks from 12 weeks' wait. */
export const validationIntervalDays = 84;

/** Harm-review thresholds in weeks by default; a trust admin can set the trust's own. */
export const defaultHarmReviewThresholdWeeks = [52, 78, 104] as const;

/**
 * The day a pathway crossed the highest threshold it has passed: over `weeks` weeks is the day
 * after the `weeks × 7`th day (as the bands count: 365 days is over 52 weeks). Null when it has
 * crossed none.
 */
export function harmThresholdCrossedOn(
  clockStart: string,
  today: string,
  thresholdWeeks: readonly number[],
): string | null {
  const days = daysBetween(clockStart, today);
  const crossed = thresholdWeeks.filter((weeks) => days > weeks * 7);
  if (crossed.length === 0) return null;
  return addDays(clockStart, Math.max(...crossed) * 7 + 1);
}

/** What the flags read of a pathway; dates YYYY-MM-DD. */
export interface FlagInputs {
  priority: PriorityCode | null;
  priorityDate: string | null;
  clockStart: string | null;
  lastValidatedOn: string | null;
  lastHarmReviewOn: string | null;
}

/** The flags of a pathway on `today` (London), in the order of `prioritisationFlags`. */
export function flagsOf(
  pathway: FlagInputs,
  today: string,
  thresholdWeeks: readonly number[],
): PrioritisationFlag[] {
  const flags: PrioritisationFlag[] = [];
  const limit = pathway.priority ? priorityLimitDays[pathway.priority] : null;
  if (limit !== null && pathway.priorityDate && daysBetween(pathway.priorityDate, today) > limit)
    flags.push('priority_breached');
  if (pathway.clockStart) {
    if (
      daysBetween(pathway.clockStart, today) >= validationIntervalDays &&
      (pathway.lastValidatedOn === null ||
        daysBetween(pathway.lastValidatedOn, today) >= validationIntervalDays)
    )
      flags.push('validation_due');
    const crossedOn = harmThresholdCrossedOn(pathway.clockStart, today, thresholdWeeks);
    if (crossedOn !== null && (pathway.lastHarmReviewOn === null || pathway.lastHarmReviewOn < crossedOn))
      flags.push('harm_review_due');
  }
  return flags;
}

/**
 * When the next validation is due: 12 weeks from the clock start, or from the last validation if
 * that is later. Null without a clock start.
 */
export function nextValidationDueOn(
  clockStart: string | null,
  lastValidatedOn: string | null,
): string | null {
  if (!clockStart) return null;
  const fromStart = addDays(clockStart, validationIntervalDays);
  if (!lastValidatedOn) return fromStart;
  const fromLast = addDays(lastValidatedOn, validationIntervalDays);
  return fromLast > fromStart ? fromLast : fromStart;
}

export const validationOutcomes = ['remain', 'postpone', 'remove'] as const;
export const validationOutcomeLabels: Record<(typeof validationOutcomes)[number], string> = {
  remain: 'Remain on the waiting list',
  postpone: 'Postpone at the patient’s choice (P5 or P6)',
  remove: 'Remove from the waiting list (clinical decision)',
};
export const validationContacts = ['phone', 'letter', 'digital', 'in_person'] as const;
export const validationContactLabels: Record<(typeof validationContacts)[number], string> = {
  phone: 'Phone',
  letter: 'Letter',
  digital: 'Digital (text, email or app)',
  in_person: 'In person',
};
export const harmLevels = ['none', 'mild', 'moderate', 'severe'] as const;
export const harmLevelSchema = z.enum(harmLevels);
export type HarmLevel = z.infer<typeof harmLevelSchema>;
export const harmLevelLabels: Record<HarmLevel, string> = {
  none: 'No harm',
  mild: 'Mild harm',
  moderate: 'Moderate harm',
  severe: 'Severe harm',
};
export const harmActions = ['moved_up_category', 'patient_told', 'gp_told', 'discharge_considered'] as const;
export const harmActionLabels: Record<(typeof harmActions)[number], string> = {
  moved_up_category: 'Moved up one priority category',
  patient_told: 'Patient told',
  gp_told: 'GP told',
  discharge_considered: 'Discharge considered',
};

/** A reason or note: 1–500 characters as typed (trimmed), no NUL or direction controls. */
export const maxPrioritisationTextLength = 500;
const freeText = z
  .string()
  .max(5_000)
  .refine((value) => !hasBidiControls(value), bidiControlMessage);

/**
 * Messages of the pathway's forms (docs/prioritisation.md); each names the field it is about, as
 * the error summary links to it.
 */
export const prioritisationMessages = {
  priorityRequired: 'Select the new priority',
  priorityUnchanged: 'Select a priority different from the current one',
  reasonRequired: 'Enter the reason',
  reasonTooLong: `The reason must be ${maxPrioritisationTextLength} characters or fewer`,
  noteTooLong: `The note must be ${maxPrioritisationTextLength} characters or fewer`,
  outcomeRequired: 'Select the outcome of the validation',
  contactRequired: 'Select how the patient was contacted',
  postponeToRequired: 'Select P5 or P6 for a postponed pathway',
  removeNoteRequired: 'Enter the clinical decision to remove the pathway',
  levelRequired: 'Select the level of harm',
  moveUpNeedsHarm: 'Move up a category only after moderate or severe harm',
  moveUpPatientChoice:
    'This pathway is postponed at the patient’s choice (P5 or P6) or has no priority: change the priority instead',
  adjustmentRequired: 'Select your view of the risk',
  noAdjustment: 'There is no risk adjustment to remove',
  notScored: 'The pathway has no risk from the model to adjust',
  thresholdsInvalid: 'Enter 1 to 5 whole numbers of weeks between 1 and 260, each once',
  notOnList: 'The pathway is no longer on the active waiting list',
} as const;

export const priorityChangeRequestSchema = z.object({
  priorityCode: priorityCodeSchema.optional().meta({ examples: ['P2'] }),
  reason: freeText.optional().meta({ examples: ['Pain now uncontrolled with oral analgesia'] }),
});
export type PriorityChangeRequest = z.infer<typeof priorityChangeRequestSchema>;

export const validationRequestSchema = z.object({
  outcome: z
    .enum(validationOutcomes)
    .optional()
    .meta({ examples: ['remain'] }),
  contact: z
    .enum(validationContacts)
    .optional()
    .meta({ examples: ['phone'] }),
  /** With the outcome postpone: the code the patient's choice gives (P5 or P6). */
  postponeTo: z.enum(['P5', 'P6']).optional(),
  note: freeText.optional().meta({ examples: ['Still wishes to have surgery; no change in mobility'] }),
});
export type ValidationRequest = z.infer<typeof validationRequestSchema>;

export const harmReviewRequestSchema = z.object({
  level: harmLevelSchema.optional().meta({ examples: ['moderate'] }),
  actions: z
    .array(z.enum(harmActions))
    .max(harmActions.length)
    .default([])
    .meta({
      examples: [['moved_up_category', 'patient_told', 'gp_told']],
    }),
  note: freeText.optional(),
});
export type HarmReviewRequest = z.infer<typeof harmReviewRequestSchema>;

export const riskAdjustmentRequestSchema = z.object({
  prediction: predictionSchema.optional().meta({ examples: ['high'] }),
  reason: freeText.optional().meta({ examples: ['Recent fall and new anticoagulation not in the record'] }),
});
export type RiskAdjustmentRequest = z.infer<typeof riskAdjustmentRequestSchema>;

/** The clinician's view of the risk, beside the model's (which it never changes). */
export const riskAdjustmentSchema = z.object({
  prediction: predictionSchema,
  reason: z.string(),
  by: z.string(),
  /** ISO time it was recorded. */
  on: z.string(),
});
export type RiskAdjustment = z.infer<typeof riskAdjustmentSchema>;

export const harmReviewSummarySchema = z.object({ level: harmLevelSchema, reviewedOn: z.string() });

/** The worklist's and the matrix's filters (all optional, combined with AND). */
export const worklistFilterSchema = z.object({
  risk: riskBandSchema.optional(),
  wait: waitBandSchema.optional(),
  flag: prioritisationFlagSchema.optional(),
  /** A priority code, or `none` for pathways without one. */
  priority: z.enum([...priorityCodes, 'none']).optional(),
  surgeonName: z.string().max(100).optional(),
  // As the total records list reads it: spaces and hyphens ignored, up to 10 digits.
  nhsNumber: activeRecordsFilterSchema.shape.nhsNumber,
});
export type WorklistFilter = z.infer<typeof worklistFilterSchema>;

export const worklistSorts = ['longest_wait', 'highest_risk', 'priority'] as const;
export const worklistSortSchema = z.enum(worklistSorts);
export type WorklistSort = z.infer<typeof worklistSortSchema>;
export const worklistSortLabels: Record<WorklistSort, string> = {
  longest_wait: 'Longest wait',
  highest_risk: 'Highest risk',
  priority: 'Most urgent priority',
};

export const worklistQuerySchema = worklistFilterSchema.extend({
  sort: worklistSortSchema.default('longest_wait'),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

export const worklistExportQuerySchema = worklistFilterSchema.extend({
  sort: worklistSortSchema.default('longest_wait'),
  fileType: z.enum(['csv', 'xlsx']),
});
export type WorklistExportQuery = z.infer<typeof worklistExportQuerySchema>;

export const worklistItemSchema = z.object({
  id: z.string(),
  nhsNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  priority: priorityCodeSchema.nullable(),
  priorityDate: z.string().nullable(),
  clockStart: z.string().nullable(),
  /** Days since the clock start (London dates); null without one. */
  daysWaited: z.number().int().nullable(),
  waitBand: waitBandSchema.nullable(),
  tciDate: z.string().nullable(),
  /** The model's band of a processed pathway. */
  prediction: predictionSchema.nullable(),
  probability: z.number().nullable(),
  /** The clinician's view of the risk, when one is recorded. */
  adjustedPrediction: predictionSchema.nullable(),
  flags: z.array(prioritisationFlagSchema),
  lastValidatedOn: z.string().nullable(),
  nextValidationDue: z.string().nullable(),
  lastHarmReview: harmReviewSummarySchema.nullable(),
});
export type WorklistItem = z.infer<typeof worklistItemSchema>;
export const worklistSchema = pagedSchema(worklistItemSchema);
export type Worklist = z.infer<typeof worklistSchema>;

export const matrixSchema = z.object({
  /** Every risk band × wait band, in the order of `riskBands` then `waitBands`, zeros included. */
  cells: z.array(z.object({ risk: riskBandSchema, wait: waitBandSchema, count: z.number().int() })),
  flags: z.object({
    priority_breached: z.number().int(),
    validation_due: z.number().int(),
    harm_review_due: z.number().int(),
  }),
  /** Matching pathways, with those without a clock start. */
  total: z.number().int(),
  /** Matching pathways with no clock start (nor referral date): they have no wait band. */
  withoutClockStart: z.number().int(),
  /** The London day the waits are counted to. */
  today: z.string(),
});
export type Matrix = z.infer<typeof matrixSchema>;

export const equityGroupings = ['sex', 'ethnicGroup', 'ageBand'] as const;
export const equityQuerySchema = z.object({ by: z.enum(equityGroupings) });
export type EquityGrouping = (typeof equityGroupings)[number];
/** Groups of fewer pathways than this show their size as "<10" and no figures. */
export const equitySmallGroup = 10;

const equityFiguresSchema = z.object({
  /** The number of pathways, or "<10" for a small group (then the figures are null). */
  n: z.union([z.number().int(), z.literal('<10')]),
  medianDaysWaited: z.number().nullable(),
  over18Weeks: z.number().int().nullable(),
  over52Weeks: z.number().int().nullable(),
});
export const equityGroupSchema = equityFiguresSchema.extend({
  group: z.string(),
  byPriority: z.array(equityFiguresSchema.extend({ priority: z.string() })),
});
export const equitySchema = z.object({
  by: z.enum(equityGroupings),
  today: z.string(),
  groups: z.array(equityGroupSchema),
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

/** A dated entry of a pathway's prioritisation history; the fields its kind uses, null otherwise. */
export const prioritisationEntryKinds = ['priority', 'validation', 'harm_review', 'risk_adjustment'] as const;
export const prioritisationEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(prioritisationEntryKinds),
  /** ISO time recorded. */
  recordedAt: z.string(),
  recordedBy: z.string(),
  priorityCode: priorityCodeSchema.nullable(),
  previousPriorityCode: priorityCodeSchema.nullable(),
  reason: z.string().nullable(),
  outcome: z.enum(validationOutcomes).nullable(),
  contact: z.enum(validationContacts).nullable(),
  level: harmLevelSchema.nullable(),
  actions: z.array(z.enum(harmActions)),
  note: z.string().nullable(),
  /** A risk adjustment's band; null on one that removed the adjustment. */
  prediction: predictionSchema.nullable(),
  /** The model's band when the adjustment was recorded. */
  modelPrediction: predictionSchema.nullable(),
});
export type PrioritisationEntry = z.infer<typeof prioritisationEntrySchema>;

/** A pathway's prioritisation now, with its history, latest first. */
export const pathwayPrioritisationSchema = z.object({
  id: z.string(),
  nhsNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isActive: z.boolean(),
  priority: priorityCodeSchema.nullable(),
  priorityDate: z.string().nullable(),
  /** Who set the current priority in this service; null when it came from the waiting list. */
  prioritySetBy: z.string().nullable(),
  /** The day after which the priority is breached; null for P4–P6 or without a priority. */
  priorityDueBy: z.string().nullable(),
  clockStart: z.string().nullable(),
  daysWaited: z.number().int().nullable(),
  waitBand: waitBandSchema.nullable(),
  lastValidatedOn: z.string().nullable(),
  nextValidationDue: z.string().nullable(),
  lastHarmReview: harmReviewSummarySchema.nullable(),
  harmReviewThresholdWeeks: z.array(z.number().int()),
  prediction: predictionSchema.nullable(),
  probability: z.number().nullable(),
  adjustment: riskAdjustmentSchema.nullable(),
  flags: z.array(prioritisationFlagSchema),
  today: z.string(),
  history: z.array(prioritisationEntrySchema),
});
export type PathwayPrioritisation = z.infer<typeof pathwayPrioritisationSchema>;

export const prioritisationSettingsSchema = z.object({
  harmReviewThresholdWeeks: z.array(z.number().int()),
});
export const prioritisationSettingsRequestSchema = z.object({
  harmReviewThresholdWeeks: z.array(z.coerce.number()).max(20).optional(),
});
export type PrioritisationSettings = z.infer<typeof prioritisationSettingsSchema>;

/** The band a stored prediction shows as, for the screens (re-exported for one import). */
export type { Prediction };
