import type { ComponentProps } from 'react';
import { useController, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { DateParts } from '../lib/calendar-date';
import { Checkboxes, DateInput, Radios, TextInput, type TextInputProps } from './form-fields';

/** What a form's fields need of it: its control (react-hook-form's), and each field's error. */
export interface FormFieldsState<Values extends FieldValues, Output, Field extends string> {
  form: UseFormReturn<Values, unknown, Output>;
  /** The field's error: the form's check's, else the server's. */
  errorOf: (field: Field) => string | undefined;
}

/** A field of the form, by name, whose value is a `Value`. */
export interface BoundFieldProps<
  Values extends FieldValues,
  Output,
  Name extends FieldPathByValue<Values, Value>,
  Value,
> {
  state: FormFieldsState<Values, Output, Name>;
  name: Name;
}

/** The field's value and handlers (react-hook-form's), and its error. */
export function useBoundField<V extends FieldValues, O, N extends FieldPathByValue<V, Value>, Value>({
  state,
  name,
}: BoundFieldProps<V, O, N, Value>) {
  const { field } = useController({ control: state.form.control, name });
  return { field, error: state.errorOf(name) };
}

/** A question answered by one radio: Radios, its legend small unless the form says otherwise. */
export function RadiosField<V extends FieldValues, O, N extends FieldPathByValue<V, string>>({
  state,
  name,
  ...radios
}: BoundFieldProps<V, O, N, string> &
  Pick<ComponentProps<typeof Radios>, 'legend' | 'legendClassName' | 'hint' | 'items'>) {
  const { field, error } = useBoundField({ state, name });
  return (
    <Radios
      name={name}
      legendClassName="nhsuk-fieldset__legend--s"
      error={error}
      {...radios}
      selected={[field.value]}
      onChange={(value) => field.onChange(value)}
    />
  );
}

/** A question answered by ticking any of its checkboxes: Checkboxes, its legend small. */
export function CheckboxesField<V extends FieldValues, O, N extends FieldPathByValue<V, string[]>>({
  state,
  name,
  ...checkboxes
}: BoundFieldProps<V, O, N, string[]> &
  Pick<ComponentProps<typeof Checkboxes>, 'legend' | 'hint' | 'items'>) {
  const { field, error } = useBoundField({ state, name });
  const ticked: string[] = field.value;
  return (
    <Checkboxes
      name={name}
      legendClassName="nhsuk-fieldset__legend--s"
      error={error}
      {...checkboxes}
      selected={ticked}
      onChange={(value, checked) =>
        field.onChange(checked ? [...ticked, value] : ticked.filter((each) => each !== value))
      }
    />
  );
}

/** A date in Day, Month and Year: DateInput, its id the field's name, its legend small. */
export function DateField<V extends FieldValues, O, N extends FieldPathByValue<V, DateParts>>({
  state,
  name,
  ...date
}: BoundFieldProps<V, O, N, DateParts> & Pick<ComponentProps<typeof DateInput>, 'legend' | 'hint'>) {
  const { field, error } = useBoundField({ state, name });
  return (
    <DateInput
      id={name}
      legendClassName="nhsuk-fieldset__legend--s"
      error={error}
      {...date}
      value={field.value}
      onChange={field.onChange}
    />
  );
}

/** A short text: TextInput, its id the field's name (its label as the form says). */
export function TextInputField<V extends FieldValues, O, N extends FieldPathByValue<V, string>>({
  state,
  name,
  ...input
}: BoundFieldProps<V, O, N, string> &
  Omit<TextInputProps, 'id' | 'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'ref'>) {
  const { field, error } = useBoundField({ state, name });
  return (
    <TextInput
      id={name}
      error={error}
      {...input}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
    />
  );
}
