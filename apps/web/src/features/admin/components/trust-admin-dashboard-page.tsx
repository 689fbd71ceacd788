import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useTrustAdminDashboard } from '../api/get-trust-admin-dashboard';
import { useAdminRole } from '../lib/admin-role';
import { ActionLink, CounterCard } from '../../../components/counter-card';

/** spec §2 Trust admin dashboard: Active users with Manage, Add new user, Change log view. */
export function TrustAdminDashboardPage() {
  const dashboard = useTrustAdminDashboard();
  const { ownTrustName } = useAdminRole();
  return (
    <>
      <h1>
        <span className="nhsuk-caption-l">{ownTrustName}</span>
        Trust admin dashboard
      </h1>
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <CounterCard
            title="Active users"
            value={dashboard.data?.counters.activeUsers}
            isLoading={dashboard.isLoading}
            isError={dashboard.isError}
            linkText="Manage"
            linkTo={paths.manageActiveUsers()}
          />
        </li>
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <div className="nhsuk-card app-counter-card">
            <div className="nhsuk-card__content">
              <h2 className="nhsuk-card__heading nhsuk-heading-m">Change log</h2>
              <p className="nhsuk-card__description">Changes to your trust&apos;s users.</p>
              <Link className="nhsuk-link" to={paths.changeLog()}>
                View<span className="nhsuk-u-visually-hidden"> change log</span>
              </Link>
            </div>
          </div>
        </li>
      </ul>
      <ActionLink to={paths.addNewUser()}>Add new user</ActionLink>
    </>
  );
}
