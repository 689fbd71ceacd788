import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isClosed, optimisationMessages, type PathwayOptimisation } from '@esr/contracts/optimisation';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { InsetText } from '../../../components/content';
import { QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { useAuth } from '../../../lib/auth/auth-provider';
import { setPageNotice } from '../../../lib/page-notice';
import { usePathwayOptimisation } from '../api/get-pathway-optimisation';
import { usePathwayPrioritisation } from '../api/get-pathway-prioritisation';
import type { OpenedFrom } from './optimisation-section';
import { PatientHeading, PatientLoadStatus, useBreadcrumbPatient, type PatientRoute } from './patient-screen';
import { PrioritisationHeader } from './prioritisation-screen';

/**
 * Where an optimisation step's page goes back to, after Cancel or with what it recorded (shown there
 * as a success banner, lib/page-notice.ts): the page that opened it, the risk summary or the
 * optimisation page, as the page before (so that Back does not return to the form); else, opened
 * from an address, the risk summary for a role that may open it, and the optimisation page for a
 * waiting list admin, who cannot (decision 0071).
 */
export function useOptimisationReturn(id: string, type: ProcedureCode) {
  const navigate = useNavigate();
  const location = useLocation();
  const { currentSelectedRole } = useAuth();
  const opened = (location.state as OpenedFrom | null) ?? {};
  const summaryRoles: readonly string[] = screenTable.patientSummary.allowed;
  const toSummary = opened.fromSummary
    ? true
    : opened.fromOptimisation
      ? false
      : currentSelectedRole !== null && summaryRoles.includes(currentSelectedRole);
  const target = toSummary ? paths.patientSummary(id, type) : paths.patientOptimisation(id, type);
  const leave = (notice?: string) => {
    if (notice) setPageNotice(target, notice);
    const back = Boolean(opened.fromSummary || opened.fromOptimisation);
    void (back ? navigate(-1) : navigate(target, { replace: true }));
  };
  return { leave, target, toSummary };
}

/** Back to the page the step's page returns to, when there is nothing to record. */
function ReturnLink({ id, type }: { id: string; type: ProcedureCode }) {
  const { target, toSummary } = useOptimisationReturn(id, type);
  return (
    <p>
      <Link className="nhsuk-link" to={target}>
        {toSummary ? 'Back to the risk summary' : 'Back to optimisation before surgery'}
      </Link>
    </p>
  );
}

/** The page's heading and the patient, then why there is nothing to record here, and the way back. */
function NothingToRecord({
  title,
  pathway,
  route,
  message,
}: {
  title: string;
  pathway: PathwayPrioritisation;
  route: PatientRoute;
  message: string;
}) {
  return (
    <>
      <PrioritisationHeader title={title} pathway={pathway} rows={[]} />
      <InsetText>
        <p>{message}.</p>
      </InsetText>
      <ReturnLink id={route.id} type={route.type} />
    </>
  );
}

/**
 * An optimisation step's screen (decision 0071): the patient (their name and NHS number, from the
 * pathway's prioritisation, which every role that records a step may read) and the pathway's
 * factors loaded, then `children` with the factor of the address; until then the load status; and
 * for a pathway no longer on the active list, or a factor it does not have or that is closed, a
 * line saying so in place of the form.
 */
export function OptimisationScreen({
  title,
  route,
  factor: code,
  children,
}: {
  title: string;
  route: PatientRoute;
  /** The factor of the address; null when the address names none. */
  factor: string | null;
  children: (
    pathway: PathwayPrioritisation,
    factor: PathwayOptimisation['factors'][number],
    optimisation: PathwayOptimisation,
  ) => ReactNode;
}) {
  const prioritisation = usePathwayPrioritisation(route.trust, route.type, route.id);
  const optimisation = usePathwayOptimisation(route.trust, route.type, route.id);
  const pathway = prioritisation.data;
  useBreadcrumbPatient(route.id, pathway);
  const factor = optimisation.data?.factors.find((each) => each.code === code);
  const nothing = (message: string) =>
    pathway && <NothingToRecord title={title} pathway={pathway} route={route} message={message} />;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {!pathway ? (
          <>
            <PatientHeading title={title} name={undefined} />
            <PatientLoadStatus query={prioritisation} />
          </>
        ) : !optimisation.data ? (
          <>
            <PrioritisationHeader title={title} pathway={pathway} rows={[]} />
            <QueryStatus query={optimisation} />
          </>
        ) : !pathway.isActive || !optimisation.data.isActive ? (
          nothing(optimisationMessages.archived)
        ) : !factor ? (
          nothing(optimisationMessages.notFound)
        ) : isClosed(factor.status) ? (
          nothing(optimisationMessages.closed)
        ) : (
          children(pathway, factor, optimisation.data)
        )}
      </div>
    </div>
  );
}
