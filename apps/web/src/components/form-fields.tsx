import {
  Fragment,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { DateParts } from '../lib/calendar-date';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  labelClassName?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** The ids a field's hint and error take, for its aria-describedby. */
export const describedByOf = (id: string, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** NHS.UK hint and error message, between a field's label (or legend) and its input. */
export function HintAndError({
  id,
  hint,
  error,
}: {
  id: string;
  hint: ReactNode;
  error: string | undefined;
}) {
  return (
    <>
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
    </>
  );
}

function FieldFrame({ id, label, hint, error, labelClassName, children }: FieldFrameProps) {
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <label className={`nhsuk-label${labelClassName ? ` ${labelClassName}` : ''}`} htmlFor={id}>
        {label}
      </label>
      <HintAndError id={id} hint={hint} error={error} />
      {children(describedByOf(id, hint, error))}
    </div>
  );
}

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  width?: 2 | 3 | 4 | 5 | 10 | 20 | 30;
  /** NHS.UK input suffix (a unit such as kg), shown after the input and hidden from screen readers. */
  suffix?: string;
  /** Ids of further text describing the field (a warning under it), after its hint and error. */
  describedBy?: string | undefined;
  /** Shown under the input, inside its form group (a warning that does not block). */
  after?: ReactNode;
  /** NHS.UK label size, such as nhsuk-label--s for a question among others. */
  labelClassName?: string;
}

export function TextInput({
  id,
  label,
  hint,
  error,
  width,
  suffix,
  describedBy: moreDescribedBy,
  after,
  labelClassName,
  className,
  ...rest
}: TextInputProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} labelClassName={labelClassName}>
      {(describedBy) => {
        const input = (
          <input
            id={id}
            name={rest.name ?? id}
            type="text"
            className={[
              'nhsuk-input',
              width ? `nhsuk-input--width-${width}` : '',
              error ? 'nhsuk-input--error' : '',
              className ?? '',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-describedby={[describedBy, moreDescribedBy].filter(Boolean).join(' ') || undefined}
            aria-invalid={error ? true : undefined}
            {...rest}
          />
        );
        return (
          <>
            {suffix ? (
              <div className="nhsuk-input-wrapper">
                {input}
                <div className="nhsuk-input-wrapper__suffix" aria-hidden="true">
                  {suffix}
                </div>
              </div>
            ) : (
              input
            )}
            {after}
          </>
        );
      }}
    </FieldFrame>
  );
}

interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** NHS.UK label size, such as nhsuk-label--s for a question among others. */
  labelClassName?: string;
}

/** NHS.UK textarea: a reason or a note, its hint and error tied to it. */
export function Textarea({ id, label, hint, error, labelClassName, className, ...rest }: TextareaProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} labelClassName={labelClassName}>
      {(describedBy) => (
        <textarea
          id={id}
          name={rest.name ?? id}
          rows={rest.rows ?? 5}
          className={['nhsuk-textarea', error ? 'nhsuk-textarea--error' : '', className ?? '']
            .filter(Boolean)
            .join(' ')}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}
export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  options?: SelectOption[];
  groups?: SelectGroup[];
  placeholder?: string;
  /** NHS.UK label size, such as nhsuk-label--s for a question among others. */
  labelClassName?: string;
}

