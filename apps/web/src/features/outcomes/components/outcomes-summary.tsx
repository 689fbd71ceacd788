import type { OutcomesValidationSummary } from '@esr/contracts/outcomes';
import { FileSummary } from '../../../components/file-summary';
import { UploadDecision } from '../../../components/upload-decision';
import { isDecided } from '../../../lib/upload-status';
import {
  blockedText,
  canConfirm,
  changesSentence,
  failedFileMessage,
  matchingSentence,
  outcomeFieldLabel,
  outcomesFileWords,
  unchangedSentence,
} from '../lib/outcomes-summary';

/**
 * Decision 0045: an outcomes file's summary: the file's result as the waiting list's files show
 * theirs (totals, columns, the rows with errors paged by the server, the warnings by kind), how
 * its rows match the pathways, and what confirming will do; then Confirm and record outcomes, only
 * for a validated file without errors, and Cancel upload.
 */
export function OutcomesSummary({
  summary,
  pageNumber,
  onPage,
  hrefFor,
  busy,
  onConfirm,
  onCancel,
}: {
  summary: OutcomesValidationSummary;
  pageNumber: number;
  onPage: (page: number) => void;
  hrefFor: (page: number) => string;
  busy: 'confirm' | 'cancel' | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const result = summary.outcomes_result;
  const decided = isDecided(summary.batchStatus);
  const unchanged = summary.changes && unchangedSentence(summary.changes);
  return (
    <>
      <h2>Upload summary</h2>
      <FileSummary
        id="outcomes"
        words={outcomesFileWords}
        result={result}
        failedMessage={failedFileMessage(result.error)}
        labelOf={outcomeFieldLabel}
        pageNumber={pageNumber}
        pageSize={summary.pageSize}
        onPage={onPage}
        hrefFor={hrefFor}
      />
      {result.status !== 'FAILED' && (
        <section aria-labelledby="outcomes-matching-title">
          <h3 id="outcomes-matching-title">Matching the outcomes to patients</h3>
          <p>{matchingSentence(summary)}</p>
        </section>
      )}
      {summary.changes && !decided && (
        <section aria-labelledby="outcomes-changes-title">
          <h3 id="outcomes-changes-title">What confirming will do</h3>
          <p>{changesSentence(summary.changes)}</p>
          {unchanged && <p>{unchanged}</p>}
          <p>Earlier outcomes are kept in each patient&apos;s history.</p>
        </section>
      )}
      <UploadDecision
        decided={decided}
        blocked={!canConfirm(summary)}
        blockedText={blockedText(summary)}
        blockedConfirm="hidden"
        busy={busy}
        labels={{
          confirm: 'Confirm and record outcomes',
          cancel: 'Cancel upload',
          restart: 'Upload a new file',
        }}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  );
}
