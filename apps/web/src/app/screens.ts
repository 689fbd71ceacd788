import { createElement, use, type ComponentType } from 'react';
import { loadOnce, loadWithin, type Loader } from '../lib/chunk-load';
import type * as AdminScreens from './areas/admin-screens';
import type * as ClericalScreens from './areas/clerical-screens';
import type * as PatientScreens from './areas/patient-screens';
import type * as TechnicalAdminScreens from './areas/technical-admin-screens';
import type { ScreenArea } from './route-table';

interface AreaModules {
  admin: typeof AdminScreens;
  'technical-admin': typeof TechnicalAdminScreens;
  clerical: typeof ClericalScreens;
  patient: typeof PatientScreens;
}

/**
 * Each area's screens are a separate chunk (spec §9 chunk loading), imported the first time one of
 * them is shown: a clinician never downloads the admin screens, nor an admin the clerical ones.
 */
const importers: { [A in ScreenArea]: () => Promise<AreaModules[A]> } = {
  admin: () => import('./areas/admin-screens'),
  'technical-admin': () => import('./areas/technical-admin-screens'),
  clerical: () => import('./areas/clerical-screens'),
  patient: () => import('./areas/patient-screens'),
};

// Each area's loader keeps its own module type; the entries are walked without it.
const loaders = Object.fromEntries(
  Object.entries(importers).map(([area, load]: [string, () => Promise<unknown>]) => [
    area,
    loadOnce(() => loadWithin(load)),
  ]),
) as unknown as { [A in ScreenArea]: Loader<AreaModules[A]> };

/** The area's chunk: one promise while it loads, once loaded, or once failed. */
export const loadArea = <A extends ScreenArea>(area: A): Promise<AreaModules[A]> => loaders[area]();

/** Try again: the areas that failed to load are loaded afresh when next shown. */
export const retryFailedAreas = () => Object.values(loaders).forEach((loader) => loader.retry());

export type AreaScreen = ComponentType & { area: ScreenArea; screenName: string };

/** A screen of an area's chunk; it suspends while the chunk loads (the layout shows 'Loading data'). */
function areaScreen<A extends ScreenArea>(area: A, screenName: keyof AreaModules[A] & string): AreaScreen {
  function Screen() {
    const loaded = use(loadArea(area)) as unknown as Record<string, ComponentType>;
    return createElement(loaded[screenName]!);
  }
  Screen.displayName = screenName;
  return Object.assign(Screen, { area, screenName });
}

/** Every guarded route's screen, by route pattern (spec §2); a route without one would show its placeholder. */
export const screens: Record<string, AreaScreen> = {
  // Technical admin.
  '/upload-model': areaScreen('technical-admin', 'UploadModelPage'),
  // Administration (spec §2 Admin screens).
  '/admin-dashboard': areaScreen('admin', 'SuperAdminDashboardPage'),
  '/trust-admin-dashboard': areaScreen('admin', 'TrustAdminDashboardPage'),
  '/manage-active-trusts': areaScreen('admin', 'ManageTrustsPage'),
  '/manage-active-trusts/add-new-trust': areaScreen('admin', 'AddTrustPage'),
  '/manage-active-trusts/:trustCode': areaScreen('admin', 'TrustDetailsPage'),
  '/manage-active-trusts/:trustCode/edit-trust-details': areaScreen('admin', 'EditTrustPage'),
  '/manage-active-trusts/:trustCode/users': areaScreen('admin', 'TrustUsersPage'),
  '/manage-active-trusts/:trustCode/users/add-new-user': areaScreen('admin', 'AddUserPage'),
  '/manage-active-trusts/:trustCode/users/:userId': areaScreen('admin', 'UserDetailsPage'),
  '/manage-active-trusts/:trustCode/users/:userId/edit-user-details': areaScreen('admin', 'EditUserPage'),
  '/manage-active-users': areaScreen('admin', 'ManageUsersPage'),
  '/manage-active-users/add-new-user': areaScreen('admin', 'AddUserPage'),
  '/manage-active-users/:userId': areaScreen('admin', 'UserDetailsPage'),
  '/manage-active-users/:userId/edit-user-details': areaScreen('admin', 'EditUserPage'),
  '/change-log': areaScreen('admin', 'ChangeLogPage'),
  // Clerical: the waiting-list import (spec §2 Clerical screens).
  '/dashboard': areaScreen('clerical', 'DashboardPage'),
  '/upload-patient-list': areaScreen('clerical', 'ChooseProcedurePage'),
  '/upload-patient-list/:type': areaScreen('clerical', 'UploadOverviewPage'),
  '/upload-patient-list/:type/upload': areaScreen('clerical', 'UploadFilesPage'),
  '/upload-patient-list/:type/upload/complete': areaScreen('clerical', 'UploadCompletePage'),
  '/data-upload-history': areaScreen('clerical', 'DataUploadHistoryPage'),
  // Clerical: the open pathways.
  '/manage-open-pathways': areaScreen('clerical', 'ManageOpenPathwaysPage'),
  '/manage-open-pathways/:type': areaScreen('clerical', 'OpenPathwaysPage'),
  '/manage-open-pathways/:type/total': areaScreen('clerical', 'TotalRecordsPage'),
  '/manage-open-pathways/:type/total/generate-report': areaScreen('clerical', 'GenerateReportPage'),
  '/manage-open-pathways/:type/processed': areaScreen('clerical', 'ProcessedRecordsPage'),
  '/manage-open-pathways/:type/failed-records': areaScreen('clerical', 'FailedRecordsPage'),
  '/data-upload-history/archived': areaScreen('clerical', 'ArchivedRecordsPage'),
  '/data-upload-history/error': areaScreen('clerical', 'ErrorHistoryPage'),
  // Clerical users and clinicians: the patient lookup (spec §2 Patient screens).
  '/patient-lookup': areaScreen('patient', 'PatientLookupPage'),
  '/patient-lookup/:waitinglistId': areaScreen('patient', 'RiskSummaryPage'),
  '/patient-lookup/:waitinglistId/edit-details': areaScreen('patient', 'EditDetailsPage'),
  '/patient-lookup/:waitinglistId/remodel-details': areaScreen('patient', 'RemodelPage'),
  '/patient-lookup/:waitinglistId/previous-risk-history': areaScreen('patient', 'PreviousEvaluationsPage'),
  '/patient-lookup/:waitinglistId/history/:historyId': areaScreen('patient', 'HistoryEntryPage'),
};
