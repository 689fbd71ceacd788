/** Super admin and trust admin screens (docs/requirements.md §2 Admin screens; decision 0048): one chunk, loaded by screens.ts. */
export { SuperAdminDashboardPage } from '../../features/admin/components/super-admin-dashboard-page';
export { TrustAdminDashboardPage } from '../../features/admin/components/trust-admin-dashboard-page';
export { ManageTrustsPage } from '../../features/admin/components/manage-trusts-page';
export { TrustDetailsPage } from '../../features/admin/components/trust-details-page';
export { AddTrustPage } from '../../features/admin/components/add-trust-page';
export { EditTrustPage } from '../../features/admin/components/edit-trust-page';
export { ManageUsersPage, TrustUsersPage } from '../../features/admin/components/users-page';
export { UserDetailsPage } from '../../features/admin/components/user-details-page';
export { AddUserPage, EditUserPage } from '../../features/admin/components/user-form-page';
export { ChangeLogPage } from '../../features/admin/components/change-log-page';
export { AccessLogPage } from '../../features/admin/components/access-log-page';
export { ScoringSettingsPage } from '../../features/admin/components/scoring-settings-page';
export { OptimisationThresholdsPage } from '../../features/admin/components/optimisation-thresholds-page';
export { OptimisationServicesPage } from '../../features/admin/components/optimisation-services-page';
export {
  ResultsFeedFreshnessPage,
  WaitingListFreshnessPage,
} from '../../features/admin/components/freshness-settings-pages';
export { IntegrationClientsPage } from '../../features/integration/components/integration-clients-page';
export { RegisterIntegrationClientPage } from '../../features/integration/components/register-client-page';
export { IntegrationMessagesPage } from '../../features/integration/components/messages-page';
