import { Fragment, type ReactNode, type Ref } from 'react';
import { isTextTooLong, textCharactersLeftText } from '../lib/prioritisation-forms';

/**
 * NHS.UK textarea with its character count, for a reason or a note of the prioritisation forms
 * (500 characters, counted as the check counts them). The hint, the error and the count describe
 * the field; the count is announced politely as it changes.
 */
export function CountedTextarea({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  ref,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const over = isTextTooLong(value);
  return (
    <div className={`nhsuk-form-group nhsuk-character-count${error ? ' nhsuk-form-group--error' : ''}`}>
      <label className="nhsuk-label nhsuk-label--s" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className="nhsuk-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <span className="nhsuk-error-message" id={`${id}-error`}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      )}
      <textarea
        ref={ref}
        id={id}
        name={id}
        rows={5}
        className={`nhsuk-textarea${error || over ? ' nhsuk-textarea--error' : ''}`}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : '', `${id}-count`]
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <div
        id={`${id}-count`}
        className={`nhsuk-character-count__message ${over ? 'nhsuk-error-message' : 'nhsuk-hint'}`}
        aria-live="polite"
      >
        {textCharactersLeftText(value)}
      </div>
    </div>
  );
}

export interface RevealRadioItem {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the item while it is chosen (NHS.UK conditional reveal). */
  reveal?: ReactNode;
}

/**
 * NHS.UK radios whose items may reveal a further question while chosen (a postponed pathway's
 * P5 or P6). The same markup as components/form-fields' Radios: the fieldset's legend, its hint
 * and error (`{name}-hint`, `{name}-error`), and the items `{name}-1`, `{name}-2`…, the first of
 * which the error summary links to. A revealing item names the part it controls (aria-controls);
 * the part is hidden while the item is not chosen.
 */
export function RevealRadios({
  name,
  legend,
  hint,
  error,
  items,
  selected,
  onChange,
}: {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  items: RevealRadioItem[];
  selected: string;
  onChange: (value: string) => void;
}) {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={describedBy || undefined}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{legend}</legend>
        {hint && (
          <div className="nhsuk-hint" id={`${name}-hint`}>
            {hint}
          </div>
        )}
        {error && (
          <span className="nhsuk-error-message" id={`${name}-error`}>
            <span className="nhsuk-u-visually-hidden">Error:</span> {error}
          </span>
        )}
        <div className="nhsuk-radios nhsuk-radios--conditional">
          {items.map((item, index) => {
            const id = `${name}-${index + 1}`;
            const checked = selected === item.value;
            const revealId = `conditional-${id}`;
            return (
              <Fragment key={item.value}>
                <div className="nhsuk-radios__item">
                  <input
                    className="nhsuk-radios__input"
                    id={id}
                    name={name}
                    type="radio"
                    value={item.value}
                    checked={checked}
                    onChange={() => onChange(item.value)}
                    aria-describedby={item.hint ? `${id}-hint` : undefined}
                    aria-controls={item.reveal ? revealId : undefined}
                  />
                  <label className="nhsuk-label nhsuk-radios__label" htmlFor={id}>
                    {item.label}
                  </label>
                  {item.hint && (
                    <div className="nhsuk-hint nhsuk-radios__hint" id={`${id}-hint`}>
                      {item.hint}
                    </div>
                  )}
                </div>
                {item.reveal && (
                  <div
                    className={`nhsuk-radios__conditional${checked ? '' : ' nhsuk-radios__conditional--hidden'}`}
                    id={revealId}
                    // The app does not load NHS.UK's script, whose class the --hidden style needs.
                    hidden={!checked}
                  >
                    {item.reveal}
                  </div>
                )}
              </Fragment>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
