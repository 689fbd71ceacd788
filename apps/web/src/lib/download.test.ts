import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, safeFileName, timestampedFileName } from './download';

describe('the file name the server gives', () => {
  it('reads a quoted, an unquoted and a UTF-8 file name', () => {
    expect(fileNameFromDisposition('attachment; filename="knee-processed.csv"')).toBe('knee-processed.csv');
    expect(fileNameFromDisposition('attachment; filename=archived.csv')).toBe('archived.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''Lista%20%C3%A9t%C3%A9.xlsx`)).toBe(
      'Lista été.xlsx',
    );
  });

  it('prefers the UTF-8 name when both are given', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="report.csv"; filename*=UTF-8''r%C3%A9port.csv`),
    ).toBe('réport.csv');
  });

  it('keeps escaped quotes and drops any folder', () => {
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\temp\\\\list.csv"')).toBe('list.csv');
  });

  it('gives null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });
});

describe('a file name with a timestamp (docs/requirements.md §9)', () => {
  it('is the name, the time in the UK and the extension', () => {
    // 24 November 2026 is in winter time; 1 July 2026 is in British Summer Time.
    expect(timestampedFileName('Knee list', 'csv', new Date('2026-11-24T16:05:09Z'))).toBe(
      'Knee list_20261124-160509.csv',
    );
    expect(timestampedFileName('Hip', 'pdf', new Date('2026-07-01T23:30:00Z'))).toBe(
      'Hip_20260702-003000.pdf',
    );
  });

  it('keeps to letters, digits, spaces, hyphens and underscores', () => {
    expect(safeFileName('Knee: high/moderate?')).toBe('Knee highmoderate');
    expect(safeFileName('..hidden  file')).toBe('hidden file');
    expect(safeFileName('Łukasz_list-2')).toBe('Łukasz_list-2');
    expect(safeFileName(' / ')).toBe('download');
    expect(timestampedFileName('a<b>', 'xlsx', new Date('2026-01-02T03:04:05Z'))).toBe(
      'ab_20260102-030405.xlsx',
    );
  });
});
