import { accessLogMessages } from '@esr/contracts/access-log';
import { paths } from '../../../config/paths';
import { useTrustAdminDashboard } from '../api/get-trust-admin-dashboard';
import { useAdminRole } from '../lib/admin-role';
import { ActionLink } from '../../../components/counter-card';
import { DashboardCards } from '../../../components/dashboard-cards';
import { FreshnessBanner } from '../../../components/data-freshness';

/** docs/requirements.md §2 Trust admin dashboard: Active users with Manage, Add new user, Change log view; who has seen a patient's record (decision 0042); the harm-review thresholds (decision 0044); the oldest blood result the model may use (decision 0057); the optimisation thresholds and services (decisions 0071, 0073); how fresh the data is and the trust's expectations of it (decision 0068); the model's performance (decision 0045); the trust's integration clients (decision 0048). */
export function TrustAdminDashboardPage() {
  const dashboard = useTrustAdminDashboard();
  const { ownTrustName } = useAdminRole();
  return (
    <>
      <FreshnessBanner />
      <h1>
        <span className="nhsuk-caption-l">{ownTrustName}</span>
        Trust admin dashboard
      </h1>
      <DashboardCards
        width="one-half"
        query={dashboard}
        counters={[
          {
            title: 'Active users',
            value: dashboard.data?.counters.activeUsers,
            linkTo: paths.manageActiveUsers(),
          },
        ]}
        links={[
          {
            title: 'Change log',
            description: "Changes to your trust's users.",
            linkText: 'View',
            to: paths.changeLog(),
          },
          {
            title: accessLogMessages.title,
            description:
              "Everyone who has seen a patient's record in your trust, for a subject access request or a privacy incident.",
            linkText: 'Search',
            to: paths.accessLog(),
          },
          {
            title: 'Integration clients',
            description:
              'Systems that send blood results and read risk assessments for your trust, and the messages they sent.',
            linkText: 'Manage',
            to: paths.integrationClients(),
          },
          {
            title: 'Prioritisation settings',
            description: "The waits in weeks after which a pathway's harm review is due in your trust.",
            linkText: 'Change',
            to: paths.prioritisationSettings(),
          },
          {
            title: 'Scoring settings',
            description: 'The oldest blood result the model may use when it scores a record.',
            linkText: 'Change',
            to: paths.scoringSettings(),
          },
          {
            title: 'Optimisation thresholds',
            description:
              'The blood results and body mass index at which a risk factor to improve before surgery is found, and when it is due.',
            linkText: 'Change',
            to: paths.optimisationThresholds(),
          },
          {
            title: 'Optimisation services',
            description:
              'The services patients are referred to for each risk factor, and how patients contact them.',
            linkText: 'Change',
            to: paths.optimisationServices(),
          },
          {
            title: 'Waiting list uploads',
            description: 'How often each waiting list is expected before staff are told it is out of date.',
            linkText: 'Change',
            to: paths.waitingListFreshness(),
          },
          {
            title: 'Results feed',
            description: "How long your trust's systems may send no blood results before staff are told.",
            linkText: 'Change',
            to: paths.resultsFeedFreshness(),
          },
          {
            title: 'Model performance',
            description:
              "How the model's predictions compare with your trust's recorded outcomes, and the CUSUM threshold.",
            linkText: 'View',
            to: paths.modelPerformance(),
          },
        ]}
      />
      <ActionLink to={paths.addNewUser()}>Add new user</ActionLink>
    </>
  );
}
