/** Every URL of the web app (spec §2), built by functions: no route strings elsewhere (CONVENTIONS). */
export const paths = {
  home: () => '/',
  homeAlias: () => '/home',
  privacy: () => '/privacy',
  accessibility: () => '/accessibility',
  unauthorized: () => '/unauthorized',
  authCallback: () => '/auth/callback',

  uploadModel: () => '/upload-model',

  adminDashboard: () => '/admin-dashboard',
  trustAdminDashboard: () => '/trust-admin-dashboard',
  manageActiveTrusts: () => '/manage-active-trusts',
  addNewTrust: () => '/manage-active-trusts/add-new-trust',
  trustDetails: (trustCode: string) => `/manage-active-trusts/${encodeURIComponent(trustCode)}`,
  editTrustDetails: (trustCode: string) =>
    `/manage-active-trusts/${encodeURIComponent(trustCode)}/edit-trust-details`,
  trustUsers: (trustCode: string) => `/manage-active-trusts/${encodeURIComponent(trustCode)}/users`,
  trustUserDetails: (trustCode: string, userId: string) =>
    `/manage-active-trusts/${encodeURIComponent(trustCode)}/users/${encodeURIComponent(userId)}`,
  trustAddNewUser: (trustCode: string) =>
    `/manage-active-trusts/${encodeURIComponent(trustCode)}/users/add-new-user`,
  trustEditUserDetails: (trustCode: string, userId: string) =>
    `/manage-active-trusts/${encodeURIComponent(trustCode)}/users/${encodeURIComponent(userId)}/edit-user-details`,
  changeLog: () => '/change-log',
  manageActiveUsers: () => '/manage-active-users',
  userDetails: (userId: string) => `/manage-active-users/${encodeURIComponent(userId)}`,
  addNewUser: () => '/manage-active-users/add-new-user',
  editUserDetails: (userId: string) => `/manage-active-users/${encodeURIComponent(userId)}/edit-user-details`,

  dashboard: () => '/dashboard',
  uploadPatientList: () => '/upload-patient-list',
  uploadPatientListType: (type: string) => `/upload-patient-list/${type}`,
  /** With a batch id, the page follows that upload's validation (kept across a reload). */
  uploadPatientListFiles: (type: string, batchId?: string) =>
    `/upload-patient-list/${type}/upload${batchId ? `?batchId=${encodeURIComponent(batchId)}` : ''}`,
  uploadPatientListComplete: (type: string) => `/upload-patient-list/${type}/upload/complete`,
  manageOpenPathways: () => '/manage-open-pathways',
  manageOpenPathwaysType: (type: string) => `/manage-open-pathways/${type}`,
  /** With the table's filters and page (as their query string), the same table again. */
  totalRecords: (type: string, search = '') =>
    `/manage-open-pathways/${type}/total${search ? `?${search}` : ''}`,
  /** The report is made of the records the table's filters (as their query string) select. */
  generateReport: (type: string, search = '') =>
    `/manage-open-pathways/${type}/total/generate-report${search ? `?${search}` : ''}`,
  failedRecords: (type: string) => `/manage-open-pathways/${type}/failed-records`,
  processedRecords: (type: string) => `/manage-open-pathways/${type}/processed`,
  dataUploadHistory: () => '/data-upload-history/',
  archivedHistory: () => '/data-upload-history/archived',
  errorHistory: () => '/data-upload-history/error',

  patientLookup: () => '/patient-lookup',
  patientSummary: (id: string, type: string) =>
    `/patient-lookup/${encodeURIComponent(id)}?type=${encodeURIComponent(type)}`,
  patientEditDetails: (id: string, type: string) =>
    `/patient-lookup/${encodeURIComponent(id)}/edit-details?type=${encodeURIComponent(type)}`,
  patientRemodel: (id: string, type: string) =>
    `/patient-lookup/${encodeURIComponent(id)}/remodel-details?type=${encodeURIComponent(type)}`,
  previousRiskHistory: (id: string, type: string) =>
    `/patient-lookup/${encodeURIComponent(id)}/previous-risk-history?type=${encodeURIComponent(type)}`,
  historyDetail: (id: string, historyId: string, type: string) =>
    `/patient-lookup/${encodeURIComponent(id)}/history/${encodeURIComponent(historyId)}?type=${encodeURIComponent(type)}`,
} as const;
