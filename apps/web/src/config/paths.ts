import { publicPages, screenTable } from './screen-table';

/** The parameter names of a route pattern: 'userId' | 'trustCode' for '/t/:trustCode/u/:userId'. */
export type PathParam<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParam<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A query string: as written (without its '?'), or as values by name, each encoded; a name whose
 * value is undefined is left out. Either way, nothing is added when it is empty.
 */
export type PathSearch = string | Readonly<Record<string, string | undefined>>;

type PathArgs<Pattern extends string> = [PathParam<Pattern>] extends [never]
  ? [params?: Readonly<Record<string, never>>, search?: PathSearch]
  : [params: Readonly<Record<PathParam<Pattern>, string>>, search?: PathSearch];

const queryOf = (search: PathSearch | undefined): string => {
  if (search === undefined || typeof search === 'string') return search ?? '';
  return Object.entries(search)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
};

/**
 * A URL of a route pattern of the screen table: each ':name' replaced by its parameter, encoded,
 * then the query string, if any.
 */
export function buildPath<Pattern extends string>(
  pattern: Pattern,
  ...[params, search]: PathArgs<Pattern>
): string {
  const values: Readonly<Record<string, string>> = params ?? {};
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = queryOf(search);
  return query ? `${path}?${query}` : path;
}

/** The screen table, by screen id. */
const screen = screenTable;

/**
 * Every URL of the web app (docs/requirements.md §2), built by functions: no route strings
 * elsewhere. The patterns are those of the screen table (config/screen-table.ts).
 */
