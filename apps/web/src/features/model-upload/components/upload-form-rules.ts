import { messages } from '@esr/contracts/messages';
import { ApiError } from '../../../lib/api-client';

export type UploadField = 'procedure' | 'modelFile' | 'wrapperFile';
export type UploadErrors = Partial<Record<UploadField | 'form', string>>;

const isPkl = (file: { name: string }) => file.name.toLowerCase().endsWith('.pkl');

/** docs/requirements.md §5: type of operation and both files required; .pkl only. */
export function validateUpload(values: {
  procedure: string;
  modelFile: File | null;
  wrapperFile: File | null;
}): UploadErrors {
  const errors: UploadErrors = {};
  if (!values.procedure) errors.procedure = 'Select the type of operation';
  if (!values.modelFile) errors.modelFile = 'Select a model file';
  else if (!isPkl(values.modelFile)) errors.modelFile = 'The model file must be a .pkl file';
  if (!values.wrapperFile) errors.wrapperFile = 'Select a wrapper file';
  else if (!isPkl(values.wrapperFile)) errors.wrapperFile = 'The wrapper file must be a .pkl file';
  return errors;
}

/** docs/requirements.md §5, §8: server field errors go under their fields; other failures get the generic texts. */
export function uploadErrorsFrom(error: unknown): UploadErrors {
  if (error instanceof ApiError) {
    const fields = error.body?.errors ?? {};
    const mapped: UploadErrors = {};
    if (fields.modelFile?.length) mapped.modelFile = fields.modelFile.join(' ');
    if (fields.wrapperFile?.length) mapped.wrapperFile = fields.wrapperFile.join(' ');
    const other = Object.entries(fields)
      .filter(([key]) => key !== 'modelFile' && key !== 'wrapperFile')
      .flatMap(([, list]) => list);
    if (other.length > 0) mapped.form = other.join(' ');
    if (Object.keys(mapped).length > 0) return mapped;
    if (error.status === 400 || error.status === 403 || error.status === 404)
      return { form: error.body?.detail ?? messages.someError };
    if (error.status >= 500) return { form: messages.internalServerError };
  }
  return { form: messages.someError };
}
