/**
 * Clerical screens (docs/requirements.md §2): the waiting-list import, the outcomes files (decision 0045) and the
 * open pathways; one chunk, loaded by screens.ts.
 */
export { DashboardPage } from '../../features/waiting-list/components/dashboard-page';
export { ChooseProcedurePage } from '../../features/waiting-list/components/choose-procedure-page';
export { UploadOverviewPage } from '../../features/waiting-list/components/upload-overview-page';
export { UploadFilesPage } from '../../features/waiting-list/components/upload-files-page';
export { UploadCompletePage } from '../../features/waiting-list/components/upload-complete-page';
export { ToBeArchivedPage } from '../../features/waiting-list/components/to-be-archived-page';
export { ChooseOutcomesProcedurePage } from '../../features/outcomes/components/choose-outcomes-procedure-page';
export { OutcomesOverviewPage } from '../../features/outcomes/components/outcomes-overview-page';
export { UploadOutcomesPage } from '../../features/outcomes/components/upload-outcomes-page';
export { OutcomesCompletePage } from '../../features/outcomes/components/outcomes-complete-page';
export { DataUploadHistoryPage } from '../../features/waiting-list/components/data-upload-history-page';
export { ManageOpenPathwaysPage } from '../../features/pathways/components/manage-open-pathways-page';
export { OpenPathwaysPage } from '../../features/pathways/components/open-pathways-page';
export { TotalRecordsPage } from '../../features/pathways/components/total-records-page';
export { GenerateReportPage } from '../../features/pathways/components/generate-report-page';
export { ProcessedRecordsPage } from '../../features/pathways/components/processed-records-page';
export { FailedRecordsPage } from '../../features/pathways/components/failed-records-page';
export { ErrorHistoryPage } from '../../features/pathways/components/error-history-page';
export { ArchivedRecordsPage } from '../../features/pathways/components/archived-records-page';
