import { useEffect, useRef } from 'react';
import { maxAnomalyReasonLength } from '@esr/contracts/patients';
import { Button } from '../../../components/button';
import { charactersLeftText } from '../lib/what-changed';

export const anomalyReasonFieldId = 'anomaly-reason';

/** The form's words: flagging asks why, optionally (decision 0039); removing a flag asks why, required (decision 0056). */
export const anomalyReasonWords = {
  flag: {
    label: 'Why is this result an anomaly? (optional)',
    hint: 'For example, a blood result that looks as if it was recorded in the wrong units. The reason is shown with the flag and kept in the change log.',
    submit: 'Flag as anomaly',
  },
  remove: {
    label: 'Why are you removing the anomaly flag?',
    hint: 'For example, a repeat blood test confirmed the value. The reason is kept in the previous evaluations and the change log.',
    submit: 'Remove anomaly flag',
  },
} as const;

/**
 * Asked before a result is flagged, or its flag removed: why, in an NHS.UK textarea with its
 * character count. The field takes the focus when the form opens. The submit button sends it;
 * Cancel closes the form and changes nothing.
 */
export function AnomalyReasonForm({
  removing = false,
  reason,
  error,
  busy,
  onReasonChange,
  onFlag,
  onCancel,
}: {
  /** True when the result is flagged, and the form removes the flag. */
  removing?: boolean;
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
  const words = anomalyReasonWords[removing ? 'remove' : 'flag'];
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
          {words.label}
        </label>
        <div className="nhsuk-hint" id={`${id}-hint`}>
          {words.hint}
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
          {words.submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
