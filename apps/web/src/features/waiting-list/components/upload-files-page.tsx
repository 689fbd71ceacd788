import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { importMessages, type ImportFileKind } from '@esr/contracts/waiting-list';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { isDecided } from '../../../components/upload-decision';
import { BatchStatusHeading, UploadStagePage, useUploadStages } from '../../../components/upload-stage';
import { ListStatus } from '../../../components/list-status';
import { ValidationStatus } from '../../../components/validation-status';
import { paths } from '../../../config/paths';
import { uploadDecisions } from '../../../lib/upload-form';
import { useCancelImport } from '../api/cancel-import';
import { useConfirmImport } from '../api/confirm-import';
import { useDownloadImportFile, type ImportDownload } from '../api/download-import-file';
import { useUploadStatus } from '../api/get-upload-status';
import { useValidationSummary } from '../api/get-validation-summary';
import { listFiles, stillValidating } from '../lib/file-status';
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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batchId') ?? '';
  const stages = useUploadStages(batchId);

  return (
    <UploadStagePage stages={stages} title="Upload files" caption={name}>
      {batchId ? (
        <Validation
          key={batchId}
          trust={trust}
          type={type}
          batchId={batchId}
          headingRef={stages.statusHeadingRef}
          params={params}
          setParams={setParams}
          onProblem={(text) => stages.report([{ text }])}
          onConfirmed={() => void navigate(paths.uploadPatientListComplete(type, batchId))}
          onRestart={() => setParams(new URLSearchParams())}
        />
      ) : (
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-two-thirds">
            <p>
              Choose the waiting list file and the blood test file. Both are checked before you are asked to
              confirm the upload.
            </p>
            <FileSelectionForm
              trust={trust}
              type={type}
              onProblems={(errors) => stages.report(summaryItems(errors))}
              onAccepted={(id) => setParams(new URLSearchParams({ batchId: id }), { replace: true })}
            />
          </div>
        </div>
      )}
    </UploadStagePage>
  );
}

function Validation({
  trust,
  type,
  batchId,
  headingRef,
  params,
  setParams,
  onProblem,
  onConfirmed,
  onRestart,
}: {
  trust: string;
  type: ProcedureCode;
  batchId: string;
  headingRef: React.Ref<HTMLHeadingElement>;
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
  onProblem: (text: string) => void;
  onConfirmed: () => void;
  onRestart: () => void;
}) {
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
  const busy = confirm.isPending ? 'confirm' : cancel.isPending ? 'cancel' : null;

  const withPage = (file: keyof SummaryPages, page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set(pageParams[file], String(page));
    else next.delete(pageParams[file]);
    return next;
  };

  const decisions = uploadDecisions({
    confirm: () => confirm.mutateAsync(batchId),
    cancel: () => cancel.mutateAsync(batchId),
    decided: Boolean(waitingListSummary.data && isDecided(waitingListSummary.data.batchStatus)),
    onConfirmed,
    onRestart,
    onProblem,
  });

  return (
    <>
      <BatchStatusHeading
        headingRef={headingRef}
        query={status}
        restartLabel="Upload new files"
        onRestart={onRestart}
      />
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
          onConfirm={() => void decisions.confirm()}
          onCancel={() => void decisions.cancel()}
          onDownload={(file, what) => void doDownload(file, what)}
          downloading={downloading}
        />
      )}
    </>
  );
}
