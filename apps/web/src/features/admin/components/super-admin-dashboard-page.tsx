import { accessLogMessages } from '@esr/contracts/access-log';
import { paths } from '../../../config/paths';
import { useSuperAdminDashboard } from '../api/get-super-admin-dashboard';
import { ActionLink } from '../../../components/counter-card';
import { DashboardCards } from '../../../components/dashboard-cards';

/** docs/requirements.md §2 Super admin dashboard: Active trusts and Active users with Manage; add links; change log; the model's performance across trusts (decision 0045). */
export function SuperAdminDashboardPage() {
  const dashboard = useSuperAdminDashboard();
  const counters = dashboard.data?.counters;
  return (
    <>
      <h1>Super admin dashboard</h1>
      <DashboardCards
        width="one-third"
        query={dashboard}
        counters={[
          { title: 'Active trusts', value: counters?.activeTrusts, linkTo: paths.manageActiveTrusts() },
          { title: 'Active users', value: counters?.activeUsers, linkTo: paths.manageActiveUsers() },
        ]}
        links={[
          {
            title: 'Change log',
            description: 'Who changed which trust or user, and when.',
            linkText: 'View',
            to: paths.changeLog(),
          },
          {
            title: accessLogMessages.title,
            description:
              "Everyone who has seen a patient's record in a trust, for a subject access request or a privacy incident.",
            linkText: 'Search',
            to: paths.accessLog(),
          },
          {
            title: 'Model performance',
            description: "Every trust's complications against what the model expected, as a funnel plot.",
            linkText: 'View',
            to: paths.modelPerformance(),
          },
        ]}
      />
      <ActionLink to={paths.addNewTrust()}>Add new trust</ActionLink>
      <ActionLink to={paths.addNewUser()}>Add new user</ActionLink>
    </>
  );
}
