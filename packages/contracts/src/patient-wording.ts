import { showCalendarDate } from './london-dates.js';
import type {
  BloodResultRead,
  Contribution,
  DefaultUsed,
  FeatureImportanceItem,
  ModelInput,
  OutsideModelRange,
  StaleInput,
} from './patients.js';
import {
  comorbidityLabels,
  comorbidityFields,
  labRules,
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

/** Heads the list of values outside the data the model was developed on, on the summary and in the PDF. */
export const outsideModelRangeHeading = 'Values outside the data the model learnt from';

export const outsideModelRangeIntro =
  'The model learnt from patients whose results lay inside these ranges, so its prediction is less certain for this patient. Check these values:';

/** The heading and its introduction as one paragraph, where they lead the list in running text (the PDF, FHIR). */
export const outsideModelRangeLead = `${outsideModelRangeHeading}. ${outsideModelRangeIntro}`;

/** One such value: 'Haemoglobin 45 g/L (the model learnt from 50 to 200 g/L)'. */
export function outsideModelRangeText(item: OutsideModelRange): string {
  const unit = item.unit ? ` ${item.unit}` : '';
  return `${item.label} ${numberText(item.value)}${unit} (the model learnt from ${numberText(item.min)} to ${numberText(item.max)}${unit})`;
}

/** An input's name inside a sentence: 'haemoglobin', 'date of birth', but 'eGFR' and 'CRP' as written. */
export function inputInSentence(input: ModelInput): string {
  const second = input.label.charAt(1);
  return second !== '' && second === second.toLowerCase() ? input.label.toLowerCase() : input.label;
}

const listed = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** Where a band would show, for a pathway missing a required input (decision 0057): 'Incomplete: haemoglobin not recorded'. */
export function incompleteText(missing: readonly ModelInput[]): string {
  return `Incomplete: ${listed(missing.map(inputInSentence))} not recorded`;
}

/** The probability of an incomplete pathway, said to be what it is. */
export const incompleteProbabilityNote = 'It is not a risk band: record the missing inputs and remodel.';

/** A blood result left out for its age: 'Haemoglobin 12-Jan-2026 is older than 90 days: not used'. */
export function staleInputText(item: StaleInput): string {
  return `${item.label} ${showCalendarDate(item.sampledOn)} is older than ${item.maxAgeDays} days: not used`;
}

/** A blood result the model read, with its sample date: 'Haemoglobin 128 g/L (taken 12-Oct-2026)'. */
export function bloodResultText(item: BloodResultRead): string {
  const value = `${numberText(item.value)}${item.unit ? ` ${item.unit}` : ''}`;
  return `${item.label} ${value} (${item.sampledOn ? `taken ${showCalendarDate(item.sampledOn)}` : 'sample date not known'})`;
}

/** Where a band would show, for a pathway outside the model's population (decision 0057). */
export const notScoredText = (exclusion: string) =>
  `Not scored: outside the model’s population (${exclusion})`;

/** The record fields the models read, named as the forms name them (decision 0057). */
const inputLabels: Record<string, string> = {
  dateOfBirth: 'Date of birth',
  sex: 'Sex',
  ethnicGroup: 'Ethnic category',
  height: 'Height',
  weight: 'Weight',
  smoking: 'Smoking status',
};

/** A record field with its name in words: 'haemoglobin' → Haemoglobin, 'hfl' → Heart failure. */
export function modelInputOf(field: string): ModelInput {
  const label =
    inputLabels[field] ??
    (Object.hasOwn(labRules, field) ? labRules[field as keyof typeof labRules].label : undefined) ??
    (Object.hasOwn(comorbidityLabels, field)
      ? comorbidityLabels[field as keyof typeof comorbidityLabels]
      : undefined) ??
    field;
  return { field, label };
}
