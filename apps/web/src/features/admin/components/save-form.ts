import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { SaveFailure } from '../lib/error-mapping';
import { fieldMessages } from './form-errors';

/**
 * The add and edit forms of trusts and users: the body's schema checks the form, `save` sends it
 * (and moves on), and a refusal is kept as a SaveFailure for the error summary and the fields.
 */
export function useSaveForm<T extends FieldValues>({
  schema,
  defaultValues,
  order,
  save,
  failureOf,
}: {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  /** The fields in the order of the form, for the error summary. */
  order: readonly string[];
  save: (body: T) => Promise<unknown>;
  failureOf: (error: unknown) => SaveFailure;
}) {
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const form = useForm<T>({
    // The error summary takes focus (NHS.UK pattern), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues,
  });
  const errors = fieldMessages(form.formState.errors, failure);
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save(body);
    } catch (error) {
      setFailure(failureOf(error));
    }
  });
  /** The props of FormErrorSummary. */
  const summary = { fields: errors, order, failure, attempt: form.formState.submitCount };
  return { form, errors, submit, summary };
}
