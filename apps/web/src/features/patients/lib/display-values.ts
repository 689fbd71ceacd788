import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import type { FeatureImportanceItem, RiskResult } from '@esr/contracts/patients';
import {
  comorbidityFields,
  ethnicGroupOptions,
  remodelTabs,
  sexOptions,
  smokingOptions,
  yesNoOptions,
  type RemodelField,
  type RemodelValues,
} from '@esr/contracts/remodel';
import { formatDate } from '../../../lib/dates';

/** What the summary shows for a value the record does not hold. */
export const notKnown = 'Not known';

/** spec §3: the risk label of a prediction (High risk, Moderate risk, Low risk). */
export const riskLabelOf = (prediction: Prediction) => riskLabels[prediction];

/** The NHS.UK tag colour of each risk: red draws the eye to the patients who need it most. */
export const riskColour: Record<Prediction, 'red' | 'orange' | 'green'> = {
  high: 'red',
  medium: 'orange',
  low: 'green',
};

/** spec §3: importance high shows 'High', medium shows 'Moderate' (low is not listed). */
export const importanceLabels: Record<FeatureImportanceItem['importance'], string> = {
  high: 'High',
  medium: 'Moderate',
  low: 'Low',
};

/** Why an evaluation was made. */
export const reasonLabels: Record<RiskResult['reason'], string> = {
  batch: 'Waiting list upload',
  remodel: 'Remodelled with new details',
  rescore: 'Scored again with a new model',
};

export { factorLabel } from '@esr/contracts/remodel';

/** A probability of 0 to 1 as a percentage with one decimal: 0.1234 is 12.3%. */
export function percentage(probability: number): string {
  return `${(Math.round(probability * 1000) / 10).toFixed(1)}%`;
}

const numberText = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/**
 * A factor's value as the model read it: a yes/no (no unit, 0 or 1) as No or Yes, a number with
 * its unit, and '(normalised value)' after a value the model filled in because the record had none.
 */
export function featureValueText(
  item: Pick<FeatureImportanceItem, 'value' | 'unit' | 'defaultUsed'>,
): string {
  const text =
    item.value === null
      ? notKnown
      : item.unit === '' && (item.value === 0 || item.value === 1)
        ? item.value === 1
          ? 'Yes'
          : 'No'
        : `${numberText(item.value)}${item.unit ? ` ${item.unit}` : ''}`;
  return item.defaultUsed ? `${text} (normalised value)` : text;
}

const optionLists: Partial<Record<RemodelField, readonly { value: string; label: string }[]>> = {
  sex: sexOptions,
  ethnicGroup: ethnicGroupOptions,
  smoking: smokingOptions,
};

const isComorbidity = (field: RemodelField) => (comorbidityFields as readonly string[]).includes(field);

/** The words of one remodel answer: the option's label, Yes or No, or the number as typed. */
function answerText(field: RemodelField, value: string): string {
  if (value === '') return notKnown;
  const options = optionLists[field] ?? (isComorbidity(field) ? yesNoOptions : undefined);
  return options?.find((option) => option.value === value)?.label ?? value;
}

/** The date of birth of the three parts, DD-MMM-YYYY; blank parts are not known. */
function dateOfBirthText(values: Pick<RemodelValues, 'dobDay' | 'dobMonth' | 'dobYear'>): string {
  const [day, month, year] = [values.dobDay.trim(), values.dobMonth.trim(), values.dobYear.trim()];
  if (!day && !month && !year) return notKnown;
  const iso = `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return formatDate(iso) || [day, month, year].join('/');
}

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
      value:
        question.id === 'dateOfBirth'
          ? dateOfBirthText(values)
          : answerText(question.fields[0]!, (values[question.fields[0]!] ?? '').trim()),
    })),
  }));
}
