import { useMemo } from 'react';
import { z } from 'zod';
import { todayInLondon } from '@esr/contracts/london-dates';
import { messages } from '@esr/contracts/messages';
import {
  identityCorrectionMessages as identityMessages,
  maxIdentityReasonLength,
  type IdentityCorrectionRequest,
} from '@esr/contracts/patient-identity';
import type { RiskSummary } from '@esr/contracts/patients';
import { WarningCallout } from '../../../components/content';
import { DateField, type FormFieldsState } from '../../../components/form-state-fields';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';
import { emptyDateParts, readDateParts, type DateParts } from '../../../lib/calendar-date';
import { formatDate } from '../../../lib/dates';
import { useCorrectIdentity } from '../api/identity-correction';
import { ClinicianFormBody, useClinicianForm } from './clinician-form';
import { PatientPage, type PatientRoute } from './patient-screen';
import { TextareaField } from './prioritisation-fields';
import { ConflictList } from './identity-conflicts';
import {
  SummaryFormHeader,
  SummaryFormScreen,
  useSummaryForForm,
  type SummaryFormProps,
} from './summary-form-screen';

const title = 'Confirm a corrected date of birth';

const fields = ['dateOfBirth', 'reason'] as const;
type Field = (typeof fields)[number];
const fieldIds: Record<Field, string> = { dateOfBirth: 'dateOfBirth-day', reason: 'reason' };

interface FormValues {
  dateOfBirth: DateParts;
  reason: string;
}

/**
 * The form's check, as the API makes it (decision 0055): a real date in the past, an age of 110 or
 * under, not the pathway's own; a reason of up to 500 characters. Its output is the request.
 */
const formSchema = (current: string | null, today = todayInLondon()) =>
  z
    .object({
      dateOfBirth: z.object({ day: z.string(), month: z.string(), year: z.string() }),
      reason: z.string(),
    })
    .transform((values, context): IdentityCorrectionRequest => {
      const date = readDateParts(values.dateOfBirth);
      const oldest = `${Number(today.slice(0, 4)) - 110}${today.slice(4)}`;
      const dateProblem =
        date.kind === 'empty'
          ? identityMessages.dateRequired
          : date.kind === 'invalid'
            ? identityMessages.dateInvalid
            : date.iso > today
              ? identityMessages.dateFuture
              : date.iso < oldest
                ? identityMessages.dateTooOld
                : date.iso === current
                  ? identityMessages.dateSame
                  : null;
      if (dateProblem) context.addIssue({ code: 'custom', path: ['dateOfBirth'], message: dateProblem });
      const reason = values.reason.trim();
      const reasonProblem =
        reason.length === 0
          ? identityMessages.reasonRequired
          : reason.length > maxIdentityReasonLength
            ? identityMessages.reasonTooLong
            : null;
      if (reasonProblem) context.addIssue({ code: 'custom', path: ['reason'], message: reasonProblem });
      if (dateProblem || reasonProblem || date.kind !== 'date') return z.NEVER;
      return { dateOfBirth: date.iso, reason };
    });

/** What the server refused: its messages under their fields, or one for the page. */
function failureOf(error: unknown): { fieldErrors: Partial<Record<Field, string>>; message?: string } {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: messages.someError };
  const fieldErrors: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const first = error.body?.errors?.[field]?.[0];
    if (first) fieldErrors[field] = first;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return {
    fieldErrors: {},
    message: isDetailForPeople(error.status) && error.body?.detail ? error.body.detail : messages.someError,
  };
}

/**
 * Decision 0055 /patient-lookup/{id}/confirm-corrected-date-of-birth (clinicians): "same patient,
 * date of birth corrected". A waiting list gave this pathway's NHS number with another date of
 * birth; when the trust's system corrected it, the clinician types the corrected date and how they
 * know, and the next upload with it updates the pathway. Back on the risk summary, it says so.
 */
export function ConfirmDateOfBirthPage() {
  return <PatientPage title={title} screen={ConfirmDateOfBirthScreen} />;
}

function ConfirmDateOfBirthScreen(route: PatientRoute) {
  const { summary, patient, procedureName } = useSummaryForForm(route);
  return (
    <SummaryFormScreen
      title={title}
      patient={patient}
      query={summary}
      form={patient ? <CorrectionForm route={route} patient={patient} procedureName={procedureName} /> : null}
    />
  );
}

function CorrectionForm({ route, patient, procedureName }: SummaryFormProps) {
  const correct = useCorrectIdentity(route.trust, route.type, route.id);
  const schema = useMemo(() => formSchema(patient.dateOfBirth), [patient.dateOfBirth]);
  const state = useClinicianForm({
    route,
    fields,
    fieldIds,
    schema,
    defaultValues: { dateOfBirth: emptyDateParts, reason: '' },
    submitting: correct.isPending,
    send: async (body) => {
      await correct.mutateAsync(body);
      return identityMessages.confirmed;
    },
    failureOf,
  });
  return (
    <>
      <SummaryFormHeader state={state} title={title} patient={patient} procedureName={procedureName} />
      {patient.identityConflicts.length > 0 && (
        <>
          <h2 className="nhsuk-heading-s">What the waiting list says</h2>
          <ConflictList conflicts={patient.identityConflicts} />
        </>
      )}
      <WarningCallout heading="Check it is the same patient">
        <p>
          Confirm only if the trust&apos;s system corrected this patient&apos;s date of birth. If the row is
          another patient with this NHS number, do not confirm: the NHS number needs correcting in the source
          system instead.
        </p>
      </WarningCallout>
      <ClinicianFormBody state={state} submitLabel="Confirm corrected date of birth">
        <CorrectionFields state={state} patient={patient} />
      </ClinicianFormBody>
    </>
  );
}

function CorrectionFields({
  state,
  patient,
}: {
  state: FormFieldsState<FormValues, IdentityCorrectionRequest, Field>;
  patient: RiskSummary;
}) {
  return (
    <>
      <DateField
        state={state}
        name="dateOfBirth"
        legend="Corrected date of birth"
        hint={`As the trust's system now holds it, for example 4 7 1960. The pathway has ${
          patient.dateOfBirth ? formatDate(patient.dateOfBirth) : 'no date of birth'
        }.`}
      />
      <TextareaField
        state={state}
        name="reason"
        label="How do you know it is the same patient?"
        hint="For example, what you checked and with whom. It is kept in the change log, with your name."
      />
    </>
  );
}
