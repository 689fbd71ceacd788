import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@esr/contracts/messages';
import { maxSurgeonNameLength, type RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { SummaryList } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { dataText } from '../../../components/data-text';
import { Radios, TextInput } from '../../../components/form-fields';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useRiskSummary } from '../api/get-risk-summary';
import { useSurgicalRiskFactorOptions } from '../api/get-surgical-risk-factor-options';
import { useUpdateSurgicalRiskFactors } from '../api/update-surgical-risk-factors';
import {
  editDetailsFailureOf,
  editDetailsFieldOrder,
  editDetailsFormSchema,
  surgeonCharactersLeftText,
  type EditDetailsFailure,
  type EditDetailsField,
  type EditDetailsForm,
} from '../lib/edit-details-form';
import {
  ActivePathway,
  PatientHeading,
  PatientPage,
  personName,
  useBreadcrumbPatient,
  useReturnToSummary,
  type PatientRoute,
} from './patient-screen';
import { patientRows } from './risk-summary-view';

const fieldIds: Record<EditDetailsField, string> = {
  surgeonName: 'surgeonName',
  surgery: 'surgery-1',
  social: 'social-1',
};

/** The two questions answered from the form-data call's options. */
const optionFields = [
  { name: 'surgery', legend: 'Readiness for surgery' },
  { name: 'social', legend: 'Social aspects' },
] as const;
type OptionField = (typeof optionFields)[number]['name'];

/**
 * docs/requirements.md §2 /edit-details: the consultant surgeon, readiness for surgery and social aspects (the
 * options from the form-data call), all required (docs/requirements.md §5); Cancel, or Submit ('Submitting...'
 * while busy) back to the summary.
 */
export function EditDetailsPage() {
  return <PatientPage title="Edit details" screen={EditDetailsScreen} />;
}

function EditDetailsScreen({ id, type, trust }: PatientRoute) {
  const summary = useRiskSummary(trust, type, id);
  const options = useSurgicalRiskFactorOptions();
  useBreadcrumbPatient(id, summary.data);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ActivePathway title="Edit details" pathway={summary.data} query={summary}>
          {(data) => (
            <>
              {options.isError && (
                <ErrorSummary errors={[{ text: messages.someError }]} attempt={options.errorUpdateCount} />
              )}
              <EditDetailsForm
                summary={data}
                id={id}
                type={type}
                trust={trust}
                options={{ surgery: options.data?.surgery ?? [], social: options.data?.social ?? [] }}
                optionsLoading={options.isLoading}
              />
            </>
          )}
        </ActivePathway>
      </div>
    </div>
  );
}

/** The edit details form's state: its fields, their errors and the server's, and Submit. */
function useEditDetailsForm(summary: RiskSummary, { id, type, trust }: Omit<PatientRoute, 'historyId'>) {
  const backToSummary = useReturnToSummary(id, type);
  const update = useUpdateSurgicalRiskFactors(trust, type, id);
  const [failure, setFailure] = useState<EditDetailsFailure | null>(null);
  const [failures, setFailures] = useState(0);
  const form = useForm<EditDetailsForm>({
    // The error summary takes focus (NHS.UK pattern), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(editDetailsFormSchema),
    defaultValues: {
      surgeonName: dataText(summary.surgeonName),
      surgery: summary.surgery ?? '',
      social: summary.social ?? '',
    },
  });
  const errorOf = (field: EditDetailsField) =>
    form.formState.errors[field]?.message ?? failure?.fieldErrors[field];
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      backToSummary();
    } catch (error) {
      setFailure(editDetailsFailureOf(error, messages.someError));
      setFailures((count) => count + 1);
    }
  });
  const summaryItems = [
    ...(failure?.message ? [{ text: failure.message }] : []),
    ...editDetailsFieldOrder.flatMap((field) => {
      const text = errorOf(field);
      return text ? [{ text, fieldId: fieldIds[field] }] : [];
    }),
  ];
  return {
    form,
    errorOf,
    summaryItems,
    attempt: form.formState.submitCount + failures,
    submit,
    submitting: update.isPending,
    backToSummary,
  };
}

type EditDetailsState = ReturnType<typeof useEditDetailsForm>;

function EditDetailsForm({
  summary,
  id,
  type,
  trust,
  options,
  optionsLoading,
}: {
  summary: RiskSummary;
  id: string;
  type: ProcedureCode;
  trust: string;
  options: Record<OptionField, { value: string; label: string }[]>;
  optionsLoading: boolean;
}) {
  const nameOf = useProcedureNameOf();
  const state = useEditDetailsForm(summary, { id, type, trust });
  const { form, errorOf } = state;
  return (
    <>
      <ErrorSummary errors={state.summaryItems} attempt={state.attempt} />
      <PatientHeading title="Edit details" name={personName(summary)} />
      <SummaryList rows={patientRows(summary, nameOf(type)).slice(1)} />
      <form noValidate onSubmit={(event) => void state.submit(event)}>
        <SurgeonNameField state={state} />
        {optionFields.map(({ name, legend }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Radios
                name={name}
                legend={legend}
                legendClassName="nhsuk-fieldset__legend--s"
                hint={optionsLoading ? messages.loading : undefined}
                error={errorOf(name)}
                items={options[name]}
                selected={[field.value]}
                onChange={(value) => field.onChange(value)}
              />
            )}
          />
        ))}
        {/* docs/requirements.md §2 fixes the button's word; this says what it does (decision 0039). */}
        <p id="edit-details-submit-note">
          Submit saves these details. The model does not read them, so the prediction stays as it is.
        </p>
        <div className="app-button-group">
          <Button variant="secondary" onClick={state.backToSummary}>
            Cancel
          </Button>
          <Button type="submit" disabled={state.submitting} aria-describedby="edit-details-submit-note">
            {state.submitting ? messages.submitting : 'Submit'}
          </Button>
        </div>
      </form>
    </>
  );
}

/** The consultant surgeon, with the NHS.UK character count. */
function SurgeonNameField({ state }: { state: EditDetailsState }) {
  const { form, errorOf } = state;
  const surgeonName = form.watch('surgeonName');
  const surgeonOver = surgeonCharactersLeftText(surgeonName).endsWith('too many');
  return (
    <TextInput
      id="surgeonName"
      label="Consultant surgeon"
      labelClassName="nhsuk-label--s"
      hint={`Up to ${maxSurgeonNameLength} characters`}
      width={20}
      autoComplete="off"
      error={errorOf('surgeonName')}
      describedBy="surgeonName-count"
      after={
        // NHS.UK character count: the limit is the import's and the API's (field-limits.ts).
        <div
          id="surgeonName-count"
          className={`nhsuk-character-count__message ${surgeonOver ? 'nhsuk-error-message' : 'nhsuk-hint'}`}
          aria-live="polite"
        >
          {surgeonCharactersLeftText(surgeonName)}
        </div>
      }
      {...form.register('surgeonName')}
    />
  );
}
