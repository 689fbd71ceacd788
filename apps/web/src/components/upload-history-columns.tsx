import type { Column } from './content';
import { DataText } from './data-text';
import { formatDateTime } from '../lib/dates';
import { StatusTag } from './status-tag';

/** A row of an upload history, whatever was uploaded: a waiting list's file, or an outcomes file. */
export interface UploadHistoryRow {
  fileName: string;
  /** ISO time of the upload. */
  uploadDate: string;
  status: string;
  /** The status in the history's own words, when it gives them. */
  statusLabel?: string;
  user: string;
}

/** docs/requirements.md §2 upload history: file name, upload date (docs/requirements.md §9 DD-MMM-YYYY HH:mm:ss), status, user. */
// The file's and the user's names are isolated (decision 0043).
export const fileNameColumn: Column<UploadHistoryRow> = {
  header: 'File name',
  cell: (row) => <DataText text={row.fileName} />,
};
export const uploadHistoryColumns: Column<UploadHistoryRow>[] = [
  { header: 'Upload date', cell: (row) => formatDateTime(row.uploadDate) },
  { header: 'Status', cell: (row) => <StatusTag status={row.status} label={row.statusLabel} /> },
  { header: 'User', cell: (row) => <DataText text={row.user} /> },
];
