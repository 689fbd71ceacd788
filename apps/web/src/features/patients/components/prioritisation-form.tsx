import type { ComponentType, FormEvent, ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import type { SummaryRow } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { PatientPage, type PatientRoute } from './patient-screen';
import {
  CancelButton,
  errorSummaryItems,
  PrioritisationHeader,
  PrioritisationScreen,
  usePrioritisationReturn,
  useServerFailure,
} from './prioritisation-screen';

/** What a prioritisation form is given: the pathway's prioritisation, loaded, and its address. */
export interface PrioritisationFormProps {
  pathway: PathwayPrioritisation;
  route: PatientRoute;
}

/**
 * A prioritisation form's page (decision 0044): the patient page for the pathway in the address,
 * its screen (PrioritisationScreen) showing `Form` once the pathway, on the active list, is loaded.
 */
export function prioritisationFormPage(title: string, Form: ComponentType<PrioritisationFormProps>) {
  function PrioritisationFormScreen(route: PatientRoute) {
    return (
      <PrioritisationScreen title={title} route={route}>
        {(pathway) => <Form pathway={pathway} route={route} />}
      </PrioritisationScreen>
    );
  }
  return function PrioritisationFormPage() {
    return <PatientPage title={title} screen={PrioritisationFormScreen} />;
  };
}

/** What a form's fields need of it: its control, and each field's error. */
export interface PrioritisationFieldsState<Values extends FieldValues, Output, Field extends string> {
  form: UseFormReturn<Values, unknown, Output>;
  errorOf: (field: Field) => string | undefined;
}

/** What a prioritisation form's page shows of its state, whatever its fields. */
export interface PrioritisationFormView {
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

/** A prioritisation form's state (usePrioritisationForm). */
export interface PrioritisationFormState<Values extends FieldValues, Output, Field extends string>
  extends PrioritisationFieldsState<Values, Output, Field>, PrioritisationFormView {
  /** Sends what `action` records, then goes back with the notice it returns; or says why not. */
  record: (action: () => Promise<string>) => Promise<void>;
}

/**
 * A prioritisation form (decision 0044), checked as the API checks it (`schema`), its errors and
 * the server's under its fields and in the error summary, which takes focus after each refused
 * submission (decision 0018). `send` makes the request and returns the success notice; the form
 * then goes back to where the user works (usePrioritisationReturn), with the notice.
 */
export function usePrioritisationForm<Values extends FieldValues, Output, Field extends Path<Values>>({
  route,
  fields,
  fieldIds,
  schema,
  defaultValues,
  submitting,
  busy = submitting,
  send,
}: {
  route: PatientRoute;
  /** The form's fields, in its order (the error summary's). */
  fields: readonly Field[];
  /** What the error summary links each field to: its first radio or checkbox, or its textarea. */
  fieldIds: Record<Field, string>;
  schema: z.ZodType<Output, Values>;
  defaultValues: DefaultValues<Values>;
  submitting: boolean;
  /** Any of the page's requests on its way (`submitting` unless the page has another). */
  busy?: boolean;
  send: (values: Output) => Promise<string>;
}): PrioritisationFormState<Values, Output, Field> {
  const { leave } = usePrioritisationReturn(route.id, route.type);
  const server = useServerFailure(fields);
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

interface FrameProps {
  state: PrioritisationFormView;
  title: string;
  pathway: PathwayPrioritisation;
  /** What the form is about now, under the patient's name and NHS number. */
  rows: SummaryRow[];
  children: ReactNode;
}

/** A prioritisation form's page: the error summary, the patient and what the form is about, then `children`. */
export function PrioritisationFormFrame({ state, title, pathway, rows, children }: FrameProps) {
  return (
    <>
      <ErrorSummary errors={state.errors} attempt={state.attempt} />
      <PrioritisationHeader title={title} pathway={pathway} rows={rows} />
      {children}
    </>
  );
}

/** A prioritisation form: its fields (`children`), then its button (`submitLabel`) and Cancel. */
export function PrioritisationFormBody({
  state,
  submitLabel,
  children,
}: Pick<FrameProps, 'state' | 'children'> & { submitLabel: string }) {
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

/** A prioritisation form's page with its form: PrioritisationFormFrame around PrioritisationFormBody. */
export function PrioritisationForm({
  submitLabel,
  children,
  ...frame
}: FrameProps & { submitLabel: string }) {
  return (
    <PrioritisationFormFrame {...frame}>
      <PrioritisationFormBody state={frame.state} submitLabel={submitLabel}>
        {children}
      </PrioritisationFormBody>
    </PrioritisationFormFrame>
  );
}
