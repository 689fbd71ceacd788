import { describe, expect, it } from 'vitest';
import { buildFileResult } from './test-builders';
import {
  countOf,
  countText,
  errorRowReason,
  fileBlocksConfirm,
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

describe('another file’s field names', () => {
  const labels: Record<string, string> = { dateOfOperation: 'Date of operation' };
  const labelOf = (key: string) => labels[key] ?? key;

  it('names the fields of the rows and of the warnings in the file’s words', () => {
    const lines = problemLines(
      [row({ field_specific_errors: { dateOfOperation: ['The date is in the future'], ward: ['Unknown'] } })],
      labelOf,
    );
    expect(lines.map((line) => line.field)).toEqual(['Date of operation', 'ward']);
    expect(warningText({ row_number: 3, field: 'dateOfOperation', message: 'Check it.' }, labelOf)).toBe(
      'Row 3, Date of operation: Check it.',
    );
  });
});

describe('warnings', () => {
  it('puts the row and the field before the message', () => {
    expect(warningText({ row_number: 12, field: 'height', message: 'Unusually tall' })).toBe(
      'Row 12, Height (cm): Unusually tall',
    );
    expect(warningText({ row_number: null, field: null, message: '3 more warnings like this' })).toBe(
      '3 more warnings like this',
    );
  });

  it('counts with thousands separators wherever the summary shows a count', () => {
    expect(countText(100_000)).toBe('100,000');
    expect(warningText({ row_number: 12_345, field: 'height', message: 'Check it.' })).toBe(
      'Row 12,345, Height (cm): Check it.',
    );
    expect(countOf(1, 'row matches', 'rows match')).toBe('1 row matches');
    expect(countOf(1_602, 'row matches', 'rows match')).toBe('1,602 rows match');
    expect(countOf(0, 'row matches', 'rows match')).toBe('0 rows match');
  });
});

describe('a file that stops the confirm (docs/requirements.md §4)', () => {
  const clean = buildFileResult();

  it('is one with errors, an error message, or a failed or erroneous status; warnings do not stop it', () => {
    expect(fileBlocksConfirm(clean)).toBe(false);
    expect(fileBlocksConfirm({ ...clean, warnings: [{ row_number: 2, field: null, message: 'x' }] })).toBe(
      false,
    );
    expect(fileBlocksConfirm({ ...clean, error: '' })).toBe(false);
    expect(fileBlocksConfirm({ ...clean, has_errors: true })).toBe(true);
    expect(fileBlocksConfirm({ ...clean, has_validation_errors: true })).toBe(true);
    expect(fileBlocksConfirm({ ...clean, error: 'Not a spreadsheet' })).toBe(true);
    expect(fileBlocksConfirm({ ...clean, status: 'FAILED' })).toBe(true);
    expect(fileBlocksConfirm({ ...clean, status: 'VALIDATED_WITH_ERRORS' })).toBe(true);
  });
});
