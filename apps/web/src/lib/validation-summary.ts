import { messages } from '@esr/contracts/messages';
import {
  importFieldLabels,
  type FileResult,
  type InvalidRow,
  type RowWarning,
} from '@esr/contracts/waiting-list';

/**
 * What validation found in one file of an import (docs/requirements.md §3 validation summary), in
 * words, whatever the file: the waiting list, its blood tests or an outcomes file.
 */

/** One reason a row will not be imported, as a line of the summary's table. */
export interface ProblemLine {
  key: string;
  /** The row the user sees in their spreadsheet program. */
  rowNumber: number;
  field: string;
  reason: string;
}

/** A problem with the row as a whole (a duplicate, say) rather than with one of its cells. */
export const wholeRow = 'Whole row';

/** The plain-English name of a file's field; an unknown key is shown as the file wrote it. */
export type FieldLabel = (key: string) => string;

/** The plain-English name of an import field (importFieldLabels); an unknown key is shown as it is. */
export const fieldLabel: FieldLabel = (key) => importFieldLabels[key] ?? key;

/** Every reason of every invalid row, one line each, in row order; docs/requirements.md §8 fallback 'Import error'. */
export function problemLines(rows: readonly InvalidRow[], labelOf: FieldLabel = fieldLabel): ProblemLine[] {
  return rows.flatMap((row) => {
    const lines: ProblemLine[] = [];
    const add = (field: string, reason: string) =>
      lines.push({ key: `${row.row_number}-${lines.length}`, rowNumber: row.row_number, field, reason });
    for (const [field, reasons] of Object.entries(row.field_specific_errors)) {
      for (const reason of reasons) add(labelOf(field), reason || messages.importError);
    }
    for (const reason of row.non_field_specific_errors) add(wholeRow, reason || messages.importError);
    if (lines.length === 0) add(wholeRow, row.validation_error || messages.importError);
    return lines;
  });
}

/** docs/requirements.md §8: a row that could not be read at all, with 'Import error' when it came with no message. */
export const errorRowReason = (errors: readonly string[]) =>
  errors.filter(Boolean).join(' ') || messages.importError;

/** A warning's place (row, field) before its message, for the summary's list. */
export function warningText(warning: RowWarning, labelOf: FieldLabel = fieldLabel): string {
  const place = [
    warning.row_number === null ? '' : `Row ${countText(warning.row_number)}`,
    warning.field ? labelOf(warning.field) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return place ? `${place}: ${warning.message}` : warning.message;
}

/** A count as the screens show it, with thousands separators: 1,602. */
export const countText = (n: number) => n.toLocaleString('en-GB');

/** A count and its noun, singular for one: '1 patient was', '2,400 patients were'. */
export const countOf = (n: number, one: string, many: string) => `${countText(n)} ${n === 1 ? one : many}`;

/**
 * docs/requirements.md §4: a file stops its upload's confirm when it has errors, validation
 * errors, an error message, or status FAILED or VALIDATED_WITH_ERRORS.
 */
export const fileBlocksConfirm = (file: FileResult) =>
  file.has_errors ||
  file.has_validation_errors ||
  Boolean(file.error) ||
  file.status === 'FAILED' ||
  file.status === 'VALIDATED_WITH_ERRORS';
