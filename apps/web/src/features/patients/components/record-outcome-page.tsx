import { useMemo } from 'react';
import { messages } from '@esr/contracts/messages';
import {
  outcomeFieldLabels,
  outcomeMessages,
  type OutcomeRequest,
  type PathwayOutcome,
} from '@esr/contracts/outcomes';
import { InsetText } from '../../../components/content';
import type { TextInputProps } from '../../../components/form-fields';
import {
  DateField,
  RadiosField,
  TextInputField,
  type FormFieldsState,
} from '../../../components/form-state-fields';
import { usePathwayOutcome } from '../api/get-pathway-outcome';
import { useRecordOutcome } from '../api/record-outcome';
import {
  notKnown,
  notKnownYet,
  outcomeFailureOf,
  outcomeFieldIds,
  outcomeFields,
  outcomeFormSchema,
  outcomeValuesOf,
  type OutcomeField,
  type OutcomeFormValues,
} from '../lib/outcome-form';
import { ClinicianFormBody, useClinicianForm } from './clinician-form';
import { PatientPage, type PatientRoute } from './patient-screen';
import { choiceItems, RevealRadiosField } from './prioritisation-fields';
import {
  SummaryFormHeader,
  SummaryFormScreen,
  useSummaryForForm,
  type SummaryFormProps,
} from './summary-form-screen';

const title = 'Record outcome';

const yesNo = { yes: 'Yes', no: 'No' } as const;
const yesNoNotKnown = { ...yesNo, [notKnown]: 'Not known' };

type OutcomeFieldsState = FormFieldsState<OutcomeFormValues, OutcomeRequest, OutcomeField>;

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
  const { summary, patient, procedureName } = useSummaryForForm(route);
  const outcomes = usePathwayOutcome(route.trust, route.type, route.id);
  return (
    <SummaryFormScreen
      title={title}
      patient={patient}
      query={patient ? outcomes : summary}
      form={
        patient && outcomes.data ? (
          <OutcomeForm
            route={route}
            patient={patient}
            procedureName={procedureName}
            current={outcomes.data.current}
          />
        ) : null
      }
    />
  );
}

function OutcomeForm({
  route,
  patient,
  procedureName,
  current,
}: SummaryFormProps & { current: PathwayOutcome | null }) {
  const record = useRecordOutcome(route.trust, route.type, route.id);
  const schema = useMemo(() => outcomeFormSchema(), []);
  const state = useClinicianForm({
    route,
    fields: outcomeFields,
    fieldIds: outcomeFieldIds,
    schema,
    defaultValues: outcomeValuesOf(current),
    submitting: record.isPending,
    send: async (body) => {
      await record.mutateAsync(body);
      return outcomeMessages.recorded;
    },
    failureOf: (error) => outcomeFailureOf(error, messages.someError),
  });
  return (
    <>
      <SummaryFormHeader state={state} title={title} patient={patient} procedureName={procedureName} />
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
      <ClinicianFormBody state={state} submitLabel={title}>
        <DateField
          state={state}
          name="dateOfOperation"
          legend={outcomeFieldLabels.dateOfOperation}
          hint="For example, 3 10 2026"
        />
        <ComplicationField state={state} />
        <RadiosField
          state={state}
          name="readmission30Days"
          legend={outcomeFieldLabels.readmission30Days}
          items={choiceItems(['yes', 'no', notKnown], yesNoNotKnown)}
        />
        <OptionalTextField
          state={state}
          name="lengthOfStayDays"
          labelClassName="nhsuk-label--s"
          hint="Nights in hospital after the operation. A day case is 0."
          width={3}
          inputMode="decimal"
          spellCheck={false}
          suffix="days"
        />
        <RadiosField
          state={state}
          name="death90Days"
          legend={outcomeFieldLabels.death90Days}
          items={choiceItems(['yes', 'no', notKnown], yesNoNotKnown)}
        />
      </ClinicianFormBody>
    </>
  );
}

/** An optional text answer: its label the field's, marked optional; the browser never fills it in. */
function OptionalTextField({
  state,
  name,
  ...input
}: {
  state: OutcomeFieldsState;
  name: 'complicationType' | 'lengthOfStayDays';
} & Pick<TextInputProps, 'hint' | 'labelClassName' | 'width' | 'inputMode' | 'spellCheck' | 'suffix'>) {
  return (
    <TextInputField
      state={state}
      name={name}
      label={`${outcomeFieldLabels[name]} (optional)`}
      autoComplete="off"
      {...input}
    />
  );
}

/** A complication in the 90 days after the operation: Yes reveals what it was. */
function ComplicationField({ state }: { state: OutcomeFieldsState }) {
  return (
    <RevealRadiosField
      state={state}
      name="complication90Days"
      legend={outcomeFieldLabels.complication90Days}
      hint="Any complication of the operation, in the 90 days after it. Before 90 days have passed, No means none so far: the outcome counts in the model’s monitoring only once they have."
      items={[
        {
          value: 'yes',
          label: yesNo.yes,
          reveal: (
            <OptionalTextField
              state={state}
              name="complicationType"
              hint="For example, deep wound infection. Up to 200 characters."
            />
          ),
        },
        { value: 'no', label: yesNo.no },
        { value: notKnownYet, label: 'Not known yet' },
      ]}
    />
  );
}
