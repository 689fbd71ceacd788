import { importMessages, type ValidationSummary } from '@esr/contracts/waiting-list';
import { Button } from '../../../components/button';
import { InsetText } from '../../../components/content';
import { isConfirmDisabled } from '../lib/confirm-rule';
import { matchingLines } from '../lib/validation-summary';
import { FileSummary } from './file-summary';

export interface SummaryPages {
  waitingList: number;
  bloodTest: number;
}

export const decidedStatuses: readonly ValidationSummary['batchStatus'][] = [
  'IMPORTED',
  'CANCELLED',
  'EXPIRED',
];

/**
 * docs/requirements.md §2 "Confirm Upload Summary" with Cancel and Confirm; docs/requirements.md §4 decides when Confirm is
 * disabled. Each file's invalid rows are paged on their own, each page asked of the server.
 */
export function UploadSummary({
  waitingList,
  bloodTest,
  pages,
  onPage,
  hrefFor,
  busy,
  onConfirm,
  onCancel,
}: {
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
}) {
  const summary = waitingList;
  // Each file's result, from the summary at that file's page of invalid rows.
  const files = [
    { file: 'waitingList', result: waitingList.waiting_list_result, pageSize: waitingList.pageSize },
    { file: 'bloodTest', result: bloodTest.blood_test_result, pageSize: bloodTest.pageSize },
  ] as const;
  const confirmDisabled = isConfirmDisabled(summary) || busy !== null;
  const bothRead =
    summary.waiting_list_result.status !== 'FAILED' && summary.blood_test_result.status !== 'FAILED';
  const alreadyDecided = decidedStatuses.includes(summary.batchStatus);
  return (
    <>
      <h2>Confirm Upload Summary</h2>
      {files.map(({ file, result, pageSize }) => (
        <FileSummary
          key={file}
          file={file}
          result={result}
          pageNumber={pages[file]}
          pageSize={pageSize}
          onPage={(page) => onPage(file, page)}
          hrefFor={(page) => hrefFor(file, page)}
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
      {alreadyDecided ? (
        <InsetText>
          <p>{importMessages.alreadyDecided}</p>
        </InsetText>
      ) : (
        isConfirmDisabled(summary) && (
          <InsetText>
            <p>
              {importMessages.notReadyToConfirm}. Cancel this upload, correct the files and upload them again.
            </p>
          </InsetText>
        )
      )}
      <div className="app-button-group">
        {!alreadyDecided && (
          <Button disabled={confirmDisabled} aria-disabled={confirmDisabled} onClick={onConfirm}>
            {busy === 'confirm' ? 'Confirming...' : 'Confirm'}
          </Button>
        )}
        <Button variant="secondary" disabled={busy !== null} onClick={onCancel}>
          {alreadyDecided ? 'Upload new files' : 'Cancel'}
        </Button>
      </div>
    </>
  );
}
