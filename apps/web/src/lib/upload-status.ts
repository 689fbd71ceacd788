import type { ComponentProps } from 'react';
import {
  uploadStatusLabels,
  type BatchStatus,
  type FileStatus,
  type UploadHistoryItem,
} from '@esr/contracts/waiting-list';
import type { Tag } from '../components/content';

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

const isKnown = (status: string): status is AnyUploadStatus => status in colours;

/**
 * A file's or an import's status as a tag: its colour and words. An upload list that gives its
 * own words (`label`) is shown in them; a status this app does not know is grey.
 */
export function statusTag(status: string, label?: string): { colour: TagColour; label: string } {
  if (!isKnown(status)) return { colour: 'grey', label: label || status };
  return { colour: colours[status], label: label || uploadStatusLabels[status] };
}

/** One file of an upload being validated, as its status table shows it. */
export interface ValidatingFile {
  /** What the file is, such as 'Waiting list file'. */
  label: string;
  fileName: string;
  status: FileStatus;
}

/** docs/requirements.md §4: polling goes on while any file is still being validated (or nothing is known yet). */
export const anyStillValidating = (files: readonly { status: FileStatus }[] | undefined): boolean =>
  !files || files.some((file) => file.status === 'VALIDATING');

/** One sentence for the live region, so that a screen reader hears each file's status change. */
export const filesAnnouncement = (files: readonly ValidatingFile[]): string =>
  files.map((file) => `${file.label}: ${uploadStatusLabels[file.status].toLowerCase()}.`).join(' ');

/** What became of an upload once it was decided: it can be neither confirmed nor cancelled again. */
export const decidedStatuses: readonly BatchStatus[] = ['IMPORTED', 'CANCELLED', 'EXPIRED'];

export const isDecided = (status: BatchStatus | undefined): boolean =>
  status !== undefined && decidedStatuses.includes(status);
