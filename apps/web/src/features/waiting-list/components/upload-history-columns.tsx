import type { UploadHistoryItem } from '@esr/contracts/waiting-list';

/** One row per file of an import: the batch and the file type make the row unique. */
export const uploadHistoryRowKey = (row: UploadHistoryItem) => `${row.batchId}-${row.fileType}`;
