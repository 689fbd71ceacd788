import { useState, type FormEvent } from 'react';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { importFileExtensions, type ImportUploadField } from '@esr/contracts/waiting-list';
import { Button } from '../../../components/button';
import type { ErrorSummaryItem } from '../../../components/error-summary';
import { FileInput } from '../../../components/form-fields';
import type { UploadProgress } from '../../../lib/api-client';
import { useUploadPatientListFiles } from '../api/upload-patient-list-files';
import {
  checkImportFile,
  maxFileMegabytes,
  progressAnnouncement,
  progressPercent,
  progressText,
  uploadErrorsFrom,
  type UploadErrors,
} from '../lib/upload-form';

/** The two files, in the order of the form and of the error summary. */
const fileFields: readonly { field: ImportUploadField; id: string; label: string }[] = [
  { field: 'waitingListDataFile', id: 'waiting-list-file', label: 'Waiting list file' },
  { field: 'bloodTestDataFile', id: 'blood-test-file', label: 'Blood test file' },
];
const accept = importFileExtensions.join(',');
const hint = `A CSV, XLSX or XLS file, up to ${maxFileMegabytes} MB`;

/** The error summary's lines: each file's message linking to its picker, then the rest. */
export function summaryItems(errors: UploadErrors): ErrorSummaryItem[] {
  return [
    ...fileFields
      .filter(({ field }) => errors[field])
      .map(({ field, id }) => ({ text: errors[field]!, fieldId: id })),
    ...(errors.form ? [{ text: errors.form }] : []),
  ];
}

function Progress({ progress }: { progress: UploadProgress | null }) {
  const percent = progressPercent(progress);
  return (
    <div className="app-upload-progress">
      <p className="nhsuk-body nhsuk-u-margin-bottom-2">{progressText(progress)}</p>
      {/* Without a value the bar is indeterminate, until the browser knows the request's size. */}
      <progress max={100} value={percent} aria-label="Upload progress" />
      <p className="nhsuk-u-visually-hidden" role="status">
        {progressAnnouncement(progress)}
      </p>
    </div>
  );
}

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
  const [files, setFiles] = useState<Record<ImportUploadField, File | null>>({
    waitingListDataFile: null,
    bloodTestDataFile: null,
  });
  const [errors, setErrors] = useState<UploadErrors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useUploadPatientListFiles(trust, type);
  const sending = upload.isPending;
  const report = (found: UploadErrors) => {
    setErrors(found);
    onProblems(found);
  };

  const choose = (field: ImportUploadField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setFiles((current) => ({ ...current, [field]: file }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { waitingListDataFile, bloodTestDataFile } = files;
    if (!waitingListDataFile || !bloodTestDataFile || sending) return;
    const found: UploadErrors = {};
    const waitingListProblem = checkImportFile(waitingListDataFile);
    const bloodTestProblem = checkImportFile(bloodTestDataFile);
    if (waitingListProblem) found.waitingListDataFile = waitingListProblem;
    if (bloodTestProblem) found.bloodTestDataFile = bloodTestProblem;
    report(found);
    if (Object.keys(found).length > 0) return;
    setProgress({ loaded: 0, total: 0 });
    try {
      const accepted = await upload.mutateAsync({
        waitingListDataFile,
        bloodTestDataFile,
        onProgress: setProgress,
      });
      onAccepted(accepted.batchId);
    } catch (error) {
      report(uploadErrorsFrom(error));
    } finally {
      setProgress(null);
    }
  };

  const selection = (file: File | null) => (file ? `Selected: ${file.name}` : messages.noFileSelected);
  const ready = Boolean(files.waitingListDataFile && files.bloodTestDataFile) && !sending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {fileFields.map(({ field, id, label }) => (
        <FileInput
          key={field}
          id={id}
          name={field}
          label={label}
          hint={hint}
          accept={accept}
          error={errors[field]}
          selection={selection(files[field])}
          disabled={sending}
          onChange={choose(field)}
        />
      ))}
      {sending && <Progress progress={progress} />}
      {!ready && !sending && <p className="nhsuk-body-s">Choose both files to continue.</p>}
      <Button type="submit" disabled={!ready} aria-disabled={!ready}>
        Continue
      </Button>
    </form>
  );
}
