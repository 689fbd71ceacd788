import { useEffect, useRef } from 'react';

export interface ErrorSummaryItem {
  text: string;
  /** id of the field in error, for the link. */
  fieldId?: string;
}

/** NHS.UK error summary: focused when shown, so screen readers announce it. */
export function ErrorSummary({
  title = 'There is a problem',
  errors,
}: {
  title?: string;
  errors: ErrorSummaryItem[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
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
