import type { ComponentType } from 'react';
import { SuperAdminDashboardPage } from '../../features/admin/components/super-admin-dashboard-page';
import { TrustAdminDashboardPage } from '../../features/admin/components/trust-admin-dashboard-page';
import { ManageTrustsPage } from '../../features/admin/components/manage-trusts-page';
import { TrustDetailsPage } from '../../features/admin/components/trust-details-page';
import { AddTrustPage } from '../../features/admin/components/add-trust-page';
import { EditTrustPage } from '../../features/admin/components/edit-trust-page';
import { ManageUsersPage, TrustUsersPage } from '../../features/admin/components/users-page';
import { UserDetailsPage } from '../../features/admin/components/user-details-page';
import { AddUserPage, EditUserPage } from '../../features/admin/components/user-form-page';
import { ChangeLogPage } from '../../features/admin/components/change-log-page';

/** Super admin and trust admin screens (spec §2 Admin screens), by route pattern. */
export const screens: Record<string, ComponentType> = {
  '/admin-dashboard': SuperAdminDashboardPage,
  '/trust-admin-dashboard': TrustAdminDashboardPage,
  '/manage-active-trusts': ManageTrustsPage,
  '/manage-active-trusts/add-new-trust': AddTrustPage,
  '/manage-active-trusts/:trustCode': TrustDetailsPage,
  '/manage-active-trusts/:trustCode/edit-trust-details': EditTrustPage,
  '/manage-active-trusts/:trustCode/users': TrustUsersPage,
  '/manage-active-trusts/:trustCode/users/add-new-user': AddUserPage,
  '/manage-active-trusts/:trustCode/users/:userId': UserDetailsPage,
  '/manage-active-trusts/:trustCode/users/:userId/edit-user-details': EditUserPage,
  '/manage-active-users': ManageUsersPage,
  '/manage-active-users/add-new-user': AddUserPage,
  '/manage-active-users/:userId': UserDetailsPage,
  '/manage-active-users/:userId/edit-user-details': EditUserPage,
  '/change-log': ChangeLogPage,
};
