import { useState, type ChangeEvent, type FormEvent } from 'react';
import { messages } from '@esr/contracts/messages';
import { importFileExtensions } from '@esr/contracts/waiting-list';
import type { UploadProgress } from '../lib/api-client';
import {
  checkImportFile,
  maxFileMegabytes,
  progressAnnouncement,
  progressPercent,
  progressText,
  type FileUploadErrors,
} from '../lib/upload-form';
import { Button } from './button';
import type { ErrorSummaryItem } from './error-summary';
import { FileInput } from './form-fields';

/** One file of an upload form: the multipart field it is sent as, its input's id, and its label. */
export interface FileField<Field extends string> {
  field: Field;
  id: string;
  label: string;
}

const accept = importFileExtensions.join(',');
export const importFileHint = `A CSV, XLSX or XLS file, up to ${maxFileMegabytes} MB`;

/** The error summary's lines: each file's message linking to its picker, in the form's order, then the rest. */
export function fileErrorSummaryItems<Field extends string>(
  fields: readonly FileField<Field>[],
  errors: FileUploadErrors<Field>,
): ErrorSummaryItem[] {
  return [
    ...fields.flatMap(({ field, id }) => {
      const text = errors[field];
      return text ? [{ text, fieldId: id }] : [];
    }),
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
 * docs/requirements.md §2, §5 file selection, for any import: a file input for each of `fields`
 * (csv, xlsx, xls), Continue only once every file is chosen (`chooseAll` says so until then); each
 * file is checked before it is sent, the upload shows its progress, and the server's refusal
 * (`errorsFrom`) goes under each file or at the top. `send` uploads the chosen files and answers
 * the batch to follow.
 */
export function FileUploadForm<Field extends string>({
  fields,
  chooseAll,
  sending,
  send,
  errorsFrom,
  onProblems,
  onAccepted,
}: {
  fields: readonly FileField<Field>[];
  chooseAll: string;
  /** The upload is on its way. */
  sending: boolean;
  send: (
    files: Record<Field, File>,
    onProgress: (progress: UploadProgress) => void,
  ) => Promise<{ batchId: string }>;
  errorsFrom: (error: unknown) => FileUploadErrors<Field>;
  onProblems: (errors: FileUploadErrors<Field>) => void;
  onAccepted: (batchId: string) => void;
}) {
  const [files, setFiles] = useState<Partial<Record<Field, File>>>({});
  const [errors, setErrors] = useState<FileUploadErrors<Field>>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const report = (found: FileUploadErrors<Field>) => {
    setErrors(found);
    onProblems(found);
  };
  const chosen = (current: Partial<Record<Field, File>>): current is Record<Field, File> =>
    fields.every(({ field }) => current[field]);

  const choose = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFiles((current) => {
      const next = { ...current };
      if (file) next[field] = file;
      else delete next[field];
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen(files) || sending) return;
    const problems: Record<string, string> = {};
    for (const { field } of fields) {
      const problem = checkImportFile(files[field]);
      if (problem) problems[field] = problem;
    }
    report(problems as FileUploadErrors<Field>);
    if (Object.keys(problems).length > 0) return;
    setProgress({ loaded: 0, total: 0 });
    try {
      const accepted = await send(files, setProgress);
      onAccepted(accepted.batchId);
    } catch (error) {
      report(errorsFrom(error));
    } finally {
      setProgress(null);
    }
  };

  const selection = (file: File | undefined) => (file ? `Selected: ${file.name}` : messages.noFileSelected);
  const ready = chosen(files) && !sending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {fields.map(({ field, id, label }) => (
        <FileInput
          key={field}
          id={id}
          name={field}
          label={label}
          hint={importFileHint}
          accept={accept}
          error={errors[field]}
          selection={selection(files[field])}
          disabled={sending}
          onChange={choose(field)}
        />
      ))}
      {sending && <Progress progress={progress} />}
      {!ready && !sending && <p className="nhsuk-body-s">{chooseAll}</p>}
      <Button type="submit" disabled={!ready} aria-disabled={!ready}>
        Continue
      </Button>
    </form>
  );
}
