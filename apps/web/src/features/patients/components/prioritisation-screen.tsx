import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { prioritisationMessages, type PathwayPrioritisation } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { InsetText, SummaryList, type SummaryRow } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatNhsNumber } from '../../../lib/nhs-number';
import { setPageNotice } from '../../../lib/page-notice';
import { usePathwayPrioritisation } from '../api/get-pathway-prioritisation';
import { returnsToWorklist } from '../lib/prioritisation-actions';
import {
  PatientHeading,
  PatientLoadStatus,
  personName,
  useBreadcrumbPatient,
  type FromSummary,
  type PatientRoute,
} from './patient-screen';
import { isFromList, listPathOf } from '../../../lib/came-from-list';

/**
 * Where a prioritisation form goes back to, after Cancel or with what it recorded: the risk
 * summary (the page before, when the summary opened the form, so that Back does not return to the
 * form), or, for a waiting list admin, the prioritisation worklist (as it was, when it opened the
 * form). What was recorded shows there
 * as a success banner (lib/page-notice.ts).
 */
export function usePrioritisationReturn(id: string, type: ProcedureCode) {
  const navigate = useNavigate();
  const location = useLocation();
  const { currentSelectedRole, roles } = useAuth();
  const toWorklist = returnsToWorklist(currentSelectedRole, roles, screenTable.patientSummary.allowed);
  const fromSummary = Boolean((location.state as FromSummary | null)?.fromSummary);
  // Back to the worklist as it was (its filters and page) when it opened this form.
  const fromWorklist = isFromList(location.state);
  const target = toWorklist
    ? (listPathOf(location.state) ?? paths.prioritisationWorklist(type))
    : paths.patientSummary(id, type);
  const leave = (notice?: string) => {
    if (notice) setPageNotice(target, notice);
    const back = toWorklist ? fromWorklist : fromSummary;
    void (back ? navigate(-1) : navigate(target, { replace: true }));
  };
  return { leave, target, toWorklist, fromWorklist };
}

/**
 * For a waiting list admin, whose breadcrumb cannot lead back (the lookup and the summary are not
 * theirs): an NHS.UK back link to the worklist as they left it, its filters and page kept.
 */
function WorklistBackLink({ id, type }: { id: string; type: ProcedureCode }) {
  const { leave, target, toWorklist } = usePrioritisationReturn(id, type);
  if (!toWorklist) return null;
  return (
    <div className="nhsuk-back-link nhsuk-u-margin-bottom-4">
      <Link
        className="nhsuk-back-link__link"
        to={target}
        onClick={(event) => {
          event.preventDefault();
          leave();
        }}
      >
        Back to the prioritisation worklist
      </Link>
    </div>
  );
}

/** The patient (name and NHS number), then what the form is about now (`rows`). */
export function PrioritisationHeader({
  title,
  pathway,
  rows,
}: {
  title: string;
  pathway: PathwayPrioritisation;
  rows: SummaryRow[];
}) {
  return (
    <>
      <PatientHeading title={title} name={personName(pathway)} />
      <SummaryList
        rows={[
          {
            key: 'Name',
            value: personName(pathway) ? <DataText text={personName(pathway)} /> : 'Not recorded',
          },
          { key: 'NHS number', value: formatNhsNumber(pathway.nhsNumber) || 'Not recorded' },
          ...rows,
        ]}
      />
    </>
  );
}

/** Back to where the user works, when there is nothing to record. */
export function BackLink({ id, type }: { id: string; type: ProcedureCode }) {
  const { target, toWorklist } = usePrioritisationReturn(id, type);
  return (
    <p>
      <Link className="nhsuk-link" to={target}>
        {toWorklist ? 'Back to the prioritisation worklist' : 'Back to the risk summary'}
      </Link>
    </p>
  );
}

/** Cancel, beside a form's button: back without recording anything. */
export function CancelButton({ onCancel }: { onCancel: () => void }) {
  return (
    <Button variant="secondary" onClick={onCancel}>
      Cancel
    </Button>
  );
}

/**
 * A prioritisation form's screen (decision 0044): the pathway's status loaded, then the form; the
 * load status until then; and, for a pathway no longer on the active list, a line saying so
 * instead of the form.
 */
export function PrioritisationScreen({
  title,
  route,
  children,
}: {
  title: string;
  route: PatientRoute;
  children: (pathway: PathwayPrioritisation) => ReactNode;
}) {
  const query = usePathwayPrioritisation(route.trust, route.type, route.id);
  const pathway = query.data;
  useBreadcrumbPatient(route.id, pathway);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <WorklistBackLink id={route.id} type={route.type} />
        {!pathway ? (
          <>
            <PatientHeading title={title} name={undefined} />
            <PatientLoadStatus query={query} />
          </>
        ) : pathway.isActive ? (
          children(pathway)
        ) : (
          <>
            <PrioritisationHeader title={title} pathway={pathway} rows={[]} />
            <InsetText>
              <p>{prioritisationMessages.notOnList}.</p>
            </InsetText>
            <BackLink id={route.id} type={route.type} />
          </>
        )}
      </div>
    </div>
  );
}
