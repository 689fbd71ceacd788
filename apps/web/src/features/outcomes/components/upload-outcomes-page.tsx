import type { ProcedureCode } from '@esr/contracts/procedures';
import { outcomesUploadField } from '@esr/contracts/outcomes';
import { fileErrorSummaryItems, FileUploadForm, type FileField } from '../../../components/file-upload-form';
import { QueryStatus } from '../../../components/list-status';
import { BatchStatusHeading, UploadStagesPage, type FollowedBatch } from '../../../components/upload-stage';
import { ValidationStatus } from '../../../components/validation-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { readPage } from '../../../lib/page-param';
import { useProcedureType } from '../../../lib/procedure-type';
import { fileUploadErrorsFrom, uploadDecisions } from '../../../lib/upload-form';
import { useDecideOutcomesImport } from '../api/decide-outcomes-import';
import { useOutcomesUploadStatus } from '../api/get-outcomes-upload-status';
import { useOutcomesValidationSummary } from '../api/get-outcomes-validation-summary';
import { useUploadOutcomesFile } from '../api/upload-outcomes-file';
import { outcomesServiceBusy, statusFiles, stillValidating } from '../lib/outcomes-summary';
import { OutcomesSummary } from './outcomes-summary';
import { UnknownProcedure } from './unknown-procedure';

/** The page of the summary's rows with errors, kept in the address with the batch. */
const pageParam = 'page';

/** The one file of the form (csv, xlsx, xls); its error summary links to its picker. */
const fileFields: readonly FileField<typeof outcomesUploadField>[] = [
  { field: outcomesUploadField, id: 'outcomes-file', label: 'Outcomes file' },
];

/** A 400's errors under the file, a 409 the busy service, anything else at the top. */
const errorsFrom = (error: unknown) =>
  fileUploadErrorsFrom(error, [outcomesUploadField], outcomesServiceBusy);

/**
 * Decision 0045 /outcomes/{type}/upload: choose the outcomes file, follow its validation, then
 * confirm or cancel it, as a patient list's upload goes (docs/requirements.md §2 …/upload). The
 * batch followed is kept in the address (?batchId=), so a reload returns to the same upload.
 */
export function UploadOutcomesPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownProcedure />;
  return <UploadOutcomes type={type} name={name} />;
}

function UploadOutcomes({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const upload = useUploadOutcomesFile(trust, type);
  return (
    <UploadStagesPage
      title="Upload outcomes file"
      caption={name}
      completePath={(batchId) => paths.outcomesComplete(type, batchId)}
      choose={({ report, onAccepted }) => (
        <>
          <p>
            Choose the outcomes file. It is checked, and you see what was found, before you are asked to
            confirm it.
          </p>
          <FileUploadForm
            fields={fileFields}
            chooseAll="Choose the outcomes file to continue."
            sending={upload.isPending}
            send={(files, onProgress) => upload.mutateAsync({ file: files.outcomesFile, onProgress })}
            errorsFrom={errorsFrom}
            onProblems={(errors) => report(fileErrorSummaryItems(fileFields, errors))}
            onAccepted={onAccepted}
          />
        </>
      )}
      follow={(batch) => <OutcomesValidation trust={trust} type={type} batch={batch} />}
    />
  );
}

/** The file's validation status, polled until it is done, then its summary with Confirm and Cancel. */
function OutcomesValidation({
  trust,
  type,
  batch,
}: {
  trust: string;
  type: ProcedureCode;
  batch: FollowedBatch;
}) {
  const status = useOutcomesUploadStatus(trust, type, batch.batchId);
  const validated = Boolean(status.data) && !stillValidating(status.data);
  const pageNumber = readPage(batch.params.get(pageParam));
  const summary = useOutcomesValidationSummary(trust, type, {
    batchId: batch.batchId,
    pageNumber,
    validated,
  });
  const { confirm, cancel } = useDecideOutcomesImport(trust, type);
  const decisions = uploadDecisions({
    ...batch,
    batchStatus: summary.data?.batchStatus,
    confirm: confirm.mutateAsync,
    cancel: cancel.mutateAsync,
  });
  const atPage = (page: number) => {
    const next = new URLSearchParams(batch.params);
    if (page > 1) next.set(pageParam, String(page));
    else next.delete(pageParam);
    return next;
  };
  return (
    <>
      <BatchStatusHeading batch={batch} query={status} restartLabel="Upload a new file" />
      {status.data && <ValidationStatus files={statusFiles(status.data)} />}
      {validated && <QueryStatus query={summary} />}
      {validated && summary.data && (
        <OutcomesSummary
          summary={summary.data}
          pageNumber={pageNumber}
          onPage={(page) => batch.setParams(atPage(page))}
          hrefFor={(page) => `?${atPage(page).toString()}`}
          busy={confirm.isPending ? 'confirm' : cancel.isPending ? 'cancel' : null}
          onConfirm={() => void decisions.confirm()}
          onCancel={() => void decisions.cancel()}
        />
      )}
    </>
  );
}
