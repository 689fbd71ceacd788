import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { importMessages, type ImportFileKind } from '@esr/contracts/waiting-list';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { InsetText } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCancelImport } from '../api/cancel-import';
import { useConfirmImport } from '../api/confirm-import';
import { useDownloadImportFile, type ImportDownload } from '../api/download-import-file';
import { useUploadStatus } from '../api/get-upload-status';
import { useValidationSummary } from '../api/get-validation-summary';
import { stillValidating } from '../lib/file-status';
import { readPage } from '../../../lib/page-param';
import { useProcedureType } from '../../../lib/procedure-type';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { FileSelectionForm, summaryItems } from './file-selection-form';
import { UnknownProcedure } from './unknown-procedure';
import { decidedStatuses, UploadSummary, type SummaryPages } from './upload-summary';
import { ValidationStatus } from './validation-status';

const pageParams: Record<keyof SummaryPages, string> = {
  waitingList: 'waitingListPage',
  bloodTest: 'bloodTestPage',
};

/** A decision the server refuses: its own words when it gives them (409/422), else the generic ones. */
function decisionProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return messages.internalServerError;
    if (error.body?.detail) return error.body.detail;
  }
  return messages.someError;
}

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
  const [problems, setProblems] = useState<ErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const report = (items: ErrorSummaryItem[]) => {
    setProblems(items);
    setAttempt((count) => count + 1);
  };

  // A new stage (files chosen, or back to choosing) moves focus to its heading, as a new page would.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownBatch = useRef(batchId);
  useEffect(() => {
    if (shownBatch.current === batchId) return;
    shownBatch.current = batchId;
    setProblems([]);
    (batchId ? statusHeadingRef : headingRef).current?.focus();
  }, [batchId]);

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <ErrorSummary errors={problems} attempt={attempt} />
        <h1 className="app-focus-target" ref={headingRef} tabIndex={-1}>
          {name && (
            <span className="nhsuk-caption-l">
              {name}
              <span className="nhsuk-u-visually-hidden"> - </span>
            </span>
          )}
          Upload files
        </h1>
        {batchId ? (
          <Validation
            key={batchId}
            trust={trust}
            type={type}
            batchId={batchId}
            headingRef={statusHeadingRef}
            params={params}
            setParams={setParams}
            onProblem={(text) => report([{ text }])}
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
                onProblems={(errors) => report(summaryItems(errors))}
                onAccepted={(id) => setParams(new URLSearchParams({ batchId: id }), { replace: true })}
              />
            </div>
          </div>
        )}
      </div>
    </div>
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

  const doConfirm = async () => {
    try {
      await confirm.mutateAsync(batchId);
      onConfirmed();
    } catch (error) {
      onProblem(decisionProblem(error));
    }
  };
  const doCancel = async () => {
    const summary = waitingListSummary.data;
    if (summary && decidedStatuses.includes(summary.batchStatus)) return onRestart();
    try {
      await cancel.mutateAsync(batchId);
      onRestart();
    } catch (error) {
      // Already gone (expired, decided elsewhere): there is nothing left to cancel.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) onRestart();
      else onProblem(decisionProblem(error));
    }
  };

  const notFound = status.error instanceof ApiError && status.error.status === 404;
  return (
    <>
      <h2 className="app-focus-target" ref={headingRef} tabIndex={-1}>
        Validation status
      </h2>
      {notFound ? (
        <>
          <InsetText>
            <p>{importMessages.batchNotFound}.</p>
          </InsetText>
          <Button variant="secondary" onClick={onRestart}>
            Upload new files
          </Button>
        </>
      ) : (
        <ListStatus
          isLoading={status.isLoading}
          isError={status.isError}
          isEmpty={false}
          onRetry={() => void status.refetch()}
        />
      )}
      {status.data && <ValidationStatus status={status.data} />}
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
          onConfirm={() => void doConfirm()}
          onCancel={() => void doCancel()}
          onDownload={(file, what) => void doDownload(file, what)}
          downloading={downloading}
        />
      )}
    </>
  );
}
