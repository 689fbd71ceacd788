import { riskTagColours } from '@esr/contracts/risk-band';
import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import type { RiskResult } from '@esr/contracts/patients';
import { answerText } from '@esr/contracts/patient-wording';
import { remodelTabs, type RemodelValues } from '@esr/contracts/remodel';
import { formatDate } from '../../../lib/dates';

/** docs/requirements.md §3: the risk label of a prediction (High risk, Moderate risk, Low risk). */
export const riskLabelOf = (prediction: Prediction) => riskLabels[prediction];

/** The NHS.UK tag colour of each risk: red draws the eye to the patients who need it most. */
export const riskColour = riskTagColours;

/** Why an evaluation was made. */
export const reasonLabels: Record<RiskResult['reason'], string> = {
  batch: 'Waiting list upload',
  remodel: 'Remodelled with new details',
  rescore: 'Scored again with a new model',
  results: 'New blood results',
};

export interface InputSection {
  title: string;
  rows: { key: string; value: string }[];
}

/** The record the model read (a past evaluation's inputs), by the remodel form's tabs and questions. */
export function inputSections(values: RemodelValues): InputSection[] {
  return remodelTabs.map((tab) => ({
    title: tab.title,
    rows: tab.questions.map((question) => ({
      key: question.label,
      value: answerText(question, values, formatDate),
    })),
  }));
}
