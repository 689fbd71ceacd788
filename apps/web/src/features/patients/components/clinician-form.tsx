import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import { Button } from '../../../components/button';
import type { ErrorSummaryItem } from '../../../components/error-summary';
import type { FormFieldsState } from '../../../components/form-state-fields';
import { prioritisationFailureOf, type PrioritisationFailure } from '../lib/prioritisation-forms';
import type { PatientRoute } from './patient-screen';
import { CancelButton, usePrioritisationReturn } from './prioritisation-screen';

/** What the server refused a form's request for: its messages under their fields, or one for the form. */
export type ServerFailureOf<Field extends string> = (error: unknown) => PrioritisationFailure<Field>;

/**
 * What the server refused a form's request for: its field errors, or one message, kept until the
 * next submission; `failures` counts them, so that the error summary takes focus after each
 * (decision 0018).
 */
function useServerFailure<Field extends string>(failureOf: ServerFailureOf<Field>) {
  const [failure, setFailure] = useState<PrioritisationFailure<Field> | null>(null);
  const [failures, setFailures] = useState(0);
  return {
    failure,
    failures,
    clear: () => setFailure(null),
    fail: (error: unknown) => {
      setFailure(failureOf(error));
      setFailures((count) => count + 1);
    },
  };
}

/**
 * The error summary's items: the server's message for the whole form first, then each field's
 * error in the form's order, linked to the field (its first radio or checkbox, or its textarea).
 */
function errorSummaryItems<Field extends string>(
  fields: readonly Field[],
  fieldIds: Record<Field, string>,
  errorOf: (field: Field) => string | undefined,
  message: string | undefined,
): ErrorSummaryItem[] {
  return [
    ...(message ? [{ text: message }] : []),
    ...fields.flatMap((field) => {
      const text = errorOf(field);
      return text ? [{ text, fieldId: fieldIds[field] }] : [];
    }),
  ];
}

/** What a clinician's form page shows of its state, whatever its fields. */
export interface ClinicianFormView {
  /** The error summary's items, and the count of refused submissions that moves focus to it. */
  errors: ErrorSummaryItem[];
  attempt: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Back without recording anything (Cancel). */
  leave: () => void;
  /** A request is on its way: the buttons are aria-disabled. */
  busy: boolean;
  /** The form's own request is on its way: its button says so. */
  submitting: boolean;
}

/** A clinician's form state (useClinicianForm). */
export interface ClinicianFormState<Values extends FieldValues, Output, Field extends string>
  extends FormFieldsState<Values, Output, Field>, ClinicianFormView {
  /** Sends what `action` records, then goes back with the notice it returns; or says why not. */
  record: (action: () => Promise<string>) => Promise<void>;
}

/**
 * A form that records something about the pathway (decision 0044), checked as the API checks it
 * (`schema`), its errors and the server's under its fields and in the error summary, which takes
 * focus after each refused submission (decision 0018). `send` makes the request and returns the
 * success notice; the form then goes back to where the user works (usePrioritisationReturn), with
 * the notice.
 */
export function useClinicianForm<Values extends FieldValues, Output, Field extends Path<Values>>({
  route,
  fields,
  fieldIds,
  schema,
  defaultValues,
  submitting,
  busy = submitting,
  send,
  failureOf = (error) => prioritisationFailureOf(error, fields, messages.someError),
}: {
  route: PatientRoute;
  /** The form's fields, in its order (the error summary's). */
  fields: readonly Field[];
  /** What the error summary links each field to: its first input, radio or checkbox, or its textarea. */
  fieldIds: Record<Field, string>;
  schema: z.ZodType<Output, Values>;
  defaultValues: DefaultValues<Values>;
  submitting: boolean;
  /** Any of the page's requests on its way (`submitting` unless the page has another). */
  busy?: boolean;
  send: (values: Output) => Promise<string>;
  /** How the server's refusal reads (a prioritisation form's, unless the form says otherwise). */
  failureOf?: ServerFailureOf<Field>;
}): ClinicianFormState<Values, Output, Field> {
  const { leave } = usePrioritisationReturn(route.id, route.type);
  const server = useServerFailure(failureOf);
  const form = useForm<Values, unknown, Output>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues,
  });
  // Each field is a top-level name, its error on the name itself (a list's too: what was done).
  const errors = form.formState.errors as Partial<Record<string, FieldError>>;
  const errorOf = (field: Field) => errors[field]?.message ?? server.failure?.fieldErrors[field];
  const record = async (action: () => Promise<string>) => {
    if (busy) return;
    server.clear();
    try {
      leave(await action());
    } catch (error) {
      server.fail(error);
    }
  };
  const submit = form.handleSubmit(
    (values) => record(() => send(values)),
    () => server.clear(),
  );
  return {
    form,
    errorOf,
    record,
    leave: () => leave(),
    onSubmit: (event) => void submit(event),
    busy,
    submitting,
    errors: errorSummaryItems(fields, fieldIds, errorOf, server.failure?.message),
    attempt: form.formState.submitCount + server.failures,
  };
}

/** A clinician's form: its fields (`children`), then its button (`submitLabel`) and Cancel. */
export function ClinicianFormBody({
  state,
  submitLabel,
  children,
}: {
  state: ClinicianFormView;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={state.onSubmit}>
      {children}
      <div className="app-button-group">
        {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
        <Button type="submit" aria-disabled={state.busy}>
          {state.submitting ? messages.submitting : submitLabel}
        </Button>
        <CancelButton onCancel={state.leave} />
      </div>
    </form>
  );
}
