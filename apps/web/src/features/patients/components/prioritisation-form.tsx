import type { ComponentType, ReactNode } from 'react';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import type { SummaryRow } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { ClinicianFormBody, type ClinicianFormView } from './clinician-form';
import { PatientPage, type PatientRoute } from './patient-screen';
import { PrioritisationHeader, PrioritisationScreen } from './prioritisation-screen';
import { CurrentPriority } from './prioritisation-values';

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

interface FrameProps {
  state: ClinicianFormView;
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

/**
 * A prioritisation form's page with its form: PrioritisationFormFrame around ClinicianFormBody. The
 * pathway's current priority comes first among what the form is about (`rows` then): each of these
 * forms may change it (decision 0044).
 */
export function PrioritisationForm({
  submitLabel,
  rows,
  children,
  ...frame
}: FrameProps & { submitLabel: string }) {
  const currentPriority = { key: 'Current priority', value: <CurrentPriority pathway={frame.pathway} /> };
  return (
    <PrioritisationFormFrame {...frame} rows={[currentPriority, ...rows]}>
      <ClinicianFormBody state={frame.state} submitLabel={submitLabel}>
        {children}
      </ClinicianFormBody>
    </PrioritisationFormFrame>
  );
}
