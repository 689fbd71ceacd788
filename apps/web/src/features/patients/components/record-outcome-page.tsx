import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@esr/contracts/messages';
import { outcomeMessages, type OutcomeRequest, type PathwayOutcome } from '@esr/contracts/outcomes';
import type { RiskSummary } from '@esr/contracts/patients';
import { Button } from '../../../components/button';
import { InsetText, SummaryList } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { DateInput, TextInput } from '../../../components/form-fields';
import { outcomeFieldLabels } from '@esr/contracts/outcomes';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { usePathwayOutcome } from '../api/get-pathway-outcome';
import { useRiskSummary } from '../api/get-risk-summary';
import { useRecordOutcome } from '../api/record-outcome';
import {
  notKnown,
  notKnownYet,
  outcomeFailureOf,
  outcomeFieldIds,
  outcomeFields,
  outcomeFormSchema,
  outcomeValuesOf,
  type OutcomeFailure,
  type OutcomeField,
  type OutcomeFormValues,
} from '../lib/outcome-form';
import {
  PatientHeading,
  PatientLoadStatus,
  PatientPage,
  personName,
  useBreadcrumbPatient,
  type PatientRoute,
} from './patient-screen';
import { choiceItems, RadiosField, RevealRadios } from './prioritisation-fields';
import { CancelButton, errorSummaryItems, usePrioritisationReturn } from './prioritisation-screen';
import { patientRows } from './risk-summary-view';

const title = 'Record outcome';

const yesNo = { yes: 'Yes', no: 'No' } as const;
const yesNoNotKnown = { ...yesNo, [notKnown]: 'Not known' };

/**
 * Decision 0045 /patient-lookup/{id}/record-outcome (clinicians): what happened after the
 * operation, for a pathway on the list or archived. An outcome already recorded fills the form, to
 * correct it; the earlier one stays in the pathway's history. Recording returns to the risk
 * summary, which says so ("Outcome recorded").
 */
export function RecordOutcomePage() {
  return <PatientPage title={title} screen={RecordOutcomeScreen} />;
}

function RecordOutcomeScreen(route: PatientRoute) {
  const summary = useRiskSummary(route.trust, route.type, route.id);
  const outcomes = usePathwayOutcome(route.trust, route.type, route.id);
  const nameOf = useProcedureNameOf();
  useBreadcrumbPatient(route.id, summary.data);
  const patient = summary.data;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {patient && outcomes.data ? (
          <OutcomeForm
            route={route}
            patient={patient}
            procedureName={nameOf(route.type)}
            current={outcomes.data.current}
          />
        ) : (
          <>
            <PatientHeading title={title} name={patient ? personName(patient) : undefined} />
            <PatientLoadStatus query={patient ? outcomes : summary} />
          </>
        )}
      </div>
    </div>
  );
}

function OutcomeForm({
  route,
  patient,
  procedureName,
  current,
}: {
  route: PatientRoute;
  patient: RiskSummary;
  procedureName: string;
  current: PathwayOutcome | null;
}) {
  const record = useRecordOutcome(route.trust, route.type, route.id);
  const { leave } = usePrioritisationReturn(route.id, route.type);
  const [failure, setFailure] = useState<OutcomeFailure | null>(null);
  const [failures, setFailures] = useState(0);
  const schema = useMemo(() => outcomeFormSchema(), []);
  const form = useForm<OutcomeFormValues, unknown, OutcomeRequest>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: outcomeValuesOf(current),
  });
  const errors = form.formState.errors as Partial<Record<OutcomeField, FieldError>>;
  const errorOf = (field: OutcomeField) => errors[field]?.message ?? failure?.fieldErrors[field];
  const state = { form, errorOf };
  const busy = record.isPending;
  const submit = form.handleSubmit(
    async (body) => {
      if (busy) return;
      setFailure(null);
      try {
        await record.mutateAsync(body);
        leave(outcomeMessages.recorded);
      } catch (error) {
        setFailure(outcomeFailureOf(error, messages.someError));
        setFailures((count) => count + 1);
      }
    },
    () => setFailure(null),
  );
  return (
    <>
      <ErrorSummary
        errors={errorSummaryItems(outcomeFields, outcomeFieldIds, errorOf, failure?.message)}
        attempt={form.formState.submitCount + failures}
      />
      <PatientHeading title={title} name={personName(patient)} />
      <SummaryList rows={patientRows(patient, procedureName)} />
      {current && (
        <InsetText>
          <p>
            An outcome is already recorded, and the form shows it. What you record corrects it; the earlier
            outcome is kept in the patient&apos;s history.
          </p>
        </InsetText>
      )}
      {patient.isActive && (
        <p>The patient is still on the waiting list. Recording an outcome archives them as operated.</p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="dateOfOperation"
          render={({ field }) => (
            <DateInput
              id="dateOfOperation"
              legend={outcomeFieldLabels.dateOfOperation}
              legendClassName="nhsuk-fieldset__legend--s"
              hint="For example, 3 10 2026"
              error={errorOf('dateOfOperation')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="complication90Days"
          render={({ field }) => (
            <RevealRadios
              name="complication90Days"
              legend={outcomeFieldLabels.complication90Days}
              hint="Any complication of the operation, in the 90 days after it. Before 90 days have passed, No means none so far: the outcome counts in the model’s monitoring only once they have."
              error={errorOf('complication90Days')}
              selected={field.value}
              onChange={field.onChange}
              items={[
                {
                  value: 'yes',
                  label: yesNo.yes,
                  reveal: (
                    <Controller
                      control={form.control}
                      name="complicationType"
                      render={({ field: type }) => (
                        <TextInput
                          id="complicationType"
                          label={`${outcomeFieldLabels.complicationType} (optional)`}
                          hint="For example, deep wound infection. Up to 200 characters."
                          error={errorOf('complicationType')}
                          autoComplete="off"
                          value={type.value}
                          onChange={(event) => type.onChange(event.target.value)}
                          onBlur={type.onBlur}
                        />
                      )}
                    />
                  ),
                },
                { value: 'no', label: yesNo.no },
                { value: notKnownYet, label: 'Not known yet' },
              ]}
            />
          )}
        />
        <RadiosField
          state={state}
          name="readmission30Days"
          legend={outcomeFieldLabels.readmission30Days}
          items={choiceItems(['yes', 'no', notKnown], yesNoNotKnown)}
        />
        <Controller
          control={form.control}
          name="lengthOfStayDays"
          render={({ field }) => (
            <TextInput
              id="lengthOfStayDays"
              label={`${outcomeFieldLabels.lengthOfStayDays} (optional)`}
              labelClassName="nhsuk-label--s"
              hint="Nights in hospital after the operation. A day case is 0."
              error={errorOf('lengthOfStayDays')}
              width={3}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              suffix="days"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            />
          )}
        />
        <RadiosField
          state={state}
          name="death90Days"
          legend={outcomeFieldLabels.death90Days}
          items={choiceItems(['yes', 'no', notKnown], yesNoNotKnown)}
        />
        <div className="app-button-group">
          {/* A busy button is aria-disabled, not disabled: a disabled button would lose the focus. */}
          <Button type="submit" aria-disabled={busy}>
            {busy ? messages.submitting : title}
          </Button>
          <CancelButton onCancel={() => leave()} />
        </div>
      </form>
    </>
  );
}
