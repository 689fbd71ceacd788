import { z } from 'zod';
import { pagedSchema } from './paging.js';
import { riskLabels } from './risk-band.js';
import {
  activeRecordsFilterSchema,
  predictionSchema,
  recordStatusSchema,
  recordText,
  type Prediction,
} from './open-pathways.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';
import { hiddenFigureSchema } from './small-groups.js';
import { decimalNumber, multiLine, singleLine } from './text-rules.js';

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

/**
 * Risk rows of the matrix: the model's band of a processed pathway; then, with no band (decision
 * 0057), incomplete (scored, a required input missing), excluded (outside the model's population,
 * not scored), and not_processed (waiting to be scored, or could not be scored).
 */
export const riskBands = [
  'high',
  'medium',
  'low',
  'incomplete',
  'excluded',
  'not_processed',
  'suspended',
] as const;
export const riskBandSchema = z.enum(riskBands);
export type RiskBand = z.infer<typeof riskBandSchema>;
export const riskBandLabels: Record<RiskBand, string> = {
  ...riskLabels,
  incomplete: 'Incomplete',
  excluded: 'Not scored (outside the model’s population)',
  not_processed: 'Not processed',
  suspended: 'Predictions suspended',
};
/** The rows without a band from the model (decisions 0057 and 0063). */
export const unbandedRiskBands: readonly RiskBand[] = [
  'incomplete',
  'excluded',
  'not_processed',
  'suspended',
];
const riskBandsText =
  'high, medium or low (the model’s band of a processed pathway), incomplete (scored, but a required input is missing: no band), excluded (outside the model’s population: not scored), not_processed (waiting to be scored, or could not be scored) or suspended (scored, while the clinical safety officer has suspended the predictions: every scored pathway is in it, decision 0063)';

/**
 * The worklist's flags. Two are decision 0056's: a P1a, P1b or P2 pathway postponed at the
 * patient's request waits for a clinician's decision, and a prediction made from details a clerical
 * user changed waits for a clinician's review. The last is decision 0057's: the model was given a
 * default for an input the record lacks.
 */
export const prioritisationFlags = [
  'priority_breached',
  'validation_due',
  'harm_review_due',
  'clinician_review_due',
  'clerical_change_unreviewed',
  'missing_inputs',
  'tci_passed',
] as const;
export const prioritisationFlagSchema = z.enum(prioritisationFlags);
export type PrioritisationFlag = z.infer<typeof prioritisationFlagSchema>;
export const flagLabels: Record<PrioritisationFlag, string> = {
  priority_breached: 'Priority breached',
  validation_due: 'Validation due',
  harm_review_due: 'Harm review due',
  clinician_review_due: 'Clinician review due',
  clerical_change_unreviewed: 'Changed by clerical staff, not reviewed',
  missing_inputs: 'Missing inputs',
  tci_passed: 'TCI date passed',
};
const flagsText =
  'priority_breached, validation_due, harm_review_due, clinician_review_due (a P1a, P1b or P2 pathway postponed at the patient’s request, until a clinician decides its priority), clerical_change_unreviewed (a prediction made from details a clerical user changed, until a clinician marks it reviewed) missing_inputs (the model was given a default for an input the record lacks) or tci_passed (the date to come in for surgery has passed and the pathway is still on the list: the operation was cancelled, or done and not recorded)';

/**
 * The priorities whose postponement at the patient's request (P5 or P6) waits for a clinician's
 * decision (decision 0056): the urgent ones, whose breach stays counted meanwhile.
 */
export const priorityReviewedAfterPostponing: readonly PriorityCode[] = ['P1a', 'P1b', 'P2'];

/**
 * Said beside the priority choice (hazard H008): the model predicts complications after surgery,
 * not how urgent the surgery is.
 */
