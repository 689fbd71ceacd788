import type { ComponentType } from 'react';
import { DashboardPage } from '../../features/waiting-list/components/dashboard-page';
import { ChooseProcedurePage } from '../../features/waiting-list/components/choose-procedure-page';
import { UploadOverviewPage } from '../../features/waiting-list/components/upload-overview-page';
import { UploadFilesPage } from '../../features/waiting-list/components/upload-files-page';
import { UploadCompletePage } from '../../features/waiting-list/components/upload-complete-page';
import { DataUploadHistoryPage } from '../../features/waiting-list/components/data-upload-history-page';
import { ManageOpenPathwaysPage } from '../../features/open-pathways/components/manage-open-pathways-page';
import { OpenPathwaysPage } from '../../features/open-pathways/components/open-pathways-page';
import { TotalRecordsPage } from '../../features/open-pathways/components/total-records-page';
import { GenerateReportPage } from '../../features/open-pathways/components/generate-report-page';
import { ProcessedRecordsPage } from '../../features/open-pathways/components/processed-records-page';
import { FailedRecordsPage } from '../../features/open-pathways/components/failed-records-page';
import { ErrorHistoryPage } from '../../features/open-pathways/components/error-history-page';
import { ArchivedRecordsPage } from '../../features/open-pathways/components/archived-records-page';

/** Clerical screens (spec §2): the waiting-list import and the open pathways, by route pattern. */
export const screens: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/upload-patient-list': ChooseProcedurePage,
  '/upload-patient-list/:type': UploadOverviewPage,
  '/upload-patient-list/:type/upload': UploadFilesPage,
  '/upload-patient-list/:type/upload/complete': UploadCompletePage,
  '/data-upload-history': DataUploadHistoryPage,
  '/manage-open-pathways': ManageOpenPathwaysPage,
  '/manage-open-pathways/:type': OpenPathwaysPage,
  '/manage-open-pathways/:type/total': TotalRecordsPage,
  '/manage-open-pathways/:type/total/generate-report': GenerateReportPage,
  '/manage-open-pathways/:type/processed': ProcessedRecordsPage,
  '/manage-open-pathways/:type/failed-records': FailedRecordsPage,
  '/data-upload-history/archived': ArchivedRecordsPage,
  '/data-upload-history/error': ErrorHistoryPage,
};
