import { matchRoutes } from 'react-router';
import type { GuardRole } from '@esr/contracts/roles';

/**
 * The part of the app a screen belongs to. Each area's code is a chunk of its own, loaded when a
 * user admitted to it first opens one of its screens: a user downloads only what their role needs.
 * An area's screens are the exports of app/areas/{area}-screens.ts.
 */
export type ScreenArea =
  'admin' | 'technical-admin' | 'clerical' | 'patient' | 'prioritisation' | 'model-performance';

export interface ScreenEntry {
  /** React Router pattern; config/paths.ts builds the screen's URLs from it. */
  readonly path: string;
  /** The guard: a user holding any of these roles may enter. */
  readonly allowed: readonly GuardRole[];
  /** The chunk that holds the screen. */
  readonly area: ScreenArea;
  /** The screen's name. */
  readonly title: string;
  /** The screen's component: its export name in the area's chunk (app/areas/{area}-screens.ts). */
  readonly component: string;
}

const technicalAdmin = ['TechnicalAdmin'] as const;
/**
 * Decision 0060: the model's versions and cards are read by technical admins, who propose versions,
 * and by clinical safety officers, who approve them.
 */
const modelGovernance = ['TechnicalAdmin', 'ClinicalSafetyOfficer'] as const;
const safetyOfficer = ['ClinicalSafetyOfficer'] as const;
const superAdmin = ['SuperAdmin'] as const;
const trustAdmin = ['TrustAdmin'] as const;
const admins = ['SuperAdmin', 'TrustAdmin'] as const;
const clerical = ['ClericalUser'] as const;
const patientStaff = ['ClericalUser', 'Clinician'] as const;
/** prioritisation:read (decision 0044): the waiting list's staff who prioritise it. */
const prioritisers = ['ClericalUser', 'Clinician', 'WaitingListAdmin'] as const;
/**
 * Decision 0045: model-performance:read (technical admins, clinicians, trust admins) for their
 * trust, and model-performance:national (super admins) for every trust.
 */
const modelMonitors = [
  'TechnicalAdmin',
  'Clinician',
  'TrustAdmin',
  'ClinicalSafetyOfficer',
  'SuperAdmin',
] as const;

/**
 * Every guarded screen of the web app (docs/requirements.md §2 "Screens and routes"), declared
 * once: its route pattern, who may enter it, its area's chunk, its name and its component. The
 * router, the lazy screens (app/screens.ts) and the URL builders (config/paths.ts) all read it.
 *
 * Breadcrumbs are not declared here: lib/breadcrumbs.ts derives them from the address's segments,
 * for any address (an unknown one too), not from the screen it shows.
 */
