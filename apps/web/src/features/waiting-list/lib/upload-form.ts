import { messages } from '@esr/contracts/messages';
import { importUploadFields, type ImportUploadField } from '@esr/contracts/waiting-list';
import { fileUploadErrorsFrom, type FileUploadErrors } from '../../../lib/upload-form';

export type UploadErrors = FileUploadErrors<ImportUploadField>;

/**
 * docs/requirements.md §5, §8: the server's 400 errors go under the waiting list and blood test
 * files; a 409 is the busy service (docs/requirements.md §8 wording); anything else is a message at the top.
 */
export const uploadErrorsFrom = (error: unknown): UploadErrors =>
  fileUploadErrorsFrom(error, importUploadFields, messages.serviceBusy);
