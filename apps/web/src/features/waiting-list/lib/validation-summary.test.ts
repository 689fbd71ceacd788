import { describe, expect, it } from 'vitest';
import {
  changeLines,
  countText,
  doneLines,
  errorRowReason,
  failedFileMessage,
  matchingLines,
  problemLines,
  warningText,
  wholeRow,
} from './validation-summary';

const row = (overrides: Partial<Parameters<typeof problemLines>[0][number]>) => ({
  row_number: 5,
  error_count: 1,
  field_specific_errors: {},
  validation_error: null,
  non_field_specific_errors: [],
  values: {},
  ...overrides,
});

describe('invalid rows as lines (docs/requirements.md §3, §8)', () => {
  it('gives one line per reason, with the field in plain English and the spreadsheet row', () => {
    const lines = problemLines([
      row({
        row_number: 7,
        field_specific_errors: {
          nhsNumber: ['The NHS number is not valid'],
          dateOfBirth: ['Enter a real date', 'The date is in the future'],
        },
      }),
      row({ row_number: 9, non_field_specific_errors: ['This patient appears twice in the file'] }),
    ]);
    expect(lines.map(({ rowNumber, field, reason }) => [rowNumber, field, reason])).toEqual([
      [7, 'NHS number', 'The NHS number is not valid'],
      [7, 'Date of birth', 'Enter a real date'],
      [7, 'Date of birth', 'The date is in the future'],
      [9, wholeRow, 'This patient appears twice in the file'],
    ]);
    expect(new Set(lines.map((line) => line.key)).size).toBe(lines.length);
  });

  it('shows an unknown field key as it is', () => {
    expect(problemLines([row({ field_specific_errors: { ward: ['Unknown ward'] } })])[0]!.field).toBe('ward');
  });

  it("says 'Import error' when a row comes with no message", () => {
    expect(problemLines([row({})])[0]!.reason).toBe('Import error');
    expect(problemLines([row({ validation_error: 'Row is too long' })])[0]!.reason).toBe('Row is too long');
    expect(problemLines([row({ field_specific_errors: { sex: [''] } })])[0]!.reason).toBe('Import error');
    expect(errorRowReason([])).toBe('Import error');
    expect(errorRowReason(['Cannot read the row', 'Bad quoting'])).toBe('Cannot read the row Bad quoting');
  });
});

describe('failed files (docs/requirements.md §8)', () => {
  it("follows the spec's lead with the server's error or 'Please re-upload the file.'", () => {
    expect(failedFileMessage('waitingList', 'The file has no header row.')).toBe(
      'Waiting list validation failed. The file has no header row.',
    );
    expect(failedFileMessage('bloodTest', null)).toBe(
      'Blood test validation failed. Please re-upload the file.',
    );
    expect(failedFileMessage('bloodTest', '')).toBe(
      'Blood test validation failed. Please re-upload the file.',
    );
  });
});

describe('warnings and matching', () => {
  it('puts the row and the field before the message', () => {
    expect(warningText({ row_number: 12, field: 'height', message: 'Unusually tall' })).toBe(
      'Row 12, Height (cm): Unusually tall',
    );
    expect(warningText({ row_number: null, field: null, message: '3 more warnings like this' })).toBe(
      '3 more warnings like this',
    );
  });

  it('says who has no blood results and which results match no patient', () => {
    expect(matchingLines({ pathways_without_bloods: 1, bloods_without_pathway: 0 })).toEqual([
      "1 patient on the waiting list has no blood test results. The model's default values will be used for them.",
    ]);
    expect(matchingLines({ pathways_without_bloods: 0, bloods_without_pathway: 2 })).toEqual([
      '2 patients in the blood test file are not on the waiting list. Their results will not be imported.',
    ]);
    expect(matchingLines({ pathways_without_bloods: 0, bloods_without_pathway: 0 })).toHaveLength(1);
  });
});

describe('what the confirm does (docs/decisions/0037-what-the-confirm-will-do.md)', () => {
  it('lists the pathways added, updated, unchanged and archived, with thousands separators', () => {
    expect(changeLines({ added: 1_602, updated: 12, unchanged: 98_113, archived: 1 })).toEqual([
      { key: 'added', label: 'Patients added to the list', count: '1,602' },
      { key: 'updated', label: 'Patients whose details are updated', count: '12' },
      { key: 'unchanged', label: 'Patients unchanged', count: '98,113' },
      { key: 'archived', label: 'Patients archived (not on the new list)', count: '1' },
    ]);
  });

  it('says what the confirm did, one sentence a change, in the singular where it is one', () => {
    expect(doneLines({ added: 1, updated: 2_400, unchanged: 0, archived: 1_001 })).toEqual([
      '1 patient was added to the list.',
      '2,400 patients’ details were updated.',
      '0 patients were already on the list and unchanged.',
      '1,001 patients were archived: they were not on the new list.',
    ]);
  });

  it('counts with thousands separators wherever the summary shows a count', () => {
    expect(countText(100_000)).toBe('100,000');
    expect(warningText({ row_number: 12_345, field: 'height', message: 'Check it.' })).toBe(
      'Row 12,345, Height (cm): Check it.',
    );
    expect(matchingLines({ pathways_without_bloods: 1_602, bloods_without_pathway: 0 })[0]).toBe(
      "1,602 patients on the waiting list have no blood test results. The model's default values will be used for them.",
    );
  });
});