export const lowRiskIsNotUrgency =
  'The predicted risk is the chance of a complication after surgery, not how urgent the surgery is. A low predicted risk is not a reason to lower a clinical priority.';

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
  /**
   * While a clinician's review is due after a P1a, P1b or P2 pathway was postponed at the patient's
   * request (decision 0056): the priority before it and that priority's date; null or absent otherwise.
   */
  postponedFrom?: { priority: PriorityCode; priorityDate: string | null } | null;
  /** A prediction made from details a clerical user changed waits for a clinician's review (decision 0056). */
  clericalChangeUnreviewed?: boolean;
  /** The model was given a default for an input the record lacks (decision 0057). */
  missingInputs?: boolean;
  /** The date to come in for surgery (TCI), YYYY-MM-DD; null or absent when none is booked. */
  tciDate?: string | null;
}

/** Past the priority's limit: more days since the priority date than the code allows. */
function breached(priority: PriorityCode | null, priorityDate: string | null, today: string): boolean {
  const limit = priority ? priorityLimitDays[priority] : null;
  return limit !== null && priorityDate !== null && daysBetween(priorityDate, today) > limit;
}

/** The flags of a pathway on `today` (London), in the order of `prioritisationFlags`. */
export function flagsOf(
  pathway: FlagInputs,
  today: string,
  thresholdWeeks: readonly number[],
): PrioritisationFlag[] {
  const flags: PrioritisationFlag[] = [];
  const { postponedFrom } = pathway;
  // A postponement waiting for a clinician keeps the breach of the priority it postponed.
  if (
    breached(pathway.priority, pathway.priorityDate, today) ||
    (postponedFrom && breached(postponedFrom.priority, postponedFrom.priorityDate, today))
  )
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
  if (postponedFrom) flags.push('clinician_review_due');
  if (pathway.clericalChangeUnreviewed) flags.push('clerical_change_unreviewed');
  if (pathway.missingInputs) flags.push('missing_inputs');
  // Still on the list after the day they were to come in: cancelled, or operated and not recorded.
  if (pathway.tciDate && pathway.tciDate < today) flags.push('tci_passed');
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

/**
 * A reason or note: 1–500 characters as typed (trimmed), no NUL, direction controls or control
 * characters; typed in a text area, so it may run over several lines.
 */
export const maxPrioritisationTextLength = 500;
const freeText = z
  .string()
  .max(5_000)
  .refine((value) => !hasBidiControls(value), bidiControlMessage)
  .check(multiLine);

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
  priorityCode: priorityCodeSchema.optional().meta({
    description:
      'The new clinical priority, P1a to P6: required, and different from the current one, except while a clinician’s review of a postponement is due, when the current one confirms it',
    example: 'P2',
  }),
  reason: freeText.optional().meta({
    description: 'Why: required, up to 500 characters',
    example: 'Pain now uncontrolled with oral analgesia',
  }),
});
export type PriorityChangeRequest = z.infer<typeof priorityChangeRequestSchema>;

export const validationRequestSchema = z.object({
  outcome: z.enum(validationOutcomes).optional().meta({
    description:
      'Required: remain (on the list), postpone (at the patient’s choice) or remove (a clinical decision, taking the pathway off the list)',
    example: 'remain',
  }),
  contact: z.enum(validationContacts).optional().meta({
    description: 'Required: how the patient was contacted: phone, letter, digital or in_person',
    example: 'phone',
  }),
  postponeTo: z.enum(['P5', 'P6']).optional().meta({
    description:
      'With postpone, required: P5 (COVID-19 concerns) or P6 (other reasons), which becomes the priority',
    example: 'P6',
  }),
  note: freeText.optional().meta({
    description: 'A note, up to 500 characters; with remove, required: the clinical decision',
    example: 'Still wishes to have surgery; no change in mobility',
  }),
});
export type ValidationRequest = z.infer<typeof validationRequestSchema>;

export const harmReviewRequestSchema = z.object({
  level: harmLevelSchema.optional().meta({
    description: 'Required: the level of harm: none, mild, moderate or severe',
    example: 'moderate',
  }),
  actions: z
    .array(z.enum(harmActions))
    .max(harmActions.length)
    .default([])
    .meta({
      description:
        'The actions taken: moved_up_category (with moderate or severe harm: moves the priority up one category, never past P1b), patient_told, gp_told, discharge_considered',
      example: ['moved_up_category', 'patient_told', 'gp_told'],
    }),
  note: freeText.optional().meta({
    description: 'A note, up to 500 characters',
    example: 'Mobility worse; now needs a stick indoors',
  }),
});
export type HarmReviewRequest = z.infer<typeof harmReviewRequestSchema>;