export const paths = {
  home: (): string => publicPages.home,
  homeAlias: (): string => publicPages.homeAlias,
  privacy: (): string => publicPages.privacy,
  accessibility: (): string => publicPages.accessibility,
  unauthorized: (): string => publicPages.unauthorized,
  authCallback: (): string => publicPages.authCallback,

  /** With a procedure, the page shows that procedure's active model and its versions. */
  uploadModel: (procedure?: string) =>
    buildPath(screen.uploadModel.path, {}, { procedure: procedure || undefined }),
  modelVersionCard: (type: string, id: string) => buildPath(screen.modelVersionCard.path, { type, id }),
  modelVersionPropose: (type: string, id: string) => buildPath(screen.modelVersionPropose.path, { type, id }),
  modelVersionApprove: (type: string, id: string) => buildPath(screen.modelVersionApprove.path, { type, id }),
  modelVersionRecalibrate: (type: string, id: string) =>
    buildPath(screen.modelVersionRecalibrate.path, { type, id }),

  adminDashboard: () => buildPath(screen.adminDashboard.path),
  trustAdminDashboard: () => buildPath(screen.trustAdminDashboard.path),
  /** Decision 0057: the oldest blood result the model may use. */
  scoringSettings: () => buildPath(screen.scoringSettings.path),
  optimisationThresholds: () => buildPath(screen.optimisationThresholds.path),
  optimisationServices: () => buildPath(screen.optimisationServices.path),
  waitingListFreshness: () => buildPath(screen.waitingListFreshness.path),
  resultsFeedFreshness: () => buildPath(screen.resultsFeedFreshness.path),
  manageActiveTrusts: () => buildPath(screen.manageActiveTrusts.path),
  addNewTrust: () => buildPath(screen.addNewTrust.path),
  trustDetails: (trustCode: string) => buildPath(screen.trustDetails.path, { trustCode }),
  editTrustDetails: (trustCode: string) => buildPath(screen.editTrustDetails.path, { trustCode }),
  trustUsers: (trustCode: string) => buildPath(screen.trustUsers.path, { trustCode }),
  trustUserDetails: (trustCode: string, userId: string) =>
    buildPath(screen.trustUserDetails.path, { trustCode, userId }),
  trustAddNewUser: (trustCode: string) => buildPath(screen.trustAddNewUser.path, { trustCode }),
  trustEditUserDetails: (trustCode: string, userId: string) =>
    buildPath(screen.trustEditUserDetails.path, { trustCode, userId }),
  /** A trust admin's own trust's pages; with a trust code, a super admin's pages of that trust. */
  integrationClients: (trustCode?: string) =>
    trustCode
      ? buildPath(screen.trustIntegrationClients.path, { trustCode })
      : buildPath(screen.integrationClients.path),
  registerIntegrationClient: (trustCode?: string) =>
    trustCode
      ? buildPath(screen.trustRegisterIntegrationClient.path, { trustCode })
      : buildPath(screen.registerIntegrationClient.path),
  /** With a page number above 1, that page of the list. */
  integrationMessages: (trustCode?: string, page?: number) => {
    const search = { page: page && page > 1 ? String(page) : undefined };
    return trustCode
      ? buildPath(screen.trustIntegrationMessages.path, { trustCode }, search)
      : buildPath(screen.integrationMessages.path, {}, search);
  },
  changeLog: () => buildPath(screen.changeLog.path),
  accessLog: () => buildPath(screen.accessLog.path),
  manageActiveUsers: () => buildPath(screen.manageActiveUsers.path),
  userDetails: (userId: string) => buildPath(screen.userDetails.path, { userId }),
  addNewUser: () => buildPath(screen.addNewUser.path),
  editUserDetails: (userId: string) => buildPath(screen.editUserDetails.path, { userId }),

  dashboard: () => buildPath(screen.dashboard.path),
  uploadPatientList: () => buildPath(screen.uploadPatientList.path),
  uploadPatientListType: (type: string) => buildPath(screen.uploadPatientListType.path, { type }),
  /** With a batch id, the page follows that upload's validation (kept across a reload). */
  uploadPatientListFiles: (type: string, batchId?: string) =>
    buildPath(screen.uploadPatientListFiles.path, { type }, { batchId: batchId || undefined }),
  /** With the batch id, the page says what that upload's confirm did. */
  uploadPatientListComplete: (type: string, batchId?: string) =>
    buildPath(screen.uploadPatientListComplete.path, { type }, { batchId: batchId || undefined }),
  uploadPatientListToBeArchived: (type: string, batchId: string) =>
    buildPath(screen.uploadPatientListToBeArchived.path, { type }, { batchId }),
  outcomes: () => buildPath(screen.outcomes.path),
  outcomesType: (type: string) => buildPath(screen.outcomesType.path, { type }),
  /** With a batch id, the page follows that outcomes file's validation (kept across a reload). */
  outcomesUpload: (type: string, batchId?: string) =>
    buildPath(screen.outcomesUpload.path, { type }, { batchId: batchId || undefined }),
  /** With the batch id, the page says what that outcomes file's confirm did. */
  outcomesComplete: (type: string, batchId?: string) =>
    buildPath(screen.outcomesComplete.path, { type }, { batchId: batchId || undefined }),
  manageOpenPathways: () => buildPath(screen.manageOpenPathways.path),
  manageOpenPathwaysType: (type: string) => buildPath(screen.manageOpenPathwaysType.path, { type }),
  /** With the table's filters and page (as their query string), the same table again. */
  totalRecords: (type: string, search = '') => buildPath(screen.totalRecords.path, { type }, search),
  /** The report is made of the records the table's filters (as their query string) select. */
  generateReport: (type: string, search = '') => buildPath(screen.generateReport.path, { type }, search),
  failedRecords: (type: string) => buildPath(screen.failedRecords.path, { type }),
  processedRecords: (type: string) => buildPath(screen.processedRecords.path, { type }),
  /** With a trailing slash, as the dashboard has always linked to it. */
  dataUploadHistory: () => `${buildPath(screen.dataUploadHistory.path)}/`,
  archivedHistory: () => buildPath(screen.archivedHistory.path),
  errorHistory: () => buildPath(screen.errorHistory.path),

  patientLookup: () => buildPath(screen.patientLookup.path),
  patientSummary: (id: string, type: string) =>
    buildPath(screen.patientSummary.path, { waitinglistId: id }, { type }),
  patientEditDetails: (id: string, type: string) =>
    buildPath(screen.patientEditDetails.path, { waitinglistId: id }, { type }),
  patientRemodel: (id: string, type: string) =>
    buildPath(screen.patientRemodel.path, { waitinglistId: id }, { type }),
  previousRiskHistory: (id: string, type: string) =>
    buildPath(screen.previousRiskHistory.path, { waitinglistId: id }, { type }),
  historyDetail: (id: string, historyId: string, type: string) =>
    buildPath(screen.historyDetail.path, { waitinglistId: id, historyId }, { type }),
  prioritisationChangePriority: (id: string, type: string) =>
    buildPath(screen.prioritisationChangePriority.path, { waitinglistId: id }, { type }),
  prioritisationRecordHarmReview: (id: string, type: string) =>
    buildPath(screen.prioritisationRecordHarmReview.path, { waitinglistId: id }, { type }),
  prioritisationAdjustRisk: (id: string, type: string) =>
    buildPath(screen.prioritisationAdjustRisk.path, { waitinglistId: id }, { type }),
  prioritisationRecordValidation: (id: string, type: string) =>
    buildPath(screen.prioritisationRecordValidation.path, { waitinglistId: id }, { type }),
  patientRecordOutcome: (id: string, type: string) =>
    buildPath(screen.patientRecordOutcome.path, { waitinglistId: id }, { type }),
  patientConfirmDateOfBirth: (id: string, type: string) =>
    buildPath(screen.patientConfirmDateOfBirth.path, { waitinglistId: id }, { type }),
  patientOptimisation: (id: string, type: string) =>
    buildPath(screen.patientOptimisation.path, { waitinglistId: id }, { type }),
  optimisationRefer: (id: string, factor: string, type: string) =>
    buildPath(screen.optimisationRefer.path, { waitinglistId: id, factor }, { type }),
  optimisationProgress: (id: string, factor: string, type: string) =>
    buildPath(screen.optimisationProgress.path, { waitinglistId: id, factor }, { type }),
  optimisationMet: (id: string, factor: string, type: string) =>
    buildPath(screen.optimisationMet.path, { waitinglistId: id, factor }, { type }),
  optimisationDeclined: (id: string, factor: string, type: string) =>
    buildPath(screen.optimisationDeclined.path, { waitinglistId: id, factor }, { type }),
  optimisationNotPossible: (id: string, factor: string, type: string) =>
    buildPath(screen.optimisationNotPossible.path, { waitinglistId: id, factor }, { type }),

  prioritisation: () => buildPath(screen.prioritisation.path),
  optimisation: () => buildPath(screen.optimisation.path),
  optimisationWorklist: (type: string) => buildPath(screen.optimisationWorklist.path, { type }),
  /** With the worklist's filters, order and page (as their query string), the same worklist again. */
  prioritisationWorklist: (type: string, search = '') =>
    buildPath(screen.prioritisationWorklist.path, { type }, search),
  /** With a grouping (sex, ethnicGroup or ageBand), that grouping's tables. */
  prioritisationEquity: (type: string, by?: string) =>
    buildPath(screen.prioritisationEquity.path, { type }, { by }),
  prioritisationSettings: () => buildPath(screen.prioritisationSettings.path),

  /** With the view's choices (as their query string), the same figures again. */
  modelPerformance: (search = '') => buildPath(screen.modelPerformance.path, {}, search),
  modelPerformanceSettings: () => buildPath(screen.modelPerformanceSettings.path),
  /** A CUSUM signal for the clinical safety officer to acknowledge (decision 0061). */
  acknowledgeSignal: (signal: { procedure: string; direction: string; date: string }) =>
    buildPath(screen.acknowledgeSignal.path, {}, signal),
  /** Suspending a procedure's predictions, or lifting the suspension (decision 0063). */
  predictionSuspension: (procedure: string) => buildPath(screen.predictionSuspension.path, {}, { procedure }),
} as const;
