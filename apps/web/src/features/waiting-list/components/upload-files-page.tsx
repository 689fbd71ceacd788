import { useState } from 'react';
import { importMessages, type ImportFileKind } from '@esr/contracts/waiting-list';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { BatchStatusHeading, UploadStagesPage, type FollowedBatch } from '../../../components/upload-stage';
import { ListStatus } from '../../../components/list-status';
import { ValidationStatus } from '../../../components/validation-status';
import { paths } from '../../../config/paths';
import { decisionProblem, uploadDecisions } from '../../../lib/upload-form';
import { useCancelImport } from '../api/cancel-import';
import { useConfirmImport } from '../api/confirm-import';
import { useDownloadImportFile, type ImportDownload } from '../api/download-import-file';
import { useUploadStatus } from '../api/get-upload-status';
import { useValidationSummary } from '../api/get-validation-summary';
import { listFiles, stillValidating } from '../lib/file-status';
import {
  archiveCountFieldId,
  archiveCountProblem,
  archiveCountRefusal,
  readArchiveCount,
} from '../lib/archive-count';
import { readPage } from '../../../lib/page-param';
import { useProcedureType } from '../../../lib/procedure-type';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { FileSelectionForm, summaryItems } from './file-selection-form';
import { UnknownProcedure } from './unknown-procedure';
import { UploadSummary, type SummaryPages } from './upload-summary';

const pageParams: Record<keyof SummaryPages, string> = {
  waitingList: 'waitingListPage',
  bloodTest: 'bloodTestPage',
};

/**
 * docs/requirements.md §2 …/upload: choose the two files, follow their validation, then confirm or cancel. The
 * batch being followed is kept in the address (?batchId=), so a reload or a shared link returns
 * to the same upload rather than losing it.
 */
export function UploadFilesPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownProcedure />;
  return <UploadFiles type={type} name={name} />;
}

function UploadFiles({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  return (
    <UploadStagesPage
      title="Upload files"
      caption={name}
      completePath={(batchId) => paths.uploadPatientListComplete(type, batchId)}
      choose={({ report, onAccepted }) => (
        <>
          <p>
            Choose the waiting list file and the blood test file. Both are checked before you are asked to
            confirm the upload.
          </p>
          <FileSelectionForm
            trust={trust}
            type={type}
            onProblems={(errors) => report(summaryItems(errors))}
            onAccepted={onAccepted}
          />
        </>
      )}
      follow={(batch) => <Validation trust={trust} type={type} batch={batch} />}
    />
  );
}

/** A file of the upload, or its errors, downloaded; which is on its way, and the problem if it fails. */
function useFileDownload(
  trust: string,
  type: ProcedureCode,
  batchId: string,
  onProblem: (text: string) => void,
) {
  const download = useDownloadImportFile(trust, type, batchId);
  const [downloading, setDownloading] = useState<{ file: ImportFileKind; download: ImportDownload } | null>(
    null,
  );
  const doDownload = async (file: ImportFileKind, what: ImportDownload) => {
    setDownloading({ file, download: what });
    try {
      await download.mutateAsync({ download: what, file });
    } catch {
      onProblem(importMessages.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, doDownload };
}

function Validation({ trust, type, batch }: { trust: string; type: ProcedureCode; batch: FollowedBatch }) {
  const { batchId, params, setParams, onProblem } = batch;
  const status = useUploadStatus(trust, type, batchId);
  const validated = Boolean(status.data) && !stillValidating(status.data);
  const pages: SummaryPages = {
    waitingList: readPage(params.get(pageParams.waitingList)),
    bloodTest: readPage(params.get(pageParams.bloodTest)),
  };
  const waitingListSummary = useValidationSummary(trust, type, batchId, pages.waitingList, validated);
  const bloodTestSummary = useValidationSummary(trust, type, batchId, pages.bloodTest, validated);
  const confirm = useConfirmImport(trust, type);
  const cancel = useCancelImport(trust, type);
  const { downloading, doDownload } = useFileDownload(trust, type, batchId, onProblem);
  const busy = confirm.isPending ? 'confirm' : cancel.isPending ? 'cancel' : null;
  // The number archived, typed when the summary warns of it (docs/decisions/0053-archive-warning-on-confirm.md).
  const [typedCount, setTypedCount] = useState('');
  const [countError, setCountError] = useState<string | undefined>(undefined);
  const archiveWarning = waitingListSummary.data?.archiveWarning ?? null;

  const withPage = (file: keyof SummaryPages, page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set(pageParams[file], String(page));
    else next.delete(pageParams[file]);
    return next;
  };

  // Cancel as every upload cancels; Confirm below, for the number it may need.
  const decisions = uploadDecisions({
    ...batch,
    batchStatus: waitingListSummary.data?.batchStatus,
    confirm: (id) => confirm.mutateAsync({ batchId: id }),
    cancel: cancel.mutateAsync,
  });
  const countProblem = (text: string) => {
    setCountError(text);
    batch.onProblems([{ text, fieldId: archiveCountFieldId }]);
  };
  // The number is checked here first, so that a missing or mistyped one is said at once; the server
  // checks it again against the list as it is when the confirm arrives.
  const confirmUpload = async () => {
    if (archiveWarning) {
      const problem = archiveCountProblem(typedCount, archiveWarning.archived);
      if (problem) return countProblem(problem);
    }
    setCountError(undefined);
    try {
      await confirm.mutateAsync({
        batchId,
        archiveCount: archiveWarning ? readArchiveCount(typedCount) : undefined,
      });
      batch.onConfirmed();
    } catch (error) {
      const refusal = archiveCountRefusal(error);
      if (!refusal) return batch.onProblem(decisionProblem(error));
      // The list is not as the summary said: read again, it shows the warning and the number now.
      countProblem(refusal);
      void waitingListSummary.refetch();
    }
  };

  return (
    <>
      <BatchStatusHeading batch={batch} query={status} restartLabel="Upload new files" />
      {status.data && <ValidationStatus files={listFiles(status.data)} />}
      {validated && (
        <ListStatus
          isLoading={waitingListSummary.isLoading || bloodTestSummary.isLoading}
          isError={waitingListSummary.isError || bloodTestSummary.isError}
          isEmpty={false}
          onRetry={() => {
            void waitingListSummary.refetch();
            void bloodTestSummary.refetch();
          }}
        />
      )}
      {validated && waitingListSummary.data && bloodTestSummary.data && (
        <UploadSummary
          waitingList={waitingListSummary.data}
          bloodTest={bloodTestSummary.data}
          pages={pages}
          onPage={(file, page) => setParams(withPage(file, page))}
          hrefFor={(file, page) => `?${withPage(file, page).toString()}`}
          type={type}
          busy={busy}
          onConfirm={() => void confirmUpload()}
          onCancel={() => void decisions.cancel()}
          onDownload={(file, what) => void doDownload(file, what)}
          downloading={downloading}
          archiveCount={{ value: typedCount, error: countError, onChange: setTypedCount }}
        />
      )}
    </>
  );
}
