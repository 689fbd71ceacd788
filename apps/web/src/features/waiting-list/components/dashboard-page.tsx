import { Link } from 'react-router';
import { CaptionHeading } from '../../../components/caption-heading';
import { ActionLink, CounterCard } from '../../../components/counter-card';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useWaitingListDashboard } from '../api/get-waiting-list-dashboard';
import { useTrustCode } from '../../../lib/auth/trust-code';

/**
 * docs/requirements.md §2 /dashboard: counters for active and archived records, with the counts of every
 * procedure of the trust (docs/requirements.md §3 dashboard counters); links to the clerical screens, the
 * archive and the error history of every type's failed records (docs/requirements.md §2).
 */
export function DashboardPage() {
  const trust = useTrustCode();
  const trustName = useAuth().loginUserDetails?.trust.name;
  const dashboard = useWaitingListDashboard(trust);
  const counters = dashboard.data?.counters;
  const state = { isLoading: dashboard.isLoading, isError: dashboard.isError };
  // Each card says 'Loading data' itself; the list status above them carries the retry (docs/requirements.md §8).
  const totals = { ...state, headingLevel: 3 as const };
  return (
    <>
      <CaptionHeading title="Dashboard" caption={trustName} />
      <ListStatus
        isLoading={false}
        isError={dashboard.isError}
        isEmpty={false}
        onRetry={() => void dashboard.refetch()}
      />
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <CounterCard title="Active records" value={counters?.activeRecords} {...state}>
            <Link className="nhsuk-link" to={paths.manageOpenPathways()}>
              Manage open pathways
            </Link>
          </CounterCard>
        </li>
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <CounterCard title="Archived records" value={counters?.archivedRecords} {...state}>
            <Link className="nhsuk-link" to={paths.archivedHistory()}>
              View archive
            </Link>
          </CounterCard>
        </li>
      </ul>
      <h2>All types of operation</h2>
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <CounterCard title="Processed records" value={counters?.processedRecords} {...totals} />
        </li>
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <CounterCard title="Records that failed processing" value={counters?.failedRecords} {...totals}>
            <Link className="nhsuk-link" to={paths.errorHistory()}>
              View error history
            </Link>
          </CounterCard>
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard title="High risk" value={counters?.highRiskRecords} {...totals} />
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard title="Moderate risk" value={counters?.mediumRiskRecords} {...totals} />
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard title="Low risk" value={counters?.lowRiskRecords} {...totals} />
        </li>
      </ul>
      <ul className="nhsuk-list app-action-links">
        <li>
          <ActionLink to={paths.uploadPatientList()}>Upload patient list</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.patientLookup()}>Patient lookup</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.dataUploadHistory()}>Data upload history</ActionLink>
        </li>
      </ul>
    </>
  );
}
