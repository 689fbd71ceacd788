import { Fragment, type ReactNode, type Ref } from 'react';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { ChoiceInput, describedByOf, FieldsetFrame, HintAndError } from '../../../components/form-fields';
import { useBoundField, type BoundFieldProps } from '../../../components/form-state-fields';
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
      <HintAndError id={id} hint={hint} error={error} />
      <textarea
        ref={ref}
        id={id}
        name={id}
        rows={5}
        className={`nhsuk-textarea${error || over ? ' nhsuk-textarea--error' : ''}`}
        aria-describedby={[describedByOf(id, hint, error), `${id}-count`].filter(Boolean).join(' ')}
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
 * P5 or P6). Radios as components/form-fields' are (its FieldsetFrame and ChoiceInput): the legend,
 * its hint and error (`{name}-hint`, `{name}-error`), and the items `{name}-1`, `{name}-2`…, the
 * first of which the error summary links to. A revealing item names the part it controls (aria-controls);
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
  return (
    <FieldsetFrame
      id={name}
      legend={legend}
      legendClassName="nhsuk-fieldset__legend--s"
      hint={hint}
      error={error}
    >
      <div className="nhsuk-radios nhsuk-radios--conditional">
        {items.map((item, index) => {
          const id = `${name}-${index + 1}`;
          const checked = selected === item.value;
          const revealId = `conditional-${id}`;
          return (
            <Fragment key={item.value}>
              <ChoiceInput
                kind="radio"
                id={id}
                label={item.label}
                hint={item.hint}
                name={name}
                value={item.value}
                checked={checked}
                onChange={() => onChange(item.value)}
                aria-controls={item.reveal ? revealId : undefined}
              />
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
    </FieldsetFrame>
  );
}

/** A prioritisation form's question whose answer may reveal a further one: RevealRadios. */
export function RevealRadiosField<V extends FieldValues, O, N extends FieldPathByValue<V, string>>({
  state,
  name,
  ...radios
}: BoundFieldProps<V, O, N, string> & { legend: ReactNode; hint?: ReactNode; items: RevealRadioItem[] }) {
  const { field, error } = useBoundField({ state, name });
  return (
    <RevealRadios
      name={name}
      error={error}
      {...radios}
      selected={field.value}
      onChange={(value) => field.onChange(value)}
    />
  );
}

/**
 * Radio or checkbox items for `values`, each labelled in its words (`labels`), and with the hint
 * `hintOf` gives it, if any.
 */
export const choiceItems = <T extends string>(
  values: readonly T[],
  labels: Record<T, ReactNode>,
  hintOf: (value: T) => ReactNode = () => undefined,
) =>
  values.map((value) => {
    const hint = hintOf(value);
    return { value, label: labels[value], ...(hint ? { hint } : {}) };
  });

/** A prioritisation form's reason or note: CountedTextarea, its id the field's name. */
export function TextareaField<V extends FieldValues, O, N extends FieldPathByValue<V, string>>({
  label,
  hint,
  ...props
}: BoundFieldProps<V, O, N, string> & { label: ReactNode; hint?: ReactNode }) {
  const { field, error } = useBoundField(props);
  return (
    <CountedTextarea
      id={props.name}
      label={label}
      hint={hint}
      error={error}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}
