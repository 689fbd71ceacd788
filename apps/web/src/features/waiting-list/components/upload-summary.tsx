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
  const confirmDisabled = isConfirmDisabled(summary) || busy !== null;
  const bothRead =
    summary.waiting_list_result.status !== 'FAILED' && summary.blood_test_result.status !== 'FAILED';
  const alreadyDecided = decidedStatuses.includes(summary.batchStatus);
  return (
    <>
      <h2>Confirm Upload Summary</h2>
      <FileSummary
        file="waitingList"
        result={waitingList.waiting_list_result}
        pageNumber={pages.waitingList}
        pageSize={waitingList.pageSize}
        onPage={(page) => onPage('waitingList', page)}
        hrefFor={(page) => hrefFor('waitingList', page)}
      />
      <FileSummary
        file="bloodTest"
        result={bloodTest.blood_test_result}
        pageNumber={pages.bloodTest}
        pageSize={bloodTest.pageSize}
        onPage={(page) => onPage('bloodTest', page)}
        hrefFor={(page) => hrefFor('bloodTest', page)}
      />
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
