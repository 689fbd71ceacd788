import type { CusumDirection } from '@esr/contracts/model-performance';
import type { ModelVersion, Recalibration, RecalibrationRequest } from '@esr/contracts/models';
import { formatDate } from '../../../lib/dates';

/**
 * A model version and its card in words (decision 0046): where it came from, how it did on the
 * trust's outcomes, and how a recalibrated one was made. Ratios and calibration with two decimals,
 * AUROC and the map's coefficients with three, counts with thousands separators.
 */

/** What a figure the data could not give shows. */
export const notCalculated = 'not calculated';

/** `value` with exactly `decimals` decimals; one that rounds to nothing is 0, never -0. */
export function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return Number(text) === 0 ? text.replace(/^-/, '') : text;
}

export const countText = (count: number): string => count.toLocaleString('en-GB');

const counted = (count: number, one: string, many: string) =>
  `${countText(count)} ${count === 1 ? one : many}`;

/** A probability as a percentage, as the risk bands are given: 0.2 is '20%', 0.075 is '7.5%'. */
export const percentText = (value: number): string => `${fixed(value * 100, 1).replace(/\.0$/, '')}%`;

/** The first characters of a SHA-256 that the versions table shows. */
export const shortHashLength = 12;

/** Uploaded, or recalibrated from an earlier version. */
export function sourceText(version: Pick<ModelVersion, 'source' | 'baseVersion'>): string {
  if (version.source === 'uploaded') return 'Uploaded';
  return version.baseVersion === null ? 'Recalibrated' : `Recalibrated from version ${version.baseVersion}`;
}

/** The warning after figures from too few complications. */
export const tooFewEventsText = 'fewer than 100 complications, so uncertain';

/**
 * How a version's predictions did on the trust's recorded outcomes: 'O/E 1.13, AUROC 0.712 (412
 * patients)', '… — fewer than 100 complications, so uncertain' below the threshold, or 'No outcomes yet'.
 */
export function localPerformanceText(performance: ModelVersion['localPerformance']): string {
  if (!performance) return 'No outcomes yet';
  const oe = performance.oe === null ? `O/E ${notCalculated}` : `O/E ${fixed(performance.oe, 2)}`;
  const auroc =
    performance.auroc === null ? `AUROC ${notCalculated}` : `AUROC ${fixed(performance.auroc, 3)}`;
  const text = `${oe}, ${auroc} (${counted(performance.n, 'patient', 'patients')})`;
  return performance.enoughEvents ? text : `${text} — ${tooFewEventsText}`;
}

/**
 * Who last decided about a version, and when, as the versions table and the review page say it
 * (decision 0060): the open proposal, the decline with its reason, or who made it active.
 */
export interface ApprovalFacts {
  /** 'Proposed by', 'Declined by', 'Made active by'; 'Made active' or 'Not proposed' with no one. */
  label: string;
  by: string | null;
  at: string | null;
  reason: string | null;
}

export function approvalFacts(
  version: Pick<ModelVersion, 'status' | 'proposal' | 'declined' | 'activatedBy' | 'activatedAt'>,
): ApprovalFacts {
  const { proposal, declined } = version;
  if (version.status === 'awaiting approval' && proposal)
    return { label: 'Proposed by', by: proposal.by, at: proposal.at, reason: null };
  if (version.status === 'declined' && declined)
    return { label: 'Declined by', by: declined.by, at: declined.at, reason: declined.reason };
  if (version.status === 'active' || version.status === 'superseded')
    // A version installed active (the demonstration models) was made active by no one.
    return version.activatedBy
      ? { label: 'Made active by', by: version.activatedBy, at: version.activatedAt, reason: null }
      : { label: 'Made active', by: null, at: version.activatedAt, reason: null };
  return { label: 'Not proposed', by: null, at: null, reason: null };
}

/** What waits while a version awaits approval: the active version carries on until then. */
export const awaitingApprovalText = (activeVersion: number | undefined): string =>
  activeVersion === undefined
    ? 'It is awaiting approval by a clinical safety officer, and scores no patients until then.'
    : `It is awaiting approval by a clinical safety officer; version ${activeVersion} stays active until then.`;

/** What /upload-model says after an upload (decision 0060: it waits for approval). */
export const uploadedNotice = (version: number, activeVersion: number | undefined) =>
  `Version ${version} uploaded. ${awaitingApprovalText(activeVersion)}`;

/** What /upload-model says after a technical admin proposes an earlier version (a rollback). */
export const proposedNotice = (version: number, activeVersion: number | undefined) =>
  `Version ${version} proposed. ${awaitingApprovalText(activeVersion)}`;

/** What /upload-model says once a clinical safety officer has approved a version. */
export const approvedNotice = (version: number) =>
  `Version ${version} approved: it is now the active version. The list is being re-scored.`;

