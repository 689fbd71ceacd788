import type { UploadHistoryItem } from '@esr/contracts/waiting-list';
import type { Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { formatDateTime } from '../../../lib/dates';
import { StatusTag } from './status-tag';

/** docs/requirements.md §2 upload history: file name, upload date (docs/requirements.md §9 DD-MMM-YYYY HH:mm:ss), status, user. */
// The file's and the user's names are isolated (decision 0043).
export const fileNameColumn: Column<UploadHistoryItem> = {
  header: 'File name',
  cell: (row) => <DataText text={row.fileName} />,
};
export const uploadHistoryColumns: Column<UploadHistoryItem>[] = [
  { header: 'Upload date', cell: (row) => formatDateTime(row.uploadDate) },
  { header: 'Status', cell: (row) => <StatusTag status={row.status} /> },
  { header: 'User', cell: (row) => <DataText text={row.user} /> },
];

/** One row per file of an import: the batch and the file type make the row unique. */
export const uploadHistoryRowKey = (row: UploadHistoryItem) => `${row.batchId}-${row.fileType}`;
