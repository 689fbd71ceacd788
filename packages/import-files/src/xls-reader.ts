import * as XLSX from '@e965/xlsx';
import type { CellObject, DenseSheet } from '@e965/xlsx';
import { serialToIso } from './dates.js';
import { fileMessages } from './messages.js';
import { ImportFileError } from './raw-rows.js';
import type { RawBatch, RawRow } from './raw-rows.js';
import type { ImportLimits } from './types.js';
import type { WorkbookSheet } from './xlsx-reader.js';

// BIFF error codes ([MS-XLS] 2.5.97.2) as Excel shows them.
const errorTexts: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

const ssf = XLSX.SSF as { is_date(format: string): boolean };

function cellText(cell: CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v);
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return errorTexts[cell.v as number] ?? '#ERROR';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v);
    case 'n': {
      const v = cell.v as number;
      if (typeof cell.z === 'string' && ssf.is_date(cell.z) && v >= 0 && v < 2_958_466)
        return serialToIso(v, date1904);
      return String(v);
    }
    default:
      return '';
  }
}

/**
 * Legacy .xls (BIFF) through SheetJS, the only reader of it (stack-notes.md, `@e965/xlsx`: the fixed
 * build, never the npm `xlsx` package). An .xls holds at most 65,536 rows, so reading it whole is
 * bounded; formulas are not evaluated, their stored results are read.
 */
export function openXls(bytes: Uint8Array, limits: ImportLimits): WorkbookSheet[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      sheetRows: limits.maxRows + 25,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message)) throw new ImportFileError(fileMessages.encrypted);
    throw new ImportFileError(fileMessages.unreadable('an Excel 97-2003 workbook (.xls)'));
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  return workbook.SheetNames.map((name, index) => {
    const hidden = Boolean(workbook.Workbook?.Sheets?.[index]?.Hidden);
    const sheet = workbook.Sheets[name] as DenseSheet | undefined;
    return {
      name,
      hidden,
      async *rows(): AsyncGenerator<RawBatch> {
        const data = sheet?.['!data'] ?? [];
        let batch: RawRow[] = [];
        for (let r = 0; r < data.length; r++) {
          const source = data[r];
          if (!source) continue;
          const cells: string[] = [];
          let extra = 0;
          for (let c = 0; c < source.length; c++) {
            const text = cellText(source[c], date1904);
            if (c >= limits.maxColumns) {
              if (text.length > 0) extra++;
              continue;
            }
            cells.push(text);
          }
          while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
          if (cells.length + extra === 0) continue;
          batch.push({ rowNumber: r + 1, cells, extraColumns: extra, tooLong: false });
          if (batch.length >= 1000) {
            yield { rows: batch, checkCharacters: true };
            batch = [];
          }
        }
        if (batch.length > 0) yield { rows: batch, checkCharacters: true };
      },
    };
  });
}
