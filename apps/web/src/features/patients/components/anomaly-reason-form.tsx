import { useEffect, useRef } from 'react';
import { maxAnomalyReasonLength } from '@esr/contracts/patients';
import { Button } from '../../../components/button';
import { charactersLeftText } from '../lib/what-changed';

export const anomalyReasonFieldId = 'anomaly-reason';

/**
 * Asked before a result is flagged (decision 0039): why it is an anomaly, optional, in an NHS.UK
 * textarea with its character count. The field takes the focus when the form opens. 'Flag as
 * anomaly' sends it; Cancel closes the form and flags nothing.
 */
export function AnomalyReasonForm({
  reason,
  error,
  busy,
  onReasonChange,
  onFlag,
  onCancel,
}: {
  reason: string;
  error: string | undefined;
  busy: boolean;
  onReasonChange: (reason: string) => void;
  onFlag: () => void;
  onCancel: () => void;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const id = anomalyReasonFieldId;
  const over = reason.length > maxAnomalyReasonLength;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onFlag();
      }}
    >
      <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
        <label className="nhsuk-label nhsuk-label--s" htmlFor={id}>
          Why is this result an anomaly? (optional)
        </label>
        <div className="nhsuk-hint" id={`${id}-hint`}>
          For example, a blood result that looks as if it was recorded in the wrong units. The reason is shown
          with the flag and kept in the change log.
        </div>
        {error && (
          <span className="nhsuk-error-message" id={`${id}-error`}>
            <span className="nhsuk-u-visually-hidden">Error:</span> {error}
          </span>
        )}
        <textarea
          ref={field}
          id={id}
          name="reason"
          rows={3}
          className={`nhsuk-textarea${error || over ? ' nhsuk-textarea--error' : ''}`}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : '', `${id}-count`]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={error ? true : undefined}
          value={reason}
          onChange={(event) => onReasonChange(event.target.value)}
        />
        <div
          id={`${id}-count`}
          className={`nhsuk-character-count__message ${over ? 'nhsuk-error-message' : 'nhsuk-hint'}`}
          aria-live="polite"
        >
          {charactersLeftText(reason)}
        </div>
      </div>
      <div className="app-button-group">
        {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
        <Button type="submit" variant="secondary" aria-disabled={busy}>
          Flag as anomaly
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
