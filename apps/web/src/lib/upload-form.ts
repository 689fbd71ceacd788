import { messages } from '@esr/contracts/messages';
import {
  importFileExtensions,
  importFileMaxBytes,
  importMessages,
  type BatchStatus,
} from '@esr/contracts/waiting-list';
import { ApiError, isDetailForPeople, type UploadProgress } from './api-client';
import { isDecided } from './upload-status';

/**
 * An import's file upload (docs/requirements.md §5, §8), whatever the files: the waiting list and
 * its blood tests, or an outcomes file. What is checked before sending, the progress while it is
 * sent, and where the server's refusal is shown.
 */

/** A message under each file field, and one for the whole form. */
export type FileUploadErrors<Field extends string> = Partial<Record<Field, string>> & { form?: string };

export const maxFileMegabytes = importFileMaxBytes / (1024 * 1024);

/** How much of the request has been sent, 0 to 100; undefined while the size is not known. */
export function progressPercent(progress: UploadProgress | null): number | undefined {
  if (!progress || progress.total <= 0) return undefined;
  return Math.min(100, Math.max(0, Math.floor((progress.loaded / progress.total) * 100)));
}

/** The words beside the progress bar and in its live region, for example 'Uploading 45%'. */
export function progressText(progress: UploadProgress | null): string {
  const percent = progressPercent(progress);
  return percent === undefined ? 'Uploading' : `Uploading ${percent}%`;
}

/**
 * The live region speaks in quarters: announcing every percent would queue dozens of messages
 * in a screen reader while a large file is sent.
 */
export function progressAnnouncement(progress: UploadProgress | null): string {
  const percent = progressPercent(progress);
  return percent === undefined ? 'Uploading' : `Uploading ${Math.floor(percent / 25) * 25}%`;
}

/** docs/requirements.md §5: csv, xlsx or xls; the server's size limit is checked here too, to save a long upload. */
export function checkImportFile(file: { name: string; size: number }): string | undefined {
  const name = file.name.toLowerCase();
  if (!importFileExtensions.some((extension) => name.endsWith(extension)))
    return importMessages.wrongExtension;
  if (file.size === 0) return importMessages.emptyFile;
  if (file.size > importFileMaxBytes) return importMessages.fileTooLarge(maxFileMegabytes);
  return undefined;
}

/**
 * docs/requirements.md §5, §8: the server's 400 errors go under their file fields (`fields`); a 409
 * is the busy service (`busyMessage`); anything else is a message at the top.
 */
export function fileUploadErrorsFrom<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  busyMessage: string,
): FileUploadErrors<Field> {
  // Built as plain records: TypeScript cannot assign into a mapped type of an unknown Field.
  const only = (form: string) => ({ form }) as FileUploadErrors<Field>;
  if (!(error instanceof ApiError)) return only(messages.someError);
  const errors = error.body?.errors ?? {};
  const isField = (key: string) => (fields as readonly string[]).includes(key);
  const mapped: Record<string, string> = {};
  for (const field of fields) if (errors[field]?.length) mapped[field] = errors[field].join(' ');
  const other = Object.entries(errors)
    .filter(([key]) => !isField(key))
    .flatMap(([, list]) => list);
  if (other.length > 0) mapped.form = other.join(' ');
  if (Object.keys(mapped).length > 0) return mapped as FileUploadErrors<Field>;
  if (error.status === 409) return only(busyMessage);
  if (error.status === 413) return only(importMessages.fileTooLarge(maxFileMegabytes));
  if (isDetailForPeople(error.status) && error.body?.detail) return only(error.body.detail);
  if (error.status >= 500) return only(messages.internalServerError);
  return only(messages.someError);
}

/** A confirm or cancel the server refuses: its own words when it gives them (409/422), else the generic ones. */
export function decisionProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (isDetailForPeople(error.status) && error.body?.detail) return error.body.detail;
    if (error.status >= 500) return messages.internalServerError;
  }
  return messages.someError;
}

/**
 * Confirm and cancel of the upload being followed (`batchId`), the same for every import: a refused
 * confirm is said at the top; a cancel of an upload already decided (`batchStatus`), gone (404) or
 * decided elsewhere (409) just starts again, as there is nothing left to cancel.
 */
export function uploadDecisions({
  batchId,
  batchStatus,
  confirm,
  cancel,
  onConfirmed,
  onRestart,
  onProblem,
}: {
  batchId: string;
  /** The upload's status as its summary gives it, once it is known. */
  batchStatus: BatchStatus | undefined;
  confirm: (batchId: string) => Promise<unknown>;
  cancel: (batchId: string) => Promise<unknown>;
  onConfirmed: () => void;
  onRestart: () => void;
  onProblem: (text: string) => void;
}) {
  return {
    confirm: async () => {
      try {
        await confirm(batchId);
        onConfirmed();
      } catch (error) {
        onProblem(decisionProblem(error));
      }
    },
    cancel: async () => {
      if (isDecided(batchStatus)) return onRestart();
      try {
        await cancel(batchId);
        onRestart();
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) onRestart();
        else onProblem(decisionProblem(error));
      }
    },
  };
}
