import type { ProcedureCode } from '@esr/contracts/procedures';
import type { ImportUploadField } from '@esr/contracts/waiting-list';
import type { ErrorSummaryItem } from '../../../components/error-summary';
import { fileErrorSummaryItems, FileUploadForm, type FileField } from '../../../components/file-upload-form';
import { useUploadPatientListFiles } from '../api/upload-patient-list-files';
import { uploadErrorsFrom, type UploadErrors } from '../lib/upload-form';

/** The two files, in the order of the form and of the error summary. */
const fileFields: readonly FileField<ImportUploadField>[] = [
  { field: 'waitingListDataFile', id: 'waiting-list-file', label: 'Waiting list file' },
  { field: 'bloodTestDataFile', id: 'blood-test-file', label: 'Blood test file' },
];

/** The error summary's lines: each file's message linking to its picker, then the rest. */
export const summaryItems = (errors: UploadErrors): ErrorSummaryItem[] =>
  fileErrorSummaryItems(fileFields, errors);

/**
 * docs/requirements.md §2, §5 file selection: the waiting list and blood test files (csv, xlsx, xls), Continue
 * only once both are chosen; the upload shows its progress; server errors go under each file.
 */
export function FileSelectionForm({
  trust,
  type,
  onProblems,
  onAccepted,
}: {
  trust: string;
  type: ProcedureCode;
  onProblems: (errors: UploadErrors) => void;
  onAccepted: (batchId: string) => void;
}) {
  const upload = useUploadPatientListFiles(trust, type);
  return (
    <FileUploadForm
      fields={fileFields}
      chooseAll="Choose both files to continue."
      sending={upload.isPending}
      send={(files, onProgress) => upload.mutateAsync({ ...files, onProgress })}
      errorsFrom={uploadErrorsFrom}
      onProblems={onProblems}
      onAccepted={onAccepted}
    />
  );
}
