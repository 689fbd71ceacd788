import { contributionValueText, percentage } from '@esr/contracts/patient-wording';
import {
  maxAnomalyReasonLength,
  patientMessages,
  type RemodelChange,
  type RiskResult,
} from '@esr/contracts/patients';
import { factorLabel } from '@esr/contracts/remodel';
import { riskLabelOf } from './display-values';

/** One thing a remodel changed: what it is, and its value before and after, in words. */
export interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

/**
 * What a remodel changed (decision 0039), as the risk summary writes each part: the probability
 * with one decimal, the band by its risk label (only when it moved), then each input the model read
 * differently, named and valued as the factors and the chart name and value them ('Not recorded'
 * where the model used its default).
 */
export function whatChanged(change: RemodelChange, result: Pick<RiskResult, 'prediction' | 'probability'>) {
  const outcome: ChangeLine[] = [
    {
      label: 'Probability of complications after surgery',
      before: percentage(change.previousProbability),
      after: percentage(result.probability),
    },
  ];
  if (change.previousPrediction !== result.prediction)
    outcome.push({
      label: 'Risk',
      before: change.previousPrediction === null ? 'Incomplete' : riskLabelOf(change.previousPrediction),
      after: result.prediction === null ? 'Incomplete' : riskLabelOf(result.prediction),
    });
  const inputs: ChangeLine[] = change.inputs.map((input) => ({
    label: factorLabel(input.feature, input.displayName),
    before: contributionValueText({
      value: input.before,
      unit: input.unit,
      defaultUsed: input.beforeDefaultUsed,
    }),
    after: contributionValueText({
      value: input.after,
      unit: input.unit,
      defaultUsed: input.afterDefaultUsed,
    }),
  }));
  return { outcome, inputs };
}

/** The reason for an anomaly flag as typed: nothing wrong, or the field's error message. */
export function anomalyReasonError(reason: string, removing = false): string | undefined {
  // Removing a flag needs a reason (decision 0056); flagging does not (decision 0039).
  if (removing && reason.trim() === '') return patientMessages.unflagReasonRequired;
  return reason.trim().length > maxAnomalyReasonLength ? patientMessages.anomalyReasonTooLong : undefined;
}

/** The NHS.UK character count's message under the reason. */
export function charactersLeftText(reason: string): string {
  const left = maxAnomalyReasonLength - reason.length;
  const count = (n: number) => `${n.toLocaleString('en-GB')} character${n === 1 ? '' : 's'}`;
  return left >= 0 ? `You have ${count(left)} remaining` : `You have ${count(-left)} too many`;
}
