import { describe, expect, it } from 'vitest';
import type { OutcomesUploadStatus } from '@esr/contracts/outcomes';
import { buildFileResult } from '../../../lib/test-builders';
import {
  blockedText,
  canConfirm,
  changesSentence,
  doneLines,
  failedFileMessage,
  matchingSentence,
  outcomeFieldLabel,
  stillValidating,
  unchangedSentence,
} from './outcomes-summary';
import { buildOutcomesSummary } from './test-builders';

const summary = buildOutcomesSummary;

describe('what confirming an outcomes file will do (decision 0045)', () => {
  it('says it in one sentence: recorded, corrected and archived as operated', () => {
    expect(changesSentence({ recorded: 400, corrected: 9, unchanged: 2, operated: 12 })).toBe(
      'Confirming will record 400 outcomes, correct 9 earlier outcomes, and archive 12 patients still on the waiting list as operated.',
    );
  });

  it('speaks of one in the singular, and counts with thousands separators', () => {
    expect(changesSentence({ recorded: 1, corrected: 1, unchanged: 0, operated: 1 })).toBe(
      'Confirming will record 1 outcome, correct 1 earlier outcome, and archive 1 patient still on the waiting list as operated.',
    );
    expect(changesSentence({ recorded: 12_345, corrected: 0, unchanged: 0, operated: 0 })).toBe(
      'Confirming will record 12,345 outcomes, correct 0 earlier outcomes, and archive 0 patients still on the waiting list as operated.',
    );
  });

  it('mentions the outcomes already recorded only when there are some', () => {
    expect(unchangedSentence({ recorded: 0, corrected: 0, unchanged: 0, operated: 0 })).toBeNull();
    expect(unchangedSentence({ recorded: 0, corrected: 0, unchanged: 1, operated: 0 })).toBe(
      '1 outcome in the file is already recorded with the same details, and will not change.',
    );
    expect(unchangedSentence({ recorded: 0, corrected: 0, unchanged: 5, operated: 0 })).toBe(
      '5 outcomes in the file are already recorded with the same details, and will not change.',
    );
  });

  it('says what the confirm did, one sentence a change', () => {
    expect(doneLines({ recorded: 1, corrected: 2, unchanged: 0, operated: 1_001 })).toEqual([
      '1 outcome was recorded.',
      '2 earlier outcomes were corrected.',
      '1,001 patients still on the waiting list were archived as operated.',
      '0 outcomes were already recorded and did not change.',
    ]);
  });
});

describe('how the outcomes match the pathways', () => {
  it('says how many pathways matched, and how many rows match none and are skipped', () => {
    expect(matchingSentence({ matched: 409, unmatched: 3 })).toBe(
      'The file matched 409 pathways; 3 rows match no pathway on this list and will be skipped.',
    );
    expect(matchingSentence({ matched: 1, unmatched: 1 })).toBe(
      'The file matched 1 pathway; 1 row matches no pathway on this list and will be skipped.',
    );
    expect(matchingSentence({ matched: 2, unmatched: 0 })).toBe(
      'The file matched 2 pathways; every valid row matches a pathway on this list.',
    );
    expect(matchingSentence({ matched: 0, unmatched: 0 })).toBe(
      'No valid row of the file could be matched to a patient.',
    );
  });
});

describe('Confirm and record outcomes', () => {
  it('is offered for a validated upload whose file has no errors, warnings or not', () => {
    expect(canConfirm(summary())).toBe(true);
    expect(
      canConfirm(
        summary({
          outcomes_result: buildFileResult({
            totals: { rows: 3, valid: 3, invalid: 0, error: 0, warnings: 3 },
          }),
        }),
      ),
    ).toBe(true);
  });

  it('is not offered for a file with errors, or a batch being confirmed or already decided', () => {
    expect(canConfirm(summary({ outcomes_result: buildFileResult({ has_validation_errors: true }) }))).toBe(
      false,
    );
    expect(canConfirm(summary({ outcomes_result: buildFileResult({ status: 'FAILED' }) }))).toBe(false);
    for (const batchStatus of ['VALIDATING', 'CONFIRMING', 'IMPORTED', 'CANCELLED', 'EXPIRED'] as const)
      expect(canConfirm(summary({ batchStatus })), batchStatus).toBe(false);
  });

  it('says why not', () => {
    expect(blockedText(summary({ outcomes_result: buildFileResult({ has_errors: true }) }))).toBe(
      'The outcomes cannot be recorded until the file has no errors. Cancel this upload, correct the file and upload it again.',
    );
    expect(blockedText(summary({ batchStatus: 'CONFIRMING' }))).toBe('This upload is being confirmed.');
  });
});

describe('following the file’s validation', () => {
  const status = (file: OutcomesUploadStatus['status'], batch: OutcomesUploadStatus['batchStatus']) => ({
    batchId: 'b',
    batchStatus: batch,
    fileName: 'outcomes.csv',
    status: file,
    totals: { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 },
  });

  it('goes on while nothing is known, or the file or its batch is validating', () => {
    expect(stillValidating(undefined)).toBe(true);
    expect(stillValidating(status('VALIDATING', 'VALIDATING'))).toBe(true);
    expect(stillValidating(status('VALIDATED', 'VALIDATING'))).toBe(true);
    expect(stillValidating(status('VALIDATED', 'VALIDATED'))).toBe(false);
    expect(stillValidating(status('FAILED', 'VALIDATED'))).toBe(false);
  });

  it('names the file’s fields, and says why a file failed', () => {
    expect(outcomeFieldLabel('complication90Days')).toBe('Complication within 90 days');
    expect(outcomeFieldLabel('nhsNumber')).toBe('NHS number');
    expect(outcomeFieldLabel('theatre')).toBe('theatre');
    expect(failedFileMessage('The file has no header row.')).toBe(
      'Outcomes file validation failed. The file has no header row.',
    );
    expect(failedFileMessage(null)).toBe('Outcomes file validation failed. Please re-upload the file.');
  });
});
