import { useEffect, useRef } from 'react';
import { useErrorInPageTitle } from '../lib/page-title';

export interface ErrorSummaryItem {
  text: string;
  /** id of the field in error, for the link. */
  fieldId?: string;
}

/**
 * NHS.UK error summary. It takes focus once after each submission that leaves errors (`attempt`
 * counts submissions), so that screen readers announce it; re-renders while the user corrects a
 * field never move their focus. `scrollTo` names a field to bring into view instead of the summary
 * (docs/requirements.md §8: an e-mail error from the server scrolls to the field). While it shows
 * errors the page's title begins "Error: " (docs/decisions/0036-page-titles-focus-and-not-found.md).
 */
export function ErrorSummary({
  title = 'There is a problem',
  errors,
  attempt,
  scrollTo,
}: {
  title?: string;
  errors: ErrorSummaryItem[];
  attempt: number;
  scrollTo?: string | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focusedAttempt = useRef(0);
  const hasErrors = errors.length > 0;
  useErrorInPageTitle(hasErrors);
  useEffect(() => {
    if (focusedAttempt.current === attempt) return;
    focusedAttempt.current = attempt;
    if (!hasErrors) return;
    ref.current?.focus({ preventScroll: Boolean(scrollTo) });
    if (scrollTo) document.getElementById(scrollTo)?.scrollIntoView({ block: 'center' });
  }, [attempt, hasErrors, scrollTo]);
  if (errors.length === 0) return null;
  return (
    <div
      className="nhsuk-error-summary"
      aria-labelledby="error-summary-title"
      role="alert"
      tabIndex={-1}
      ref={ref}
    >
      <h2 className="nhsuk-error-summary__title" id="error-summary-title">
        {title}
      </h2>
      <div className="nhsuk-error-summary__body">
        <ul className="nhsuk-list nhsuk-error-summary__list">
          {errors.map((error) => (
            <li key={`${error.fieldId ?? ''}${error.text}`}>
              {error.fieldId ? <a href={`#${error.fieldId}`}>{error.text}</a> : error.text}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