export const screenTable = {
  uploadModel: {
    path: '/upload-model',
    allowed: modelGovernance,
    area: 'technical-admin',
    title: 'Upload model',
    component: 'UploadModelPage',
  },
  /**
   * Decision 0046: a version of a procedure's model, its card, recalibrating it, and proposing and
   * approving it (decision 0060). The addresses between /upload-model and those pages have no page
   * of their own: they redirect (to /upload-model, or to the card), so that each crumb of the
   * breadcrumb opens a page.
   */
  uploadModelType: {
    path: '/upload-model/:type',
    allowed: modelGovernance,
    area: 'technical-admin',
    title: 'Model versions',
    component: 'ModelVersionsRedirect',
  },
  modelVersions: {
    path: '/upload-model/:type/versions',
    allowed: modelGovernance,
    area: 'technical-admin',
    title: 'Model versions',
    component: 'ModelVersionsRedirect',
  },
  modelVersion: {
    path: '/upload-model/:type/versions/:id',
    allowed: modelGovernance,
    area: 'technical-admin',
    title: 'Model card',
    component: 'ModelVersionsRedirect',
  },
  modelVersionCard: {
    path: '/upload-model/:type/versions/:id/card',
    allowed: modelGovernance,
    area: 'technical-admin',
    title: 'Model card',
    component: 'ModelCardPage',
  },
  /** Decision 0060: a technical admin proposes an earlier version (a rollback) for approval. */
  modelVersionPropose: {
    path: '/upload-model/:type/versions/:id/propose',
    allowed: technicalAdmin,
    area: 'technical-admin',
    title: 'Propose making a model version active',
    component: 'ProposeModelVersionPage',
  },
  /** Decision 0060: a clinical safety officer approves a proposed version, or declines it. */
  modelVersionApprove: {
    path: '/upload-model/:type/versions/:id/approve',
    allowed: safetyOfficer,
    area: 'technical-admin',
    title: 'Review a model version',
    component: 'ApproveModelVersionPage',
  },
  modelVersionRecalibrate: {
    path: '/upload-model/:type/versions/:id/recalibrate',
    allowed: technicalAdmin,
    area: 'technical-admin',
    title: 'Recalibrate a model version',
    component: 'RecalibrateModelVersionPage',
  },

  adminDashboard: {
    path: '/admin-dashboard',
    allowed: superAdmin,
    area: 'admin',
    title: 'Super admin dashboard',
    component: 'SuperAdminDashboardPage',
  },
  manageActiveTrusts: {
    path: '/manage-active-trusts',
    allowed: superAdmin,
    area: 'admin',
    title: 'Manage active trusts',
    component: 'ManageTrustsPage',
  },
  addNewTrust: {
    path: '/manage-active-trusts/add-new-trust',
    allowed: superAdmin,
    area: 'admin',
    title: 'Add new trust',
    component: 'AddTrustPage',
  },
  trustDetails: {
    path: '/manage-active-trusts/:trustCode',
    allowed: superAdmin,
    area: 'admin',
    title: 'Trust details',
    component: 'TrustDetailsPage',
  },
  trustUsers: {
    path: '/manage-active-trusts/:trustCode/users',
    allowed: superAdmin,
    area: 'admin',
    title: 'Trust users',
    component: 'TrustUsersPage',
  },
  trustAddNewUser: {
    path: '/manage-active-trusts/:trustCode/users/add-new-user',
    allowed: superAdmin,
    area: 'admin',
    title: 'Add new user',
    component: 'AddUserPage',
  },
  trustUserDetails: {
    path: '/manage-active-trusts/:trustCode/users/:userId',
    allowed: superAdmin,
    area: 'admin',
    title: 'User details',
    component: 'UserDetailsPage',
  },
  trustEditUserDetails: {
    path: '/manage-active-trusts/:trustCode/users/:userId/edit-user-details',
    allowed: superAdmin,
    area: 'admin',
    title: 'Edit user details',
    component: 'EditUserPage',
  },
  editTrustDetails: {
    path: '/manage-active-trusts/:trustCode/edit-trust-details',
    allowed: superAdmin,
    area: 'admin',
    title: 'Edit trust details',
    component: 'EditTrustPage',
  },
  /** Decision 0048: a trust's integration clients, reached by a super admin from the trust's page. */
  trustIntegrationClients: {
    path: '/manage-active-trusts/:trustCode/integration-clients',
    allowed: superAdmin,
    area: 'admin',
    title: 'Integration clients',
    component: 'IntegrationClientsPage',
  },
  trustRegisterIntegrationClient: {
    path: '/manage-active-trusts/:trustCode/integration-clients/register-a-client',
    allowed: superAdmin,
    area: 'admin',
    title: 'Register a client',
    component: 'RegisterIntegrationClientPage',
  },
  trustIntegrationMessages: {
    path: '/manage-active-trusts/:trustCode/integration-clients/messages-received',
    allowed: superAdmin,
    area: 'admin',
    title: 'Messages received',
    component: 'IntegrationMessagesPage',
  },

  trustAdminDashboard: {
    path: '/trust-admin-dashboard',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Trust admin dashboard',
    component: 'TrustAdminDashboardPage',
  },
  /** Decision 0057: the oldest blood result the model may use (scoring:settings). */
  scoringSettings: {
    path: '/scoring-settings',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Scoring settings',
    component: 'ScoringSettingsPage',
  },
  /** Decision 0068: how often a waiting list is expected (data-freshness:settings). */
  waitingListFreshness: {
    path: '/waiting-list-uploads',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Waiting list uploads',
    component: 'WaitingListFreshnessPage',
  },
  /** Decision 0068: how long the results feed may be silent (data-freshness:settings). */
  resultsFeedFreshness: {
    path: '/results-feed',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Results feed',
    component: 'ResultsFeedFreshnessPage',
  },
  /** Decision 0071: the values that find a risk factor to optimise, and its due weeks (optimisation:settings). */
  optimisationThresholds: {
    path: '/optimisation-thresholds',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Optimisation thresholds',
    component: 'OptimisationThresholdsPage',
  },
  /** Decision 0073: each risk factor's services, and how patients contact them (optimisation:settings). */
  optimisationServices: {
    path: '/optimisation-services',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Optimisation services',
    component: 'OptimisationServicesPage',
  },
  /** Decision 0048: the trust admin's own trust's integration clients and the messages they sent. */
  integrationClients: {
    path: '/integration-clients',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Integration clients',
    component: 'IntegrationClientsPage',
  },
  registerIntegrationClient: {
    path: '/integration-clients/register-a-client',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Register a client',
    component: 'RegisterIntegrationClientPage',
  },
  integrationMessages: {
    path: '/integration-clients/messages-received',
    allowed: trustAdmin,
    area: 'admin',
    title: 'Messages received',
    component: 'IntegrationMessagesPage',
  },

  changeLog: {
    path: '/change-log',
    allowed: admins,
    area: 'admin',
    title: 'Change log',
    component: 'ChangeLogPage',
  },
  accessLog: {
    path: '/access-log',
    allowed: admins,
    area: 'admin',
    title: 'Who has seen a patient’s record',
    component: 'AccessLogPage',
  },
  manageActiveUsers: {
    path: '/manage-active-users',
    allowed: admins,
    area: 'admin',
    title: 'Manage active users',
    component: 'ManageUsersPage',
  },
  addNewUser: {
    path: '/manage-active-users/add-new-user',
    allowed: admins,
    area: 'admin',
    title: 'Add new user',
    component: 'AddUserPage',
  },
  userDetails: {
    path: '/manage-active-users/:userId',
    allowed: admins,
    area: 'admin',
    title: 'User details',
    component: 'UserDetailsPage',
  },
  editUserDetails: {
    path: '/manage-active-users/:userId/edit-user-details',
    allowed: admins,
    area: 'admin',
    title: 'Edit user details',
    component: 'EditUserPage',
  },

  dashboard: {
    path: '/dashboard',
    allowed: clerical,
    area: 'clerical',
    title: 'Dashboard',
    component: 'DashboardPage',
  },
  uploadPatientList: {
    path: '/upload-patient-list',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload patient list',
    component: 'ChooseProcedurePage',
  },
  uploadPatientListType: {
    path: '/upload-patient-list/:type',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload patient list overview',
    component: 'UploadOverviewPage',
  },
  uploadPatientListFiles: {
    path: '/upload-patient-list/:type/upload',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload files',
    component: 'UploadFilesPage',
  },
  uploadPatientListComplete: {
    path: '/upload-patient-list/:type/upload/complete',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload complete',
    component: 'UploadCompletePage',
  },
  /** docs/decisions/0037-what-the-confirm-will-do.md: the pathways an upload's confirm will archive. */
  uploadPatientListToBeArchived: {
    path: '/upload-patient-list/:type/upload/to-be-archived',
    allowed: clerical,
    area: 'clerical',
    title: 'Patients to be archived',
    component: 'ToBeArchivedPage',
  },
  /** Decision 0045: a trust's outcomes file, uploaded, checked and confirmed as a patient list is. */
  outcomes: {
    path: '/outcomes',
    allowed: clerical,
    area: 'clerical',
    title: 'Record outcomes after surgery',
    component: 'ChooseOutcomesProcedurePage',
  },
  outcomesType: {
    path: '/outcomes/:type',
    allowed: clerical,
    area: 'clerical',
    title: 'Outcomes after surgery',
    component: 'OutcomesOverviewPage',
  },
  outcomesUpload: {
    path: '/outcomes/:type/upload',
    allowed: clerical,
    area: 'clerical',
    title: 'Upload outcomes file',
    component: 'UploadOutcomesPage',
  },
  outcomesComplete: {
    path: '/outcomes/:type/upload/complete',
    allowed: clerical,
    area: 'clerical',
    title: 'Outcomes recorded',
    component: 'OutcomesCompletePage',
  },
  manageOpenPathways: {
    path: '/manage-open-pathways',
    allowed: clerical,
    area: 'clerical',
    title: 'Manage open pathways',
    component: 'ManageOpenPathwaysPage',
  },
  manageOpenPathwaysType: {
    path: '/manage-open-pathways/:type',
    allowed: clerical,
    area: 'clerical',
    title: 'Open pathways',
    component: 'OpenPathwaysPage',
  },
  totalRecords: {
    path: '/manage-open-pathways/:type/total',
    allowed: clerical,
    area: 'clerical',
    title: 'Total records',
    component: 'TotalRecordsPage',
  },
  generateReport: {
    path: '/manage-open-pathways/:type/total/generate-report',
    allowed: clerical,
    area: 'clerical',
    title: 'Generate report',
    component: 'GenerateReportPage',
  },
  failedRecords: {
    path: '/manage-open-pathways/:type/failed-records',
    allowed: clerical,
    area: 'clerical',
    title: 'Records that failed processing',
    component: 'FailedRecordsPage',
  },
  processedRecords: {
    path: '/manage-open-pathways/:type/processed',
    allowed: clerical,
    area: 'clerical',
    title: 'Processed records',
    component: 'ProcessedRecordsPage',
  },
  dataUploadHistory: {
    path: '/data-upload-history',
    allowed: clerical,
    area: 'clerical',
    title: 'Data upload history',
    component: 'DataUploadHistoryPage',
  },
  archivedHistory: {
    path: '/data-upload-history/archived',
    allowed: clerical,
    area: 'clerical',
    title: 'Archived records',
    component: 'ArchivedRecordsPage',
  },
  errorHistory: {
    path: '/data-upload-history/error',
    allowed: clerical,
    area: 'clerical',
    title: 'Open pathways error history',
    component: 'ErrorHistoryPage',
  },

  patientLookup: {
    path: '/patient-lookup',
    allowed: patientStaff,
    area: 'patient',
    title: 'Patient lookup',
    component: 'PatientLookupPage',
  },
  patientSummary: {
    path: '/patient-lookup/:waitinglistId',
    allowed: patientStaff,
    area: 'patient',
    title: 'Patient risk summary',
    component: 'RiskSummaryPage',
  },
  patientEditDetails: {
    path: '/patient-lookup/:waitinglistId/edit-details',
    allowed: patientStaff,
    area: 'patient',
    title: 'Edit details',
    component: 'EditDetailsPage',
  },
  patientRemodel: {
    path: '/patient-lookup/:waitinglistId/remodel-details',
    allowed: patientStaff,
    area: 'patient',
    title: 'Remodel with new details',
    component: 'RemodelPage',
  },
  previousRiskHistory: {
    path: '/patient-lookup/:waitinglistId/previous-risk-history',
    allowed: patientStaff,
    area: 'patient',
    title: 'Previous evaluations',
    component: 'PreviousEvaluationsPage',
  },
  historyDetail: {
    path: '/patient-lookup/:waitinglistId/history/:historyId',
    allowed: patientStaff,
    area: 'patient',
    title: 'Past evaluation',
    component: 'HistoryEntryPage',
  },
  /** Decision 0044: a pathway's priority, harm review and view of the risk (clinical decisions). */
  prioritisationChangePriority: {
    path: '/patient-lookup/:waitinglistId/change-priority',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Change priority',
    component: 'ChangePriorityPage',
  },
  prioritisationRecordHarmReview: {
    path: '/patient-lookup/:waitinglistId/record-harm-review',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Record harm review',
    component: 'RecordHarmReviewPage',
  },
  prioritisationAdjustRisk: {
    path: '/patient-lookup/:waitinglistId/adjust-risk',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Adjust risk',
    component: 'AdjustRiskPage',
  },
  /** Decision 0044: an administrative validation, from the risk summary or the prioritisation worklist. */
  prioritisationRecordValidation: {
    path: '/patient-lookup/:waitinglistId/record-validation',
    allowed: ['ClericalUser', 'WaitingListAdmin'],
    area: 'patient',
    title: 'Record validation',
    component: 'RecordValidationPage',
  },

  /**
   * Decision 0071: a pathway's risk factors to optimise before surgery, for the roles that read them
   * (the risk summary shows the same section; a waiting list admin, who cannot open the summary,
   * reaches this page from Record validation), and a page for each step recorded: the
   * administrative ones for waiting list admins and clinicians, the clinical ones for clinicians.
   */
  patientOptimisation: {
    path: '/patient-lookup/:waitinglistId/optimisation',
    allowed: prioritisers,
    area: 'patient',
    title: 'Optimisation before surgery',
    component: 'OptimisationPage',
  },
  optimisationRefer: {
    path: '/patient-lookup/:waitinglistId/optimisation/:factor/refer',
    allowed: ['Clinician', 'WaitingListAdmin'],
    area: 'patient',
    title: 'Refer for optimisation',
    component: 'OptimisationReferPage',
  },
  optimisationProgress: {
    path: '/patient-lookup/:waitinglistId/optimisation/:factor/record-progress',
    allowed: ['Clinician', 'WaitingListAdmin'],
    area: 'patient',
    title: 'Record optimisation progress',
    component: 'OptimisationProgressPage',
  },
  optimisationMet: {
    path: '/patient-lookup/:waitinglistId/optimisation/:factor/record-as-met',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Record optimisation as met',
    component: 'OptimisationMetPage',
  },
  optimisationDeclined: {
    path: '/patient-lookup/:waitinglistId/optimisation/:factor/record-as-declined',
    allowed: ['Clinician', 'WaitingListAdmin'],
    area: 'patient',
    title: 'Record optimisation as declined',
    component: 'OptimisationDeclinedPage',
  },
  optimisationNotPossible: {
    path: '/patient-lookup/:waitinglistId/optimisation/:factor/record-as-not-possible',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Record optimisation as not possible',
    component: 'OptimisationNotPossiblePage',
  },

  /** Decision 0055: a clinician confirms the same patient with a corrected date of birth. */
  patientConfirmDateOfBirth: {
    path: '/patient-lookup/:waitinglistId/confirm-corrected-date-of-birth',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Confirm a corrected date of birth',
    component: 'ConfirmDateOfBirthPage',
  },

  /** Decision 0045: a pathway's outcome after surgery, recorded or corrected (clinicians). */
  patientRecordOutcome: {
    path: '/patient-lookup/:waitinglistId/record-outcome',
    allowed: ['Clinician'],
    area: 'patient',
    title: 'Record outcome',
    component: 'RecordOutcomePage',
  },

  /** docs/decisions/0044: the prioritisation worklist, its risk × wait matrix and the equity of waits. */
  prioritisation: {
    path: '/prioritisation',
    allowed: prioritisers,
    area: 'prioritisation',
    title: 'Prioritise the waiting list',
    component: 'ChoosePrioritisationProcedurePage',
  },
  prioritisationWorklist: {
    path: '/prioritisation/:type',
    allowed: prioritisers,
    area: 'prioritisation',
    title: 'Prioritisation worklist',
    component: 'PrioritisationWorklistPage',
  },
  prioritisationEquity: {
    path: '/prioritisation/:type/equity',
    allowed: prioritisers,
    area: 'prioritisation',
    title: 'Waits by patient group',
    component: 'EquityPage',
  },
  /** Decision 0072: the patients with a risk factor to optimise before surgery (optimisation:read). */
  optimisation: {
    path: '/optimisation',
    allowed: prioritisers,
    area: 'prioritisation',
    title: 'Optimisation worklist',
    component: 'ChooseOptimisationProcedurePage',
  },
  optimisationWorklist: {
    path: '/optimisation/:type',
    allowed: prioritisers,
    area: 'prioritisation',
    title: 'Optimisation worklist',
    component: 'OptimisationWorklistPage',
  },
  /** The trust's harm-review thresholds (prioritisation:settings). */
  prioritisationSettings: {
    path: '/prioritisation-settings',
    allowed: trustAdmin,
    area: 'prioritisation',
    title: 'Prioritisation settings',
    component: 'PrioritisationSettingsPage',
  },

  /** Decision 0045: the model judged against the recorded outcomes; a super admin's across trusts. */
  modelPerformance: {
    path: '/model-performance',
    allowed: modelMonitors,
    area: 'model-performance',
    title: 'Model performance',
    component: 'ModelPerformancePage',
  },
  /** The CUSUMs' operations between false alarms (model-performance:settings, decision 0061). */
  modelPerformanceSettings: {
    path: '/model-performance/settings',
    allowed: safetyOfficer,
    area: 'model-performance',
    title: 'Model monitoring settings',
    component: 'ModelPerformanceSettingsPage',
  },
  /** Decision 0061: the clinical safety officer acknowledges a CUSUM signal with a note. */
  acknowledgeSignal: {
    path: '/model-performance/acknowledge-signal',
    allowed: safetyOfficer,
    area: 'model-performance',
    title: 'Acknowledge a CUSUM signal',
    component: 'AcknowledgeSignalPage',
  },
  /** Decision 0063: the clinical safety officer suspends a procedure's predictions, or lifts the suspension. */
  predictionSuspension: {
    path: '/model-performance/prediction-suspension',
    allowed: safetyOfficer,
    area: 'model-performance',
    title: 'Suspend or restore predictions',
    component: 'PredictionSuspensionPage',
  },
} as const satisfies Record<string, ScreenEntry>;

