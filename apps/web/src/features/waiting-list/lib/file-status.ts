import type { UploadStatus } from '@esr/contracts/waiting-list';
import { anyStillValidating, filesAnnouncement, type ValidatingFile } from '../../../lib/upload-status';

/** The two files of an upload, in the order the status table and its announcement give them. */
export const listFiles = (status: UploadStatus): ValidatingFile[] => [
  { label: 'Waiting list file', ...status.waiting_list },
  { label: 'Blood test file', ...status.blood_test },
];

/** docs/requirements.md §4: polling goes on while either file is still being validated (or nothing is known yet). */
export const stillValidating = (status: UploadStatus | undefined): boolean =>
  anyStillValidating(status && listFiles(status));

/** One sentence for the live region, so that a screen reader hears each file's status change. */
export const validationAnnouncement = (status: UploadStatus): string => filesAnnouncement(listFiles(status));
