import { CaptionHeading } from '../../../components/caption-heading';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { patientMessages } from '@esr/contracts/patients';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { InsetText } from '../../../components/content';
import { dataText } from '../../../components/data-text';
import { QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { setBreadcrumbPatient } from '../../../lib/breadcrumb-patient';

/** The pathway an address is about: /patient-lookup/{waitinglistId}[/…/{historyId}]?type={procedure}. */
interface PatientAddress {
  id: string;
  /** null when ?type= names no known procedure. */
  type: ProcedureCode | null;
  historyId: string;
}

function usePatientAddress(): PatientAddress {
  const params = useParams();
  const [search] = useSearchParams();
  const parsed = procedureCodeSchema.safeParse(search.get('type'));
  return {
    id: params.waitinglistId ?? '',
    type: parsed.success ? parsed.data : null,
    historyId: params.historyId ?? '',
  };
}

type Patient = { firstName: string | null; lastName: string | null };

/** The patient's name as one string, without hidden text-direction characters (decision 0043). */
export const personName = (patient: Patient) =>
  dataText([patient.firstName, patient.lastName].filter(Boolean).join(' '));

/** docs/requirements.md §2 header breadcrumb: the patient's name in place of their id, once the patient is loaded. */
export function useBreadcrumbPatient(
  id: string,
  patient: Patient | undefined,
  evaluation?: { id: string; label: string },
) {
  const firstName = patient?.firstName ?? '';
  const lastName = patient?.lastName ?? '';
  const known = Boolean(patient);
  const evaluationId = evaluation?.id ?? '';
  const evaluationLabel = evaluation?.label ?? '';
  useEffect(() => {
    if (known)
      setBreadcrumbPatient({
        id,
        firstName,
        lastName,
        ...(evaluationId && { evaluation: { id: evaluationId, label: evaluationLabel } }),
      });
  }, [id, firstName, lastName, known, evaluationId, evaluationLabel]);
}

/** A link from the summary to a screen that returns to it (Cancel, Submit) says where it came from. */
export interface FromSummary {
  fromSummary?: boolean;
}

/**
 * Back to the risk summary after Cancel or a change: the page before when the summary opened this
 * screen (so Back does not return to the form), else the summary in this screen's place.
 */
export function useReturnToSummary(id: string, type: ProcedureCode) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromSummary = Boolean((location.state as FromSummary | null)?.fromSummary);
  return () =>
    void (fromSummary ? navigate(-1) : navigate(paths.patientSummary(id, type), { replace: true }));
}

/** The heading of a patient screen, with the patient's name above it once it is known. */
export function PatientHeading({ title, name }: { title: string; name: string | undefined }) {
  return <CaptionHeading title={title} caption={name} />;
}

/** The pathway a patient screen shows, from its address, and the signed-in user's trust. */
export interface PatientRoute {
  id: string;
  type: ProcedureCode;
  historyId: string;
  trust: string;
}

/** The pathway a part of a patient screen loads what it shows of: the route without a history entry. */
export type PathwayKey = Omit<PatientRoute, 'historyId'>;

/**
 * A patient screen's page: the screen for the pathway in the address, or, when ?type= names no
 * known type of operation, UnknownPatientAddress under the screen's title.
 */
export function PatientPage({
  title,
  screen: Screen,
}: {
  title: string;
  screen: ComponentType<PatientRoute>;
}) {
  const { id, type, historyId } = usePatientAddress();
  const trust = useTrustCode();
  if (!type) return <UnknownPatientAddress title={title} />;
  return <Screen id={id} type={type} historyId={historyId} trust={trust} />;
}

/** An address without a known type of operation (typed by hand, or an old bookmark). */
function UnknownPatientAddress({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <InsetText>
        <p>This address does not say which type of operation the patient is waiting for.</p>
      </InsetText>
      <p>
        <Link className="nhsuk-link" to={paths.patientLookup()}>
          Look up the patient again
        </Link>
      </p>
    </>
  );
}

export type LoadQuery = { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A patient screen's load: 'Loading data', 'Patient not found' for an unknown pathway (404), or
 * the list failure with its retry (docs/requirements.md §8) for anything else.
 */
export function PatientLoadStatus({
  query,
  notFound = patientMessages.notFound,
}: {
  query: LoadQuery;
  notFound?: string;
}): ReactNode {
  if (query.isError && query.error instanceof ApiError && query.error.status === 404)
    return (
      <>
        <InsetText>
          <p>{notFound}</p>
        </InsetText>
        <p>
          <Link className="nhsuk-link" to={paths.patientLookup()}>
            Look up a patient
          </Link>
        </p>
      </>
    );
  return <QueryStatus query={query} />;
}

/** docs/requirements.md §2: an archived pathway is read only. */
export function ArchivedNotice() {
  return (
    <InsetText>
      <p>{patientMessages.archived}</p>
    </InsetText>
  );
}

/**
 * A screen that changes the pathway: its heading with the load status until the pathway is loaded,
 * the archived notice when it is no longer active, else the screen itself.
 */
export function ActivePathway<Pathway extends Patient & { isActive: boolean }>({
  title,
  pathway,
  query,
  children,
}: {
  title: string;
  pathway: Pathway | undefined;
  query: LoadQuery;
  children: (pathway: Pathway) => ReactNode;
}): ReactNode {
  if (!pathway)
    return (
      <>
        <PatientHeading title={title} name={undefined} />
        <PatientLoadStatus query={query} />
      </>
    );
  if (!pathway.isActive)
    return (
      <>
        <PatientHeading title={title} name={personName(pathway)} />
        <ArchivedNotice />
      </>
    );
  return children(pathway);
}