export type ScreenId = keyof typeof screenTable;

export interface GuardedRoute extends ScreenEntry {
  readonly id: ScreenId;
}

/** The table's screens in its order, each with its id: the router's guarded routes. */
export const guardedRoutes: readonly GuardedRoute[] = (Object.keys(screenTable) as ScreenId[]).map((id) => ({
  id,
  ...screenTable[id],
}));

/**
 * The public pages (docs/requirements.md §2): no guard, and their code is in the main bundle, so
 * the router names their components itself.
 */
export const publicPages = {
  home: '/',
  homeAlias: '/home',
  privacy: '/privacy',
  accessibility: '/accessibility',
  unauthorized: '/unauthorized',
  authCallback: '/auth/callback',
} as const;

/** The public pages' titles (docs/decisions/0036-page-titles-focus-and-not-found.md). */
export const publicPageTitles: Readonly<Record<keyof typeof publicPages, string>> = {
  home: 'Get access',
  homeAlias: 'Get access',
  privacy: 'Privacy policy',
  accessibility: 'Accessibility statement',
  unauthorized: 'Access denied',
  authCallback: 'Signing in',
};

/**
 * Whether a user holding `roles` may open the page at `pathname`: a guarded screen's roles, and
 * any other address (a public page, or one no screen has) is not refused here.
 */
export function mayOpen(pathname: string, roles: readonly GuardRole[]): boolean {
  const screen = matchRoutes(guardedRoutes as GuardedRoute[], pathname)?.[0]?.route;
  return !screen || screen.allowed.some((role) => roles.includes(role));
}

/** The title of an address no page has. */
export const notFoundTitle = 'Page not found';

const titledRoutes = [
  ...(Object.keys(publicPages) as (keyof typeof publicPages)[]).map((page) => ({
    path: publicPages[page],
    title: publicPageTitles[page],
  })),
  ...guardedRoutes.map((route) => ({ path: route.path, title: route.title })),
];

/**
 * The title of the page an address shows, ranked as the router ranks routes (a fixed segment
 * before a parameter): the screen table's title, a public page's, or "Page not found".
 */
export function pageTitleFor(pathname: string): string {
  return matchRoutes(titledRoutes, pathname)?.[0]?.route.title ?? notFoundTitle;
}
