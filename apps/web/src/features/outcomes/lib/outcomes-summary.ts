import { messages } from '@esr/contracts/messages';
import type {
  OutcomeChanges,
  OutcomesUploadStatus,
  OutcomesValidationSummary,
} from '@esr/contracts/outcomes';
import { importMessages } from '@esr/contracts/waiting-list';
import type { FileSummaryWords } from '../../../components/file-summary';
import { outcomeFieldLabels, outcomeMessages } from '@esr/contracts/outcomes';
import type { ValidatingFile } from '../../../lib/upload-status';
import { countOf, fieldLabel, fileBlocksConfirm, type FieldLabel } from '../../../lib/validation-summary';

/**
 * An outcomes file's upload (decision 0045) in words: its validation, what it matched, and what
 * its confirm will do or did. The file, its checks and its summary are the waiting list's
 * (components/file-summary.tsx); the words are the outcomes'.
 */

/** Our wording, as the patient list's (docs/requirements.md §8), for the 409 of a busy service. */
export const outcomesServiceBusy = outcomeMessages.serviceBusy;

/** The outcomes file's fields in plain English; the patient's identifiers as the waiting list names them. */
export const outcomeFieldLabel: FieldLabel = (key) =>
  (outcomeFieldLabels as Record<string, string>)[key] ?? fieldLabel(key);

/** How the summary speaks of the file. */
export const outcomesFileWords: FileSummaryWords = {
  title: 'Outcomes file',
  noun: 'outcomes',
  rowsWithErrors:
    'No outcome in the file can be recorded until these rows are corrected. Correct them in the system the outcomes came from, then export the file again and upload it.',
  warnings:
    'Rows with warnings are recorded, except a row that matches no pathway on this list, which is skipped. Check the values, and correct them later if they are wrong.',
};

/** The file as the validation status table shows it. */
export const statusFiles = (status: OutcomesUploadStatus): ValidatingFile[] => [
  { label: 'Outcomes file', fileName: status.fileName, status: status.status },
];

/** docs/requirements.md §4: the status is asked again while the file or its batch is still being validated. */
export const stillValidating = (status: OutcomesUploadStatus | undefined): boolean =>
  !status || status.status === 'VALIDATING' || status.batchStatus === 'VALIDATING';

/** docs/requirements.md §8: 'Outcomes file validation failed.', then the server's error or 'Please re-upload the file.'. */
export const failedFileMessage = (error: string | null): string =>
  `Outcomes file validation failed. ${error || messages.reUpload}`;

/** Confirm is offered only for a validated upload whose file has no errors (the API's 409 and 422 otherwise). */
export const canConfirm = (summary: OutcomesValidationSummary): boolean =>
  summary.batchStatus === 'VALIDATED' && !fileBlocksConfirm(summary.outcomes_result);

/** Why an upload that is not decided cannot be confirmed. */
export function blockedText(summary: OutcomesValidationSummary): string {
  if (summary.batchStatus === 'CONFIRMING') return 'This upload is being confirmed.';
  if (summary.batchStatus === 'VALIDATING') return `${importMessages.stillValidating}.`;
  return 'The outcomes cannot be recorded until the file has no errors. Cancel this upload, correct the file and upload it again.';
}

/** How the file's valid rows match the pathways of the trust and procedure (active or archived). */
export function matchingSentence({
  matched,
  unmatched,
}: Pick<OutcomesValidationSummary, 'matched' | 'unmatched'>) {
  if (matched + unmatched === 0) return 'No valid row of the file could be matched to a patient.';
  const found = `The file matched ${countOf(matched, 'pathway', 'pathways')}`;
  return unmatched > 0
    ? `${found}; ${countOf(unmatched, 'row matches', 'rows match')} no pathway on this list and will be skipped.`
    : `${found}; every valid row matches a pathway on this list.`;
}

/** What the confirm will do, in one sentence, before Confirm. */
export function changesSentence(changes: OutcomeChanges): string {
  return (
    `Confirming will record ${countOf(changes.recorded, 'outcome', 'outcomes')}, ` +
    `correct ${countOf(changes.corrected, 'earlier outcome', 'earlier outcomes')}, and archive ` +
    `${countOf(changes.operated, 'patient', 'patients')} still on the waiting list as operated.`
  );
}

/** The rows that repeat an outcome already recorded, when there are any: they change nothing. */
export const unchangedSentence = (changes: OutcomeChanges): string | null =>
  changes.unchanged > 0
    ? `${countOf(changes.unchanged, 'outcome in the file is', 'outcomes in the file are')} already recorded with the same details, and will not change.`
    : null;

/** What the confirm did, one sentence a change, for the complete page. */
export function doneLines(changes: OutcomeChanges): string[] {
  return [
    `${countOf(changes.recorded, 'outcome was', 'outcomes were')} recorded.`,
    `${countOf(changes.corrected, 'earlier outcome was', 'earlier outcomes were')} corrected.`,
    `${countOf(changes.operated, 'patient still on the waiting list was', 'patients still on the waiting list were')} archived as operated.`,
    `${countOf(changes.unchanged, 'outcome was', 'outcomes were')} already recorded and did not change.`,
  ];
}
