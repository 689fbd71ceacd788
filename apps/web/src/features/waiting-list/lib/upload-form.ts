import { messages } from '@esr/contracts/messages';
import {
  importFileExtensions,
  importFileMaxBytes,
  importMessages,
  type ImportUploadField,
} from '@esr/contracts/waiting-list';
import { ApiError, type UploadProgress } from '../../../lib/api-client';

export type UploadErrors = Partial<Record<ImportUploadField | 'form', string>>;

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
 * docs/requirements.md §5, §8: the server's 400 errors go under their file; a 409 is the busy service (docs/requirements.md §8
 * wording); anything else is a message at the top.
 */
export function uploadErrorsFrom(error: unknown): UploadErrors {
  if (!(error instanceof ApiError)) return { form: messages.someError };
  const fields = error.body?.errors ?? {};
  const mapped: UploadErrors = {};
  if (fields.waitingListDataFile?.length) mapped.waitingListDataFile = fields.waitingListDataFile.join(' ');
  if (fields.bloodTestDataFile?.length) mapped.bloodTestDataFile = fields.bloodTestDataFile.join(' ');
  const other = Object.entries(fields)
    .filter(([key]) => key !== 'waitingListDataFile' && key !== 'bloodTestDataFile')
    .flatMap(([, list]) => list);
  if (other.length > 0) mapped.form = other.join(' ');
  if (Object.keys(mapped).length > 0) return mapped;
  if (error.status === 409) return { form: messages.serviceBusy };
  if (error.status === 413) return { form: importMessages.fileTooLarge(maxFileMegabytes) };
  if (error.status >= 500) return { form: messages.internalServerError };
  return { form: error.body?.detail ?? messages.someError };
}