export const riskAdjustmentRequestSchema = z.object({
  prediction: predictionSchema.optional().meta({
    description: 'Required: the clinician’s view of the risk: high, medium (shown as moderate) or low',
    example: 'high',
  }),
  reason: freeText.optional().meta({
    description: 'Why: required, up to 500 characters',
    example: 'Recent fall and new anticoagulation not in the record',
  }),
});
export type RiskAdjustmentRequest = z.infer<typeof riskAdjustmentRequestSchema>;

/** The clinician's view of the risk, beside the model's (which it never changes). */
export const riskAdjustmentSchema = z.object({
  prediction: predictionSchema.describe('The clinician’s view of the risk: high, medium or low'),
  reason: z.string().describe('Why, as the clinician wrote it'),
  by: z.string().describe('The name of the clinician who recorded it'),
  on: z.string().describe('When it was recorded: ISO 8601, UTC'),
});
export type RiskAdjustment = z.infer<typeof riskAdjustmentSchema>;

export const harmReviewSummarySchema = z.object({
  level: harmLevelSchema.describe('The level of harm found: none, mild, moderate or severe'),
  reviewedOn: z.string().describe('The day of the review, YYYY-MM-DD'),
});

/** The words of a pathway's prioritisation fields, the same on the worklist and the pathway's page. */
const pathwayText = {
  priority: 'The clinical priority, P1a to P6; null when the pathway has none',
  priorityDate: 'The day the priority took effect, YYYY-MM-DD: its breach is counted from it',
  clockStart:
    'The RTT clock start, YYYY-MM-DD (the referral date when the list gave none); null without either',
  daysWaited: 'Days since the clock start, in London calendar days; null without one',
  waitBand: 'The wait band: 0-18, 18-52, 52-65, 65-78, 78-104 or 104+ weeks; null without a clock start',
  flags: `The flags raised today: ${flagsText}`,
  lastValidatedOn:
    'The day of the last validation, YYYY-MM-DD (the list’s or one recorded here); null if never',
  nextValidationDue: 'The day the next validation is due, YYYY-MM-DD; null without a clock start',
  lastHarmReview: 'The last harm review recorded; null if none',
  today: 'The London day the waits and flags are counted to, YYYY-MM-DD',
} as const;

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

/** A dated entry of a pathway's prioritisation history; the fields its kind uses, null otherwise. */
export const prioritisationEntryKinds = ['priority', 'validation', 'harm_review', 'risk_adjustment'] as const;
export const prioritisationEntrySchema = z.object({
  id: z.string().describe('The entry’s id'),
  kind: z
    .enum(prioritisationEntryKinds)
    .describe('What was recorded: priority, validation, harm_review or risk_adjustment'),
  recordedAt: z.string().describe('When it was recorded: ISO 8601, UTC'),
  recordedBy: z.string().describe('The name of the user who recorded it'),
  priorityCode: priorityCodeSchema
    .nullable()
    .describe('The priority it set (a priority change, a postponing validation, a harm review moving it up)'),
  previousPriorityCode: priorityCodeSchema.nullable().describe('The priority before it, when it set one'),
  reason: z.string().nullable().describe('The reason given (a priority change or a risk adjustment)'),
  outcome: z
    .enum(validationOutcomes)
    .nullable()
    .describe('A validation’s outcome: remain, postpone or remove'),
  contact: z
    .enum(validationContacts)
    .nullable()
    .describe('How a validation reached the patient: phone, letter, digital or in_person'),
  level: harmLevelSchema.nullable().describe('A harm review’s level of harm: none, mild, moderate or severe'),
  actions: z.array(z.enum(harmActions)).describe('A harm review’s actions; empty for other kinds'),
  note: z.string().nullable().describe('The note given (a validation or a harm review)'),
  prediction: predictionSchema
    .nullable()
    .describe('A risk adjustment’s band: high, medium or low; null on one that removed the adjustment'),
  modelPrediction: predictionSchema.nullable().describe('The model’s band when the adjustment was recorded'),
});
export type PrioritisationEntry = z.infer<typeof prioritisationEntrySchema>;

