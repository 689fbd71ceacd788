import {
  comorbidityFields,
  errorKeyOf,
  laboratoryTabIndex,
  remodelFields,
  remodelTabs,
  tabIndexOf,
  type RemodelErrors,
  type RemodelField,
  type RemodelQuestion,
  type RemodelRecord,
  type RemodelValues,
  type TabCompletion,
} from '@esr/contracts/remodel';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';

/**
 * The remodel form's state (docs/requirements.md §2 remodel-details, §4, §5): the answers, as strings, and which
 * questions are answered 'I do not know this information'. The rules themselves are the
 * contracts' (remodelErrors, remodelWarnings, tabCompletion), shared with the server.
 */
export type ErrorKey = keyof RemodelErrors;

export const valuesOf = (record: RemodelRecord): RemodelValues =>
  Object.fromEntries(remodelFields.map((field) => [field, record[field]])) as RemodelValues;

const questions = remodelTabs.flatMap((tab) => tab.questions);

const isBlank = (values: RemodelValues, question: RemodelQuestion) =>
  question.fields.every((field) => values[field].trim() === '');

/** A question the record has no answer for starts as 'I do not know this information'. */
export function initialUnknown(values: RemodelValues): Record<string, boolean> {
  return Object.fromEntries(questions.map((question) => [question.id, isBlank(values, question)]));
}

/** Ticking 'I do not know this information' clears the answer; unticking leaves it empty to fill in. */
export function clearQuestion(values: RemodelValues, question: RemodelQuestion): RemodelValues {
  const next = { ...values };
  for (const field of question.fields) next[field] = '';
  return next;
}

/** docs/requirements.md §4 tab status, in words; the picture beside it shows the same (empty, half, full). */
export const completionLabels: Record<TabCompletion, string> = {
  empty: 'Not started',
  half: 'In progress',
  full: 'Completed',
};

/** The errors on one tab: Save and Continue checks only the tab it is on. */
export function errorsOnTab(errors: RemodelErrors, tabIndex: number): RemodelErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => tabIndexOf(key as ErrorKey) === tabIndex),
  ) as RemodelErrors;
}

export const hasErrors = (errors: RemodelErrors) => Object.keys(errors).length > 0;

/**
 * The tab to show after a submission with errors: the laboratory tab when it has any (docs/requirements.md §4:
 * an invalid save jumps to the laboratory tab), else the first tab that has one.
 */
export function tabWithErrors(errors: RemodelErrors): number | null {
  const tabs = Object.keys(errors)
    .map((key) => tabIndexOf(key as ErrorKey))
    .filter((index) => index >= 0);
  if (tabs.length === 0) return null;
  return tabs.includes(laboratoryTabIndex) ? laboratoryTabIndex : Math.min(...tabs);
}

/** Error keys in the order the questions come, for the error summary. */
export const errorOrder: readonly ErrorKey[] = [
  ...new Set(questions.flatMap((question) => question.fields.map((field) => errorKeyOf(field)))),
];

/** Questions answered with radios (the others are text boxes, a select and the date). */
export const radioFields = new Set<RemodelField>(['sex', 'smoking', ...comorbidityFields]);

/** The id of the control an error summary link goes to: the first input of the question. */
export function fieldIdOf(key: ErrorKey): string {
  if (key === 'dateOfBirth') return 'remodel-dateOfBirth-day';
  return radioFields.has(key) ? `remodel-${key}-1` : `remodel-${key}`;
}

/** The question an error key belongs to. */
export const questionOf = (key: ErrorKey): RemodelQuestion | undefined =>
  questions.find((question) => question.id === key || question.fields.some((field) => field === key));

/** What PUT sends (docs/requirements.md §7): the record as GET gave it, with the form's answers. */
export function remodelBody(record: RemodelRecord, values: RemodelValues): RemodelRecord {
  return { ...record, ...values };
}

export interface RemodelFailure {
  fieldErrors: RemodelErrors;
  message?: string;
}

const errorKeys = new Set<string>([...remodelFields, 'dateOfBirth']);

/**
 * docs/requirements.md §5: the server's 400 errors shown on their fields (keyed by remodel field or dateOfBirth);
 * a 409 (an archived pathway) or any other failure shows its words at the top.
 */
export function remodelFailureOf(error: unknown, someError: string): RemodelFailure {
  if (error instanceof ApiError) {
    const errors = error.body?.errors;
    if (error.status === 400 && errors) {
      const fieldErrors: RemodelErrors = {};
      const others: string[] = [];
      for (const [key, list] of Object.entries(errors)) {
        if (!list[0]) continue;
        if (errorKeys.has(key)) fieldErrors[errorKeyOf(key as RemodelField)] ??= list[0];
        else others.push(list[0]);
      }
      if (hasErrors(fieldErrors) || others.length > 0)
        return { fieldErrors, ...(others.length > 0 ? { message: others.join(' ') } : {}) };
    }
    if (isDetailForPeople(error.status) && error.body?.detail)
      return { fieldErrors: {}, message: error.body.detail };
  }
  return { fieldErrors: {}, message: someError };
}
