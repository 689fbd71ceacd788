import type { PathwayOutcome, PathwayOutcomes } from '@esr/contracts/outcomes';
import { percentage } from '@esr/contracts/patient-wording';
import { formatDate } from '../../../lib/dates';
import { riskLabelOf } from './display-values';

/**
 * A pathway's outcome after surgery in words (decision 0045), for the risk summary and its history
 * of outcomes. What came from the data (a complication's type, a name, a file's name) is isolated
 * by the screen, not here.
 */

export const noOutcomeText = 'No outcome has been recorded.';
export const notJudgedText =
  'No prediction was made before the operation, so this outcome is not used to check the model.';

/** A yes or no that may not be known. */
export const yesNoText = (value: boolean | null): string =>
  value === null ? 'Not known' : value ? 'Yes' : 'No';

/**
 * When an outcome counts in the model's monitoring (decision 0059): at once once its follow-up is
 * complete, from the day it will be, or not until the complication is known. Null when it is not
 * judged (no prediction before the operation: `notJudgedText` says so).
 */
export function countsText(outcomes: PathwayOutcomes, today: string): string | null {
  const current = outcomes.current;
  if (!current || !outcomes.judgedPrediction) return null;
  if (current.complication90Days === null)
    return 'Not yet: whether there was a complication is not known yet. Correct the outcome when it is.';
  if (outcomes.countsFrom === null) return null;
  if (outcomes.countsFrom <= today) return 'Yes: the 90 days after the operation have passed.';
  const soFar = current.complication90Days ? '' : ' No complication so far.';
  return `From ${formatDate(outcomes.countsFrom)}, when 90 days will have passed since the operation.${soFar}`;
}

/** Days in hospital, as the file or the clinician gave them (a day case is 0). */
export function lengthOfStayText(days: number | null): string {
  if (days === null) return 'Not known';
  return `${days.toLocaleString('en-GB', { maximumFractionDigits: 1 })} ${days === 1 ? 'day' : 'days'}`;
}

/** Where an outcome came from: the outcomes file it was read from, or a clinician's form. */
export const sourceText = (outcome: Pick<PathwayOutcome, 'source' | 'fileName'>): string =>
  outcome.source === 'file' ? 'From the outcomes file' : 'Recorded by a clinician';

/**
 * The prediction an outcome is judged against: its band and probability, when it was made and by
 * which model, for example 'High risk (23.4%), made on 12-Sep-2026 by model version 3'; while the
 * predictions are suspended, not its band (decision 0063).
 */
export function judgedPredictionText(judged: PathwayOutcomes['judgedPrediction']): string {
  if (!judged) return notJudgedText;
  const what =
    judged.prediction === null || judged.probability === null
      ? 'The prediction (withheld while predictions are suspended)'
      : `${riskLabelOf(judged.prediction)} (${percentage(judged.probability)})`;
  return `${what}, made on ${formatDate(judged.evaluatedAt)} by model version ${judged.modelVersion}`;
}

/** The outcomes recorded before the current one, newest first. */
export const earlierOutcomes = (outcomes: PathwayOutcomes): PathwayOutcome[] =>
  outcomes.history.filter((outcome) => outcome.id !== outcomes.current?.id);
