import type { GuardRole } from '@esr/contracts/roles';

/**
 * The part of the app a screen belongs to. Each area's code is a chunk of its own, loaded when a
 * user admitted to it first opens one of its screens: a user downloads only what their role needs.
 */
export type ScreenArea = 'admin' | 'technical-admin' | 'clerical' | 'patient';

export interface GuardedRoute {
  /** React Router pattern. */
  path: string;
  allowed: readonly GuardRole[];
  area: ScreenArea;
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
  { path: '/upload-model', allowed: technicalAdmin, area: 'technical-admin', title: 'Upload model' },

  { path: '/admin-dashboard', allowed: superAdmin, area: 'admin', title: 'Super admin dashboard' },
  { path: '/manage-active-trusts', allowed: superAdmin, area: 'admin', title: 'Manage active trusts' },
  { path: '/manage-active-trusts/add-new-trust', allowed: superAdmin, area: 'admin', title: 'Add new trust' },
  { path: '/manage-active-trusts/:trustCode', allowed: superAdmin, area: 'admin', title: 'Trust details' },
  {
    path: '/manage-active-trusts/:trustCode/users',
    allowed: superAdmin,
    area: 'admin',
    title: 'Trust users',
  },
  {
    path: '/manage-active-trusts/:trustCode/users/add-new-user',
    allowed: superAdmin,
    area: 'admin',
    title: 'Add new user',
  },
  {
    path: '/manage-active-trusts/:trustCode/users/:userId',
    allowed: superAdmin,
    area: 'admin',
    title: 'User details',
  },
  {
    path: '/manage-active-trusts/:trustCode/users/:userId/edit-user-details',
    allowed: superAdmin,
    area: 'admin',
    title: 'Edit user details',
  },
  {
    path: '/manage-active-trusts/:trustCode/edit-trust-details',
    allowed: superAdmin,
    area: 'admin',
    title: 'Edit trust details',
  },

  { path: '/trust-admin-dashboard', allowed: trustAdmin, area: 'admin', title: 'Trust admin dashboard' },

  { path: '/change-log', allowed: admins, area: 'admin', title: 'Change log' },
  { path: '/manage-active-users', allowed: admins, area: 'admin', title: 'Manage active users' },
  { path: '/manage-active-users/add-new-user', allowed: admins, area: 'admin', title: 'Add new user' },
  { path: '/manage-active-users/:userId', allowed: admins, area: 'admin', title: 'User details' },
  {
    path: '/manage-active-users/:userId/edit-user-details',
    allowed: admins,
    area: 'admin',
    title: 'Edit user details',
  },

  { path: '/dashboard', allowed: clerical, area: 'clerical', title: 'Dashboard' },
  { path: '/upload-patient-list', allowed: clerical, area: 'clerical', title: 'Upload patient list' },
  {
    path: '/upload-patient-list/:type',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload patient list overview',
  },
  { path: '/upload-patient-list/:type/upload', allowed: clerical, area: 'clerical', title: 'Upload files' },
  {
    path: '/upload-patient-list/:type/upload/complete',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload complete',
  },
  { path: '/manage-open-pathways', allowed: clerical, area: 'clerical', title: 'Manage open pathways' },
  { path: '/manage-open-pathways/:type', allowed: clerical, area: 'clerical', title: 'Open pathways' },
  { path: '/manage-open-pathways/:type/total', allowed: clerical, area: 'clerical', title: 'Total records' },
  {
    path: '/manage-open-pathways/:type/total/generate-report',
    allowed: clerical,
    area: 'clerical',
    title: 'Generate report',
  },
  {
    path: '/manage-open-pathways/:type/failed-records',
    allowed: clerical,
    area: 'clerical',
    title: 'Records that failed processing',
  },
  {
    path: '/manage-open-pathways/:type/processed',
    allowed: clerical,
    area: 'clerical',
    title: 'Processed records',
  },
  { path: '/data-upload-history', allowed: clerical, area: 'clerical', title: 'Data upload history' },
  { path: '/data-upload-history/archived', allowed: clerical, area: 'clerical', title: 'Archived records' },
  {
    path: '/data-upload-history/error',
    allowed: clerical,
    area: 'clerical',
    title: 'Open pathways error history',
  },

  { path: '/patient-lookup', allowed: patientStaff, area: 'patient', title: 'Patient lookup' },
  {
    path: '/patient-lookup/:waitinglistId',
    allowed: patientStaff,
    area: 'patient',
    title: 'Patient risk summary',
  },
  {
    path: '/patient-lookup/:waitinglistId/edit-details',
    allowed: patientStaff,
    area: 'patient',
    title: 'Edit details',
  },
  {
    path: '/patient-lookup/:waitinglistId/remodel-details',
    allowed: patientStaff,
    area: 'patient',
    title: 'Remodel with new details',
  },
  {
    path: '/patient-lookup/:waitinglistId/previous-risk-history',
    allowed: patientStaff,
    area: 'patient',
    title: 'Previous evaluations',
  },
  {
    path: '/patient-lookup/:waitinglistId/history/:historyId',
    allowed: patientStaff,
    area: 'patient',
    title: 'Past evaluation',
  },
];
