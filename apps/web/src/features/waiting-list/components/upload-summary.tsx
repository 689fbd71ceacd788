import { Link } from 'react-router';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { importMessages, type ImportFileKind, type ValidationSummary } from '@esr/contracts/waiting-list';
import { SummaryList } from '../../../components/content';
import { FileSummary, type FileSummaryWords } from '../../../components/file-summary';
import { UploadDecision } from '../../../components/upload-decision';
import { paths } from '../../../config/paths';
import { isDecided } from '../../../lib/upload-status';
import type { ImportDownload } from '../api/download-import-file';
import { isConfirmDisabled } from '../lib/confirm-rule';
import { changeLines, failedFileMessage, matchingLines } from '../lib/validation-summary';
import { ArchiveCountField, ArchiveWarningCallout } from './archive-warning';

export interface SummaryPages {
  waitingList: number;
  bloodTest: number;
}

/** The number typed to confirm an upload the summary warns of (decision 0053), and its error. */
export interface ArchiveCountInput {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

const warnings =
  'Rows with warnings are imported. Check the values, and correct them later if they are wrong.';

/** How the summary speaks of each file. */
const words: Record<ImportFileKind, FileSummaryWords> = {
  waitingList: {
    title: 'Waiting list file',
    noun: 'waiting list',
    rowsWithErrors: importMessages.rowsWithErrors,
    warnings,
  },
  bloodTest: {
    title: 'Blood test file',
    noun: 'blood test',
    rowsWithErrors: importMessages.rowsWithErrors,
    warnings,
  },
};

interface UploadSummaryProps {
  type: ProcedureCode;
  /** The summary at the waiting list's page of invalid rows. */
  waitingList: ValidationSummary;
  /** The summary at the blood test file's page (the same answer when the pages agree). */
  bloodTest: ValidationSummary;
  pages: SummaryPages;
  onPage: (file: keyof SummaryPages, page: number) => void;
  hrefFor: (file: keyof SummaryPages, page: number) => string;
  busy: 'confirm' | 'cancel' | null;
  onConfirm: () => void;
  onCancel: () => void;
  onDownload: (file: ImportFileKind, download: ImportDownload) => void;
  /** The download in progress, if one is. */
  downloading: { file: ImportFileKind; download: ImportDownload } | null;
  archiveCount: ArchiveCountInput;
}

/**
 * docs/requirements.md §2 "Confirm Upload Summary" with Cancel and Confirm; docs/requirements.md §4 decides when Confirm is
 * disabled. Each file's invalid rows are paged on their own, each page asked of the server. An
 * upload that would take a large share of the list off it is warned of, and Confirm asks for the
 * number archived (docs/decisions/0053-archive-warning-on-confirm.md).
 */
export function UploadSummary({
  type,
  waitingList,
  bloodTest,
  pages,
  onPage,
  hrefFor,
  busy,
  onConfirm,
  onCancel,
  onDownload,
  downloading,
  archiveCount,
}: UploadSummaryProps) {
  const summary = waitingList;
  // Each file's result, from the summary at that file's page of invalid rows.
  const files = [
    { file: 'waitingList', result: waitingList.waiting_list_result, pageSize: waitingList.pageSize },
    { file: 'bloodTest', result: bloodTest.blood_test_result, pageSize: bloodTest.pageSize },
  ] as const;
  const bothRead =
    summary.waiting_list_result.status !== 'FAILED' && summary.blood_test_result.status !== 'FAILED';
  const alreadyDecided = isDecided(summary.batchStatus);
  const archiveWarning = alreadyDecided ? null : summary.archiveWarning;
  return (
    <>
      <h2>Confirm Upload Summary</h2>
      {files.map(({ file, result, pageSize }) => (
        <FileSummary
          key={file}
          id={file}
          words={words[file]}
          result={result}
          failedMessage={failedFileMessage(file, result.error)}
          pageNumber={pages[file]}
          pageSize={pageSize}
          onPage={(page) => onPage(file, page)}
          hrefFor={(page) => hrefFor(file, page)}
          patientHref={(pathwayId) => paths.patientSummary(pathwayId, type)}
          downloads={{
            onDownload: (download) => onDownload(file, download),
            downloading: downloading?.file === file ? downloading.download : null,
            disabled: downloading !== null,
          }}
        />
      ))}
      {bothRead && (
        <section aria-labelledby="matching-title">
          <h3 id="matching-title">Matching the two files</h3>
          {matchingLines(summary).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      )}
      {summary.changes && !alreadyDecided && (
        <section aria-labelledby="changes-title">
          <h3 id="changes-title">What confirming will do</h3>
          <p>The new list replaces the current list for this type of operation.</p>
          {archiveWarning && <ArchiveWarningCallout warning={archiveWarning} />}
          <SummaryList
            rows={changeLines(summary.changes).map((line) => ({ key: line.label, value: line.count }))}
          />
          {summary.changes.archived > 0 && (
            <p>
              <Link className="nhsuk-link" to={paths.uploadPatientListToBeArchived(type, summary.batchId)}>
                See the patients who will be archived
              </Link>
            </p>
          )}
        </section>
      )}
      {archiveWarning && (
        <ArchiveCountField
          value={archiveCount.value}
          error={archiveCount.error}
          onChange={archiveCount.onChange}
          onSubmit={onConfirm}
        />
      )}
      <UploadDecision
        decided={alreadyDecided}
        blocked={isConfirmDisabled(summary)}
        blockedText={`${importMessages.notReadyToConfirm}. Cancel this upload, correct the files and upload them again.`}
        busy={busy}
        confirmVariant={archiveWarning ? 'warning' : 'primary'}
        labels={{ confirm: 'Confirm', cancel: 'Cancel', restart: 'Upload new files' }}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  );
}
