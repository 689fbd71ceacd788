import type { GuardRole } from '@esr/contracts/roles';

export interface GuardedRoute {
  /** React Router pattern. */
  path: string;
  allowed: readonly GuardRole[];
  /** The screen's name, shown by its placeholder until the screen is built. */
  title: string;
}

const technicalAdmin = ['TechnicalAdmin'] as const;
const superAdmin = ['SuperAdmin'] as const;
const trustAdmin = ['TrustAdmin'] as const;
const admins = ['SuperAdmin', 'TrustAdmin'] as const;
const clerical = ['ClericalUser'] as const;
const patientStaff = ['ClericalUser', 'Clinician'] as const;

/** spec §2 "Route table and guards": every guarded route and who may enter it. */
export const guardedRoutes: readonly GuardedRoute[] = [
  { path: '/upload-model', allowed: technicalAdmin, title: 'Upload model' },

  { path: '/admin-dashboard', allowed: superAdmin, title: 'Super admin dashboard' },
  { path: '/manage-active-trusts', allowed: superAdmin, title: 'Manage active trusts' },
  { path: '/manage-active-trusts/add-new-trust', allowed: superAdmin, title: 'Add new trust' },
  { path: '/manage-active-trusts/:trustCode', allowed: superAdmin, title: 'Trust details' },
  { path: '/manage-active-trusts/:trustCode/users', allowed: superAdmin, title: 'Trust users' },
  { path: '/manage-active-trusts/:trustCode/users/add-new-user', allowed: superAdmin, title: 'Add new user' },
  { path: '/manage-active-trusts/:trustCode/users/:userId', allowed: superAdmin, title: 'User details' },
  {
    path: '/manage-active-trusts/:trustCode/users/:userId/edit-user-details',
    allowed: superAdmin,
    title: 'Edit user details',
  },
  {
    path: '/manage-active-trusts/:trustCode/edit-trust-details',
    allowed: superAdmin,
    title: 'Edit trust details',
  },

  { path: '/trust-admin-dashboard', allowed: trustAdmin, title: 'Trust admin dashboard' },

  { path: '/change-log', allowed: admins, title: 'Change log' },
  { path: '/manage-active-users', allowed: admins, title: 'Manage active users' },
  { path: '/manage-active-users/add-new-user', allowed: admins, title: 'Add new user' },
  { path: '/manage-active-users/:userId', allowed: admins, title: 'User details' },
  { path: '/manage-active-users/:userId/edit-user-details', allowed: admins, title: 'Edit user details' },

  { path: '/dashboard', allowed: clerical, title: 'Dashboard' },
  { path: '/upload-patient-list', allowed: clerical, title: 'Upload patient list' },
  { path: '/upload-patient-list/:type', allowed: clerical, title: 'Upload patient list overview' },
  { path: '/upload-patient-list/:type/upload', allowed: clerical, title: 'Upload files' },
  { path: '/upload-patient-list/:type/upload/complete', allowed: clerical, title: 'Upload complete' },
  { path: '/manage-open-pathways', allowed: clerical, title: 'Manage open pathways' },
  { path: '/manage-open-pathways/:type', allowed: clerical, title: 'Open pathways' },
  { path: '/manage-open-pathways/:type/total', allowed: clerical, title: 'Total records' },
  { path: '/manage-open-pathways/:type/total/generate-report', allowed: clerical, title: 'Generate report' },
  {
    path: '/manage-open-pathways/:type/failed-records',
    allowed: clerical,
    title: 'Records that failed processing',
  },
  { path: '/manage-open-pathways/:type/processed', allowed: clerical, title: 'Processed records' },
  { path: '/data-upload-history', allowed: clerical, title: 'Data upload history' },
  { path: '/data-upload-history/archived', allowed: clerical, title: 'Archived records' },
  { path: '/data-upload-history/error', allowed: clerical, title: 'Open pathways error history' },

  { path: '/patient-lookup', allowed: patientStaff, title: 'Patient lookup' },
  { path: '/patient-lookup/:waitinglistId', allowed: patientStaff, title: 'Patient risk summary' },
  { path: '/patient-lookup/:waitinglistId/edit-details', allowed: patientStaff, title: 'Edit details' },
  {
    path: '/patient-lookup/:waitinglistId/remodel-details',
    allowed: patientStaff,
    title: 'Remodel with new details',
  },
  {
    path: '/patient-lookup/:waitinglistId/previous-risk-history',
    allowed: patientStaff,
    title: 'Previous evaluations',
  },
  {
    path: '/patient-lookup/:waitinglistId/history/:historyId',
    allowed: patientStaff,
    title: 'Past evaluation',
  },
];
