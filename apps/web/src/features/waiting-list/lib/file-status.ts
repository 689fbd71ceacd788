import type { ComponentProps } from 'react';
import {
  uploadStatusLabels,
  type FileStatus,
  type UploadHistoryItem,
  type UploadStatus,
} from '@esr/contracts/waiting-list';
import type { Tag } from '../../../components/content';

export type TagColour = NonNullable<ComponentProps<typeof Tag>['colour']>;
export type AnyUploadStatus = UploadHistoryItem['status'];

/**
 * docs/requirements.md §4: VALIDATING is information (blue), VALIDATED success (green), VALIDATED_WITH_ERRORS a
 * warning (orange) and FAILED an error (red). What became of an import afterwards: imported is a
 * success, cancelled and expired are finished with nothing done (grey).
 */
const colours: Record<AnyUploadStatus, TagColour> = {
  VALIDATING: 'blue',
  VALIDATED: 'green',
  VALIDATED_WITH_ERRORS: 'orange',
  FAILED: 'red',
  IMPORTED: 'green',
  CANCELLED: 'grey',
  EXPIRED: 'grey',
};

export function statusTag(status: AnyUploadStatus): { colour: TagColour; label: string } {
  return { colour: colours[status], label: uploadStatusLabels[status] };
}

/** docs/requirements.md §4: polling goes on while either file is still being validated (or nothing is known yet). */
export function stillValidating(status: UploadStatus | undefined): boolean {
  return !status || status.waiting_list.status === 'VALIDATING' || status.blood_test.status === 'VALIDATING';
}

const fileNames = { waiting_list: 'Waiting list file', blood_test: 'Blood test file' } as const;

/** One sentence for the live region, so that a screen reader hears each file's status change. */
export function validationAnnouncement(status: UploadStatus): string {
  const part = (key: keyof typeof fileNames, value: FileStatus) =>
    `${fileNames[key]}: ${uploadStatusLabels[value].toLowerCase()}.`;
  return `${part('waiting_list', status.waiting_list.status)} ${part('blood_test', status.blood_test.status)}`;
}
