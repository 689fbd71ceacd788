import { z } from 'zod';
import { riskLabels } from './risk-band.js';

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
  'optimisation_open',
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
  optimisation_open: 'Optimisation open',
};

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
  /** A risk factor to optimise before surgery is not yet closed (decision 0072). */
  optimisationOpen?: boolean;
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
  if (pathway.optimisationOpen) flags.push('optimisation_open');
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