/**
 * The priority a validation postponed at the patient's request, while a clinician's decision is due
 * (decision 0056): its breach is still counted from its date.
 */
export const postponedFromSchema = z.object({
  priority: priorityCodeSchema.describe('The priority before the postponement: P1a, P1b or P2'),
  priorityDate: z
    .string()
    .nullable()
    .describe('Its priority date, YYYY-MM-DD, from which its breach is counted'),
  dueBy: z
    .string()
    .nullable()
    .describe('The day after which it is breached, YYYY-MM-DD; null without a priority date'),
});
export type PostponedFrom = z.infer<typeof postponedFromSchema>;

/** A pathway's prioritisation now, with its history, latest first. */
export const pathwayPrioritisationSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  isActive: z
    .boolean()
    .describe('True while the pathway is on the active list; false once archived (read-only)'),
  priority: priorityCodeSchema.nullable().describe(pathwayText.priority),
  priorityDate: z.string().nullable().describe(pathwayText.priorityDate),
  prioritySetBy: z
    .string()
    .nullable()
    .describe('Who set the current priority in this service; null when it came from the waiting list'),
  priorityDueBy: z
    .string()
    .nullable()
    .describe(
      'The day after which the priority is breached, YYYY-MM-DD; null for P4 to P6 or without a priority',
    ),
  clockStart: z.string().nullable().describe(pathwayText.clockStart),
  daysWaited: z.number().int().nullable().describe(pathwayText.daysWaited),
  waitBand: waitBandSchema.nullable().describe(pathwayText.waitBand),
  lastValidatedOn: z.string().nullable().describe(pathwayText.lastValidatedOn),
  nextValidationDue: z.string().nullable().describe(pathwayText.nextValidationDue),
  lastHarmReview: harmReviewSummarySchema.nullable().describe(pathwayText.lastHarmReview),
  harmReviewThresholdWeeks: z
    .array(z.number().int())
    .describe('The trust’s harm-review thresholds in weeks, e.g. [52, 78, 104]'),
  prediction: predictionSchema.nullable().describe(recordText.prediction),
  probability: z.number().nullable().describe(recordText.probability),
  riskStatus: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Where the pathway has no band, why: "Incomplete: haemoglobin not recorded", "Not scored: outside the model’s population (…)" (decision 0057); null otherwise',
    ),
  adjustment: riskAdjustmentSchema
    .nullable()
    .describe('The clinician’s view of the risk; null when none is recorded'),
  flags: z.array(prioritisationFlagSchema).describe(pathwayText.flags),
  /** Decision 0056. */
  postponedFrom: postponedFromSchema
    .nullable()
    .describe(
      'While a clinician’s review is due after a P1a, P1b or P2 pathway was postponed at the patient’s request: the priority it was postponed from; null otherwise',
    ),
  today: z.string().describe(pathwayText.today),
  history: z.array(prioritisationEntrySchema).describe('Every entry recorded, latest first'),
});
export type PathwayPrioritisation = z.infer<typeof pathwayPrioritisationSchema>;

export const prioritisationSettingsSchema = z.object({
  harmReviewThresholdWeeks: z
    .array(z.number().int())
    .describe(
      'The trust’s harm-review thresholds in weeks, in order (52, 78 and 104 unless the trust set its own)',
    ),
});
export const prioritisationSettingsRequestSchema = z.object({
  harmReviewThresholdWeeks: z
    .array(decimalNumber(z.number(), prioritisationMessages.thresholdsInvalid))
    .max(20)
    .optional()
    .meta({
      description: 'Required: 1 to 5 whole numbers of weeks between 1 and 260, each once',
      example: [40, 52, 78, 104],
    }),
});
export type PrioritisationSettings = z.infer<typeof prioritisationSettingsSchema>;

/** The band a stored prediction shows as, for the screens (re-exported for one import). */
export type { Prediction };
