import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { messages } from '@esr/contracts/messages';
import { Button } from '../../../components/button';
import type { ErrorSummaryItem } from '../../../components/error-summary';
import type { FormFieldsState } from '../../../components/form-state-fields';
import { useCheckedForm, type CheckedFormOptions } from '../../../lib/checked-form';
import type { FormFailure } from '../../../lib/form-request';
import { prioritisationFailureOf } from '../lib/prioritisation-forms';
import type { PatientRoute } from './patient-screen';
import { CancelButton, usePrioritisationReturn } from './prioritisation-screen';

/** What the server refused a form's request for: its messages under their fields, or one for the form. */
export type ServerFailureOf<Field extends string> = (error: unknown) => FormFailure<Field>;

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
 * A form that records something about the pathway (decision 0044): a checked form (useCheckedForm)
 * whose `send` makes the request and returns the success notice; the form then goes back to where
 * the user works (usePrioritisationReturn), with the notice.
 */
export function useClinicianForm<Values extends FieldValues, Output, Field extends Path<Values>>({
  route,
  submitting,
  busy = submitting,
  failureOf,
  ...form
}: Omit<
  CheckedFormOptions<Values, Output, Field, string>,
  'busy' | 'onSent' | 'failureOf' | 'messagePlace'
> & {
  route: PatientRoute;
  /** The form's own request is on its way. */
  submitting: boolean;
  /** Any of the page's requests on its way (`submitting` unless the page has another). */
  busy?: boolean;
  /** How the server's refusal reads (a prioritisation form's, unless the form says otherwise). */
  failureOf?: ServerFailureOf<Field>;
}): ClinicianFormState<Values, Output, Field> {
  const { leave } = usePrioritisationReturn(route.id, route.type);
  const { summary, submit, ...state } = useCheckedForm({
    ...form,
    busy,
    onSent: (notice) => leave(notice),
    failureOf: failureOf ?? ((error) => prioritisationFailureOf(error, form.fields, messages.someError)),
    messagePlace: 'first',
  });
  return {
    ...state,
    leave: () => leave(),
    onSubmit: (event) => void submit(event),
    busy,
    submitting,
    errors: summary,
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
