import {
  enoughEventsThreshold,
  type CusumDirection,
  groupFlagReasons,
  type ShownGroupFigures,
  type ModelPerformance,
  type PerformanceFigures,
} from '@esr/contracts/model-performance';
import { formatDate } from '../../../lib/dates';

/**
 * The monitoring figures in words and numbers (decision 0045): counts with thousands separators,
 * rates as percentages with one decimal, ratios with two decimals, AUROC and Brier with three.
 */

/** What a figure that the outcomes cannot give (a fit with too few events) shows. */
export const notCalculated = 'Not calculated';

/** A number with exactly `decimals` decimals; a value that rounds to nothing is 0, never -0. */
export function decimalText(value: number, decimals: number): string {
  const rounded = Number(value.toFixed(decimals));
  return (rounded === 0 ? 0 : rounded).toLocaleString('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

export const countText = (count: number): string => count.toLocaleString('en-GB');

/** A rate between 0 and 1 as a percentage: 0.0752 is '7.5%'. */
export const percentText = (rate: number | null): string =>
  rate === null ? notCalculated : `${decimalText(rate * 100, 1)}%`;

/** An observed / expected ratio, a calibration intercept or slope: '1.13'. */
export const ratioText = (value: number | null): string =>
  value === null ? notCalculated : decimalText(value, 2);

/** An AUROC or a Brier score: '0.712'. */
export const scoreText = (value: number | null): string =>
  value === null ? notCalculated : decimalText(value, 3);

/** An expected number of complications (a sum of probabilities): '27.4'. */
export const expectedText = (value: number): string => decimalText(value, 1);

/**
 * A figure with its 95% interval: '1.13 (95% interval 0.77 to 1.61)', or '1.13 (0.77 to 1.61)' in
 * a table whose column header says what the bracket is.
 */
export function intervalText(
  estimate: { value: number; lower: number; upper: number } | null,
  format: (value: number) => string,
  inTable = false,
): string {
  if (!estimate) return notCalculated;
  const interval = `${format(estimate.lower)} to ${format(estimate.upper)}`;
  return `${format(estimate.value)} (${inTable ? '' : '95% interval '}${interval})`;
}

/** O/E with its interval, or that it cannot be worked out. */
export const oeText = (oe: PerformanceFigures['oe'], inTable = false): string =>
  intervalText(oe && { value: oe.ratio, lower: oe.lower, upper: oe.upper }, ratioText, inTable);

export const aurocText = (auroc: PerformanceFigures['auroc'], inTable = false): string =>
  intervalText(auroc, scoreText, inTable);

const plural = (count: number, one: string, many: string) =>
  `${countText(count)} ${count === 1 ? one : many}`;

/**
 * The headline: 'Of 412 patients operated, 31 had a complication; the model expected 27.4.
 * Observed is 1.13 times expected (95% interval 0.77 to 1.61).' The second sentence only when
 * O/E can be worked out.
 */
export function headlineText(figures: Pick<PerformanceFigures, 'n' | 'events' | 'expected' | 'oe'>): string {
  const had = figures.events === 0 ? 'none' : countText(figures.events);
  const first = `Of ${plural(figures.n, 'patient', 'patients')} operated, ${had} had a complication; the model expected ${expectedText(figures.expected)}.`;
  const { oe } = figures;
  if (!oe) return first;
  return `${first} Observed is ${ratioText(oe.ratio)} times expected (95% interval ${ratioText(oe.lower)} to ${ratioText(oe.upper)}).`;
}

/** The warning when there are too few complications to act on (enoughEvents is false). */
export function fewEventsText(events: number): string {
  const recorded = events === 1 ? '1 complication has' : `${countText(events)} complications have`;
  return `Only ${recorded} been recorded. Below ${enoughEventsThreshold}, these figures are too uncertain to act on: wait for more outcomes before drawing conclusions.`;
}

/** What a CUSUM chart looks for, in words. */
export const cusumDirectionText = (direction: CusumDirection): string =>
  direction === 'worse' ? 'more complications than predicted' : 'fewer complications than predicted';

/**
 * An open CUSUM signal (decision 0061), as the monitoring and model screens lead with it: what it
 * found, and what is to be done about it.
 */
export const cusumSignalText = (signal: { direction: CusumDirection; date: string }): string =>
  `The CUSUM signalled on ${formatDate(signal.date)}: complications have been ${signal.direction === 'worse' ? 'more' : 'less'} frequent than the model predicts. Until the clinical safety officer has reviewed the model and acknowledged the signal, treat its predictions with caution.`;

/**
 * The warning beside a signal when there are few complications (decision 0061: one message per
 * state): the figures are uncertain, but the CUSUM is made to find a change early, so the signal
 * stands.
 */
export const fewEventsBesideSignalText = (events: number): string =>
  `Only ${events === 1 ? '1 complication has' : `${countText(events)} complications have`} been recorded, so the figures below are uncertain; the CUSUM is made to find a change early, with few outcomes, so its signal still needs review.`;

/**
 * Outcomes whose follow-up is not complete (decision 0059), or null when there are none: they count
 * in nothing yet, and the next of them count on a given day.
 */
export function pendingText(pending: ModelPerformance['pending']): string | null {
  if (pending.count <= 0) return null;
  const waiting = pending.count - pending.notKnownYet;
  const parts: string[] = [];
  if (waiting > 0)
    parts.push(
      `${plural(waiting, 'outcome is', 'outcomes are')} not counted yet because 90 days have not passed since the operation` +
        (pending.nextCountOn
          ? `; the next ${pending.nextCount === 1 ? 'counts' : `${countText(pending.nextCount)} count`} from ${formatDate(pending.nextCountOn)}`
          : ''),
    );
  if (pending.notKnownYet > 0)
    parts.push(
      `${plural(pending.notKnownYet, 'outcome is', 'outcomes are')} recorded as “Not known yet”: ${pending.notKnownYet === 1 ? 'it counts' : 'they count'} once a clinician records whether there was a complication`,
    );
  return `${parts.join('. ')}. Until then they are in none of the figures below.`;
}

/** Outcomes kept but not judged, as the summary list says them. */
export const excludedText = (excluded: number): string =>
  `${plural(excluded, 'outcome', 'outcomes')} with no prediction made before the operation`;

/**
 * What clinicians' adjustments of the risk looked like against what happened, or null when no
 * judged patient's risk was adjusted.
 */
export function adjustmentsText(adjustments: ModelPerformance['adjustments']): string | null {
  if (adjustments.adjusted <= 0) return null;
  const direction = (label: string, side: ModelPerformance['adjustments']['adjustedUp']) => {
    if (side.n === 0) return `none was adjusted ${label}`;
    const rate = side.observedRate === null ? '' : ` (${percentText(side.observedRate)})`;
    const had = side.events === 0 ? 'none' : countText(side.events);
    return `of the ${plural(side.n, 'patient', 'patients')} adjusted ${label}, ${had} had a complication${rate}`;
  };
  return `Clinicians adjusted the model’s risk for ${countText(adjustments.adjusted)} of these patients: ${direction('up', adjustments.adjustedUp)}; ${direction('down', adjustments.adjustedDown)}.`;
}

/**
 * A group's flags in words with their intervals (decision 0062), as the model card says them, the
 * first letter a capital for a list item of its own.
 */
export const groupFlagTexts = (group: ShownGroupFigures): string[] =>
  groupFlagReasons(group).map((reason) => reason.charAt(0).toUpperCase() + reason.slice(1));

/** The dates of operation chosen: 'Operations from 01-Apr-2025 to 31-Mar-2026'. */
export function periodText({
  from,
  to,
}: {
  from?: string | null | undefined;
  to?: string | null | undefined;
}): string {
  if (from && to) return `Operations from ${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `Operations from ${formatDate(from)}`;
  if (to) return `Operations up to ${formatDate(to)}`;
  return 'Operations on any date';
}

/** What a trust's figures are of: the dates of operation and the model version chosen. */
export function choiceText(choice: {
  from: string | null;
  to: string | null;
  modelVersion: number | null;
}): string {
  const version =
    choice.modelVersion === null
      ? 'judged against every model version'
      : `judged against model version ${choice.modelVersion}`;
  return `${periodText(choice)}, ${version}.`;
}