/** NHS.UK select, with optional option groups (docs/requirements.md §3: category labels capitalised). */
export function Select({
  id,
  label,
  hint,
  error,
  options = [],
  groups = [],
  placeholder,
  labelClassName,
  className,
  ...rest
}: SelectProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} labelClassName={labelClassName}>
      {(describedBy) => (
        <select
          id={id}
          name={rest.name ?? id}
          className={['nhsuk-select', error ? 'nhsuk-select--error' : '', className ?? '']
            .filter(Boolean)
            .join(' ')}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface ChoiceItem {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A heading shown above the item: the name of the group of choices it begins. */
  groupLabel?: string;
}

interface ChoicesProps {
  kind: 'checkbox' | 'radio';
  name: string;
  legend: ReactNode;
  legendClassName?: string;
  hint?: ReactNode;
  error?: string | undefined;
  items: ChoiceItem[];
  selected: readonly string[];
  onChange: (value: string, checked: boolean) => void;
  inline?: boolean;
  small?: boolean;
  /** Every choice unavailable (the question is answered 'I do not know this information'). */
  disabled?: boolean;
}

interface FieldsetFrameProps {
  /** Prefix of the hint and error ids. */
  id: string;
  legend: ReactNode;
  legendClassName?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  /** NHS.UK date inputs are a group of fields rather than a set of choices. */
  role?: 'group';
  children: ReactNode;
}

export function FieldsetFrame({
  id,
  legend,
  legendClassName,
  hint,
  error,
  role,
  children,
}: FieldsetFrameProps) {
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <fieldset className="nhsuk-fieldset" role={role} aria-describedby={describedByOf(id, hint, error)}>
        <legend className={`nhsuk-fieldset__legend${legendClassName ? ` ${legendClassName}` : ''}`}>
          {legend}
        </legend>
        <HintAndError id={id} hint={hint} error={error} />
        {children}
      </fieldset>
    </div>
  );
}

/** The NHS.UK block whose classes a radio's or checkbox's markup takes. */
const choiceBlock = { checkbox: 'nhsuk-checkboxes', radio: 'nhsuk-radios' } as const;

type ChoiceInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & {
  kind: 'checkbox' | 'radio';
  id: string;
  label: ReactNode;
  hint?: ReactNode;
};

/**
 * One NHS.UK radio or checkbox: the input, its label and its hint (`{id}-hint`, which describes
 * it); the input takes the rest of the props (its name, value, checked state and handler).
 */
export function ChoiceInput({ kind, id, label, hint, ...input }: ChoiceInputProps) {
  const block = choiceBlock[kind];
  return (
    <div className={`${block}__item`}>
      <input
        className={`${block}__input`}
        id={id}
        type={kind}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      <label className={`nhsuk-label ${block}__label`} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className={`nhsuk-hint ${block}__hint`} id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

function Choices({
  kind,
  name,
  legend,
  legendClassName,
  hint,
  error,
  items,
  selected,
  onChange,
  inline,
  small,
  disabled,
}: ChoicesProps) {
  const block = choiceBlock[kind];
  return (
    <FieldsetFrame id={name} legend={legend} legendClassName={legendClassName} hint={hint} error={error}>
      <div
        className={[block, inline ? `${block}--inline` : '', small ? `${block}--small` : '']
          .filter(Boolean)
          .join(' ')}
      >
        {items.map((item, index) => {
          const id = `${name}-${index + 1}`;
          return (
            <Fragment key={item.value}>
              {item.groupLabel && <p className="nhsuk-body-s nhsuk-u-margin-bottom-2">{item.groupLabel}</p>}
              <ChoiceInput
                kind={kind}
                id={id}
                label={item.label}
                hint={item.hint}
                name={name}
                value={item.value}
                checked={selected.includes(item.value)}
                disabled={disabled}
                onChange={(event) => onChange(item.value, event.target.checked)}
              />
            </Fragment>
          );
        })}
      </div>
    </FieldsetFrame>
  );
}

export function Checkboxes(props: Omit<ChoicesProps, 'kind'>) {
  return <Choices kind="checkbox" {...props} />;
}

export function Radios(props: Omit<ChoicesProps, 'kind'>) {
  return <Choices kind="radio" {...props} />;
}

interface DateInputProps {
  id: string;
  legend: ReactNode;
  legendClassName?: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: DateParts;
  onChange: (value: DateParts) => void;
  /** The three fields unavailable (the date is answered 'I do not know this information'). */
  disabled?: boolean;
}

const dateFields = [
  { key: 'day', label: 'Day', width: 2 },
  { key: 'month', label: 'Month', width: 2 },
  { key: 'year', label: 'Year', width: 4 },
] as const;

/**
 * NHS.UK date input: Day, Month and Year typed as numbers, whatever the browser's language (a
 * native date picker follows the browser's locale). Focus never jumps between the fields.
 */
export function DateInput({
  id,
  legend,
  legendClassName,
  hint,
  error,
  value,
  onChange,
  disabled,
}: DateInputProps) {
  return (
    <FieldsetFrame
      id={id}
      legend={legend}
      legendClassName={legendClassName}
      hint={hint}
      error={error}
      role="group"
    >
      <div className="nhsuk-date-input" id={id}>
        {dateFields.map(({ key, label, width }) => (
          <div className="nhsuk-date-input__item" key={key}>
            <div className="nhsuk-form-group">
              <label className="nhsuk-label nhsuk-date-input__label" htmlFor={`${id}-${key}`}>
                {label}
              </label>
              <input
                className={`nhsuk-input nhsuk-date-input__input nhsuk-input--width-${width}${
                  error ? ' nhsuk-input--error' : ''
                }`}
                id={`${id}-${key}`}
                name={`${id}-${key}`}
                type="text"
                inputMode="numeric"
                value={value[key]}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                onChange={(event) => onChange({ ...value, [key]: event.target.value })}
              />
            </div>
          </div>
        ))}
      </div>
    </FieldsetFrame>
  );
}

interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** What is chosen, under the input (docs/requirements.md §8 placeholder 'no file selected'). */
  selection?: ReactNode;
}

/** NHS.UK file upload: a labelled native file input (keyboard and screen-reader friendly). */
export function FileInput({ id, label, hint, error, selection, className, ...rest }: FileInputProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <>
          <input
            id={id}
            name={rest.name ?? id}
            type="file"
            className={['nhsuk-file-upload', error ? 'nhsuk-file-upload--error' : '', className ?? '']
              .filter(Boolean)
              .join(' ')}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            {...rest}
          />
          {selection !== undefined && (
            <p className="nhsuk-body-s nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0" id={`${id}-selection`}>
              {selection}
            </p>
          )}
        </>
      )}
    </FieldFrame>
  );
}