/** What /upload-model says once a clinical safety officer has declined a version. */
export const declinedNotice = (version: number, activeVersion: number | undefined) =>
  `Version ${version} declined.${activeVersion === undefined ? '' : ` Version ${activeVersion} stays active.`}`;

/** What goes before the item at `index` of a list of `count` in a sentence: '', ', ' or ' and '. */
export const listSeparator = (index: number, count: number): string =>
  index === 0 ? '' : index === count - 1 ? ' and ' : ', ';

/**
 * The unacknowledged signals of one CUSUM of a procedure's whole list (decision 0061), oldest
 * first, as the words before the days, the days, and the words after them, so that a screen can
 * keep each day whole.
 */
export const openSignalWords = (
  procedureName: string,
  direction: CusumDirection,
  dates: readonly string[],
) => ({
  before: `The CUSUM for ${procedureName.toLowerCase()} signalled on `,
  days: dates.map((date) => formatDate(date)),
  after: `: ${direction === 'worse' ? 'more' : 'fewer'} complications than the model predicts.`,
});

/**
 * The same in one sentence: 'The CUSUM for knee replacement signalled on 28-Jul-2026: more
 * complications than the model predicts.'
 */
export function openSignalText(procedureName: string, direction: CusumDirection, dates: readonly string[]) {
  const { before, days, after } = openSignalWords(procedureName, direction, dates);
  return `${before}${days.map((day, index) => `${listSeparator(index, days.length)}${day}`).join('')}${after}`;
}

/** The open signals by procedure and CUSUM, in the order given, each CUSUM's dates in theirs. */
export function signalsByChart<Procedure extends string>(
  signals: readonly { procedure: Procedure; direction: CusumDirection; date: string }[],
): { procedure: Procedure; direction: CusumDirection; dates: string[] }[] {
  const charts = new Map<string, { procedure: Procedure; direction: CusumDirection; dates: string[] }>();
  for (const { procedure, direction, date } of signals) {
    const key = `${procedure} ${direction}`;
    const chart = charts.get(key) ?? { procedure, direction, dates: [] };
    chart.dates.push(date);
    charts.set(key, chart);
  }
  return [...charts.values()];
}

/** The recalibration methods a technical admin may ask for (the form recommends auto). */
export const recalibrationMethodLabels: Record<RecalibrationRequest['method'], string> = {
  auto: 'Let the data choose',
  intercept: 'Adjust the overall level (intercept)',
  logistic: 'Adjust the level and spread (intercept and slope)',
};

/** What was fitted: with auto, the least extensive update the data support, which may be none. */
export const fittedMethodText: Record<Recalibration['method'], string> = {
  none: "No change: the data did not show the model's risks to be too high or too low",
  intercept: 'The overall level (intercept)',
  logistic: 'The level and spread (intercept and slope)',
};

/**
 * The dates of operation a fit used: 'operated between 01-Jun-2025 and 31-May-2026', or open at
 * either end.
 */
export function operatedText(from: string | null, to: string | null): string {
  if (from && to) return `operated between ${formatDate(from)} and ${formatDate(to)}`;
  if (from) return `operated from ${formatDate(from)}`;
  if (to) return `operated up to ${formatDate(to)}`;
  return 'operated on any date';
}

const maybe = (value: number | null, decimals: number) =>
  value === null ? notCalculated : fixed(value, decimals);

/** A calibration estimate: 'intercept 0.21, slope 0.93, O/E 1.18'. */
export const calibrationText = (estimate: Recalibration['before']): string =>
  `intercept ${maybe(estimate.intercept, 2)}, slope ${maybe(estimate.slope, 2)}, O/E ${maybe(estimate.oe, 2)}`;

/**
 * The map a recalibrated version applies and what it was fitted on, with the calibration before and
 * after (out of sample).
 */
export function recalibrationMapText(recalibration: Recalibration): string {
  const { intercept, slope, n, events, from, to, before, after, intervals } = recalibration;
  const within = (interval: { lower: number; upper: number } | null | undefined) =>
    interval ? ` (95% interval ${fixed(interval.lower, 3)} to ${fixed(interval.upper, 3)})` : '';
  return (
    `logit(p′) = a + b·logit(p) with a = ${fixed(intercept, 3)}${within(intervals?.intercept)}, b = ${fixed(slope, 3)}${within(intervals?.slope)}, ` +
    `fitted on ${counted(n, 'patient', 'patients')} and ${counted(events, 'complication', 'complications')} ` +
    `${operatedText(from, to)}; calibration before: ${calibrationText(before)}; after: ${calibrationText(after)}.`
  );
}

/** What a recalibration leaves as it was, said on a recalibrated version's card. */
export const contributionsScaleText =
  "The factors' contributions shown on each risk summary stay on the base model's scale.";
