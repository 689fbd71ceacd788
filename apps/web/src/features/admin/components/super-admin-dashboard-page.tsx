import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSuperAdminDashboard } from '../api/get-super-admin-dashboard';
import { ActionLink, CounterCard } from '../../../components/counter-card';

/** spec §2 Super admin dashboard: Active trusts and Active users with Manage; add links; change log. */
export function SuperAdminDashboardPage() {
  const dashboard = useSuperAdminDashboard();
  const counters = dashboard.data?.counters;
  return (
    <>
      <h1>Super admin dashboard</h1>
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard
            title="Active trusts"
            value={counters?.activeTrusts}
            isLoading={dashboard.isLoading}
            isError={dashboard.isError}
            linkText="Manage"
            linkTo={paths.manageActiveTrusts()}
          />
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard
            title="Active users"
            value={counters?.activeUsers}
            isLoading={dashboard.isLoading}
            isError={dashboard.isError}
            linkText="Manage"
            linkTo={paths.manageActiveUsers()}
          />
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <div className="nhsuk-card app-counter-card">
            <div className="nhsuk-card__content">
              <h2 className="nhsuk-card__heading nhsuk-heading-m">Change log</h2>
              <p className="nhsuk-card__description">Who changed which trust or user, and when.</p>
              <Link className="nhsuk-link" to={paths.changeLog()}>
                View<span className="nhsuk-u-visually-hidden"> change log</span>
              </Link>
            </div>
          </div>
        </li>
      </ul>
      <ActionLink to={paths.addNewTrust()}>Add new trust</ActionLink>
      <ActionLink to={paths.addNewUser()}>Add new user</ActionLink>
    </>
  );
}
