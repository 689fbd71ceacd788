import { describe, expect, it } from 'vitest';
import {
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
