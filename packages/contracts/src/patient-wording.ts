import type { Contribution, DefaultUsed, FeatureImportanceItem } from './patients.js';
import {
  comorbidityFields,
  ethnicGroupOptions,
  factorLabel,
  sexOptions,
  smokingOptions,
  yesNoOptions,
  type RemodelField,
  type RemodelQuestion,
  type RemodelValues,
} from './remodel.js';

/**
 * How the risk summary puts its values into words, the same on the screen and in the PDF: the
 * factors' importance and values, probabilities, and the answers of the record the model read.
 */

/** What is shown for a value the record does not hold. */
export const notKnown = 'Not known';

/** docs/requirements.md §3: importance high shows 'High', medium shows 'Moderate' (low is not listed). */
export const importanceLabels: Record<FeatureImportanceItem['importance'], string> = {
  high: 'High',
  medium: 'Moderate',
  low: 'Low',
};

/** A probability of 0 to 1 as a percentage with one decimal: 0.1234 is 12.3%. */
export const percentage = (probability: number) => `${(Math.round(probability * 1000) / 10).toFixed(1)}%`;

const numberText = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/**
 * A factor's value as the model read it: a yes/no (no unit, 0 or 1) as No or Yes, a number with
 * its unit, and '(normalised value)' after a value the model filled in because the record had none.
 */
export function factorValueText(item: Pick<FeatureImportanceItem, 'value' | 'unit' | 'defaultUsed'>): string {
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

/**
 * Under "What moved this prediction": the direction of a push is the model's weighing of the
 * factor for this patient, not a clinical effect ('COPD lowers the risk' must not read as COPD
 * protecting the patient).
 */
export const contributionsNote =
  "'Lowers the risk' is how the model weighs a factor for this patient, not a sign that the condition protects them.";

/** The value beside a factor of the chart: as the factors table writes it, 'Not recorded' when defaulted. */
export function contributionValueText(item: Pick<Contribution, 'value' | 'unit' | 'defaultUsed'>): string {
  return item.defaultUsed ? 'Not recorded' : factorValueText(item);
}

/** Introduces, under the normalised-values warning, the inputs the model defaulted (decision 0035). */
export const defaultsUsedIntro = 'The model used these values because the record has none:';

/**
 * One defaulted input (decision 0035): its name as the factors table names it, and the value the
 * model used as that table writes it, e.g. "Age: 68 years (not recorded)".
 */
export function defaultUsedText(item: DefaultUsed): string {
  const value = factorValueText({ value: item.valueUsed, unit: item.unit, defaultUsed: false });
  return `${factorLabel(item.feature, item.displayName)}: ${value} (not recorded)`;
}

const optionLists: Partial<Record<RemodelField, readonly { value: string; label: string }[]>> = {
  sex: sexOptions,
  ethnicGroup: ethnicGroupOptions,
  smoking: smokingOptions,
  ...Object.fromEntries(comorbidityFields.map((field) => [field, yesNoOptions])),
};

/**
 * A remodel question's answer in words: an option by its label, a number as typed, the date of
 * birth of its three parts through `formatDate` (YYYY-MM-DD in, DD-MMM-YYYY out), blank as not known.
 */
export function answerText(
  question: RemodelQuestion,
  values: Partial<RemodelValues>,
  formatDate: (isoDate: string) => string,
): string {
  const parts = question.fields.map((field) => (values[field] ?? '').trim());
  if (parts.some((part) => part === '')) return notKnown;
  if (question.id === 'dateOfBirth') {
    const [day, month, year] = parts as [string, string, string];
    return (
      formatDate(`${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`) ||
      parts.join('/')
    );
  }
  const value = parts[0]!;
  return optionLists[question.fields[0]!]?.find((option) => option.value === value)?.label ?? value;
}
