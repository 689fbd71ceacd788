import { formFailureOf } from '../lib/failure-text';

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
  const { fieldErrors, message } = formFailureOf(error, ['modelFile', 'wrapperFile'] as const);
  return { ...fieldErrors, ...(message && { form: message }) };
}
