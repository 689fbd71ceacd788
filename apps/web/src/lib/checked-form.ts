import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ErrorSummaryItem } from '../components/error-summary';
import type { FormFieldsState } from '../components/form-state-fields';
import { useFormRequest, type FormFailure } from './form-request';

/**
 * The error summary's items: each field's error in the form's order, linked to the field, and the
 * server's message for the whole form, before the fields' errors or after them.
 */
function errorSummaryItems<Field extends string>(
  fields: readonly Field[],
  fieldIds: Record<Field, string>,
  errorOf: (field: Field) => string | undefined,
  message: string | undefined,
  messagePlace: 'first' | 'last',
): ErrorSummaryItem[] {
  const fieldItems = fields.flatMap((field) => {
    const text = errorOf(field);
    return text ? [{ text, fieldId: fieldIds[field] }] : [];
  });
  const messageItems = message ? [{ text: message }] : [];
  return messagePlace === 'first' ? [...messageItems, ...fieldItems] : [...fieldItems, ...messageItems];
}

/** A checked form's state: its fields' (FormFieldsState), its error summary, and its submission. */
export interface CheckedFormState<
  Values extends FieldValues,
  Output,
  Field extends string,
  Result,
> extends FormFieldsState<Values, Output, Field> {
  /** The error summary's items, and the count of refused submissions that moves focus to it. */
  summary: ErrorSummaryItem[];
  attempt: number;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Sends what `action` asks for as the form's submission does (one at a time, refusals kept). */
  record: (action: () => Promise<Result>) => Promise<void>;
}

/** What a checked form is made of (useCheckedForm). */
export interface CheckedFormOptions<Values extends FieldValues, Output, Field extends string, Result> {
  /** The form's fields, in its order (the error summary's). */
  fields: readonly Field[];
  /** What the error summary links each field to: its first input, radio or checkbox, or its textarea. */
  fieldIds: Record<Field, string>;
  schema: z.ZodType<Output, Values>;
  defaultValues: DefaultValues<Values>;
  /** A request of the page on its way: the form sends nothing until it is done. */
  busy: boolean;
  send: (values: Output) => Promise<Result>;
  onSent: (result: Result) => void;
  failureOf: (error: unknown) => FormFailure<Field>;
  /** Where the error summary puts the server's message for the whole form. */
  messagePlace: 'first' | 'last';
}

/**
 * A form checked as the API checks it (`schema`), its errors and the server's under its fields and
 * in the error summary, which takes focus after each refused submission (decision 0018). Submitted,
 * `send` makes the request and `onSent` moves on with its result; a refusal is read by `failureOf`
 * and kept until the next submission.
 */
export function useCheckedForm<Values extends FieldValues, Output, Field extends Path<Values>, Result>({
  fields,
  fieldIds,
  schema,
  defaultValues,
  busy,
  send,
  onSent,
  failureOf,
  messagePlace,
}: CheckedFormOptions<Values, Output, Field, Result>): CheckedFormState<Values, Output, Field, Result> {
  const request = useFormRequest({ busy, failureOf });
  const form = useForm<Values, unknown, Output>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues,
  });
  // Each field is a top-level name, its error on the name itself (a list's or a date's too).
  const errors = form.formState.errors as Partial<Record<string, FieldError>>;
  const errorOf = (field: Field) => errors[field]?.message ?? request.failure?.fieldErrors[field];
  const record = (action: () => Promise<Result>) => request.send(action, onSent);
  const submit = form.handleSubmit(
    (values) => record(() => send(values)),
    () => request.clear(),
  );
  return {
    form,
    errorOf,
    record,
    submit,
    summary: errorSummaryItems(fields, fieldIds, errorOf, request.failure?.message, messagePlace),
    attempt: form.formState.submitCount + request.failures,
  };
}
