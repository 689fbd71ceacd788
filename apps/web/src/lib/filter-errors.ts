import { useState } from 'react';
import type { ErrorSummaryItem } from '../components/error-summary';

/** A filter form's errors, by field. */
export type FilterFieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * The errors of a list's filter form, whose applied filters are kept in the address (`appliedKey`
 * names them): the last attempt's errors, and how many attempts failed, so that each failure takes
 * the focus to the error summary once.
 */
export function useFilterErrors<Field extends string>(appliedKey: string) {
  const [errors, setErrors] = useState<FilterFieldErrors<Field>>({});
  const [attempt, setAttempt] = useState(0);
  // Back or a link brings other filters: the form shows them, without the last attempt's errors.
  const [errorsKey, setErrorsKey] = useState(appliedKey);
  if (errorsKey !== appliedKey) {
    setErrorsKey(appliedKey);
    setErrors({});
  }
  const countAttempt = () => setAttempt((count) => count + 1);
  return {
    errors,
    attempt,
    /** Another failure on the page (an export) takes the focus to the error summary too. */
    countAttempt,
    /** The filters are applied or cleared: the last attempt's errors go. */
    clearErrors: () => setErrors({}),
    /** The filters were refused: the list and the address stay as they were until they are corrected. */
    refuse: (found: FilterFieldErrors<Field>) => {
      setErrors(found);
      countAttempt();
    },
  };
}

/** The filter form's errors in the summary, in the form's order, each leading to its field. */
export function filterErrorItems<Field extends string>(
  order: readonly Field[],
  errors: FilterFieldErrors<Field>,
  fieldId: (field: Field) => string,
): ErrorSummaryItem[] {
  return order.flatMap((field) => {
    const text = errors[field];
    return text ? [{ text, fieldId: fieldId(field) }] : [];
  });
}
