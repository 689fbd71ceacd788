import type { ReactNode } from 'react';
import type { RiskSummary } from '@esr/contracts/patients';
import { SummaryList } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useRiskSummary } from '../api/get-risk-summary';
import type { ClinicianFormView } from './clinician-form';
import {
  PatientHeading,
  PatientLoadStatus,
  personName,
  useBreadcrumbPatient,
  type LoadQuery,
  type PatientRoute,
} from './patient-screen';
import { patientRows } from './risk-summary-view';

/** What a form about a pathway's risk summary is given: the summary, loaded, and its address. */
export interface SummaryFormProps {
  route: PatientRoute;
  patient: RiskSummary;
  procedureName: string;
}

/** The risk summary a form is about, the patient's name in the breadcrumb once it is loaded. */
export function useSummaryForForm(route: PatientRoute) {
  const summary = useRiskSummary(route.trust, route.type, route.id);
  const nameOf = useProcedureNameOf();
  useBreadcrumbPatient(route.id, summary.data);
  return { summary, patient: summary.data, procedureName: nameOf(route.type) };
}

/**
 * A form's screen about the risk summary's pathway: `form` once all it needs is loaded, until then
 * the heading (with the patient's name once it is known) and the load status of `query`.
 */
export function SummaryFormScreen({
  title,
  patient,
  query,
  form,
}: {
  title: string;
  patient: RiskSummary | undefined;
  query: LoadQuery;
  form: ReactNode | null;
}) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {form ?? (
          <>
            <PatientHeading title={title} name={patient ? personName(patient) : undefined} />
            <PatientLoadStatus query={query} />
          </>
        )}
      </div>
    </div>
  );
}

/** The top of a form about the risk summary's pathway: the error summary, the heading and the patient. */
export function SummaryFormHeader({
  state,
  title,
  patient,
  procedureName,
}: Omit<SummaryFormProps, 'route'> & { state: ClinicianFormView; title: string }) {
  return (
    <>
      <ErrorSummary errors={state.errors} attempt={state.attempt} />
      <PatientHeading title={title} name={personName(patient)} />
      <SummaryList rows={patientRows(patient, procedureName)} />
    </>
  );
}
