import { messages } from '@esr/contracts/messages';
import {
  importFieldLabels,
  type ImportChanges,
  type InvalidRow,
  type RowWarning,
} from '@esr/contracts/waiting-list';

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

/** The plain-English name of an import field; an unknown key is shown as the file wrote it. */
export const fieldLabel = (key: string) => importFieldLabels[key] ?? key;

/** Every reason of every invalid row, one line each, in row order; docs/requirements.md §8 fallback 'Import error'. */
export function problemLines(rows: readonly InvalidRow[]): ProblemLine[] {
  return rows.flatMap((row) => {
    const lines: ProblemLine[] = [];
    const add = (field: string, reason: string) =>
      lines.push({ key: `${row.row_number}-${lines.length}`, rowNumber: row.row_number, field, reason });
    for (const [field, reasons] of Object.entries(row.field_specific_errors)) {
      for (const reason of reasons) add(fieldLabel(field), reason || messages.importError);
    }
    for (const reason of row.non_field_specific_errors) add(wholeRow, reason || messages.importError);
    if (lines.length === 0) add(wholeRow, row.validation_error || messages.importError);
    return lines;
  });
}

/** docs/requirements.md §8: a row that could not be read at all, with 'Import error' when it came with no message. */
export const errorRowReason = (errors: readonly string[]) =>
  errors.filter(Boolean).join(' ') || messages.importError;

/**
 * docs/requirements.md §8: 'Waiting list validation failed.' or 'Blood test validation failed.', followed by the
 * server's error or 'Please re-upload the file.'.
 */
export function failedFileMessage(file: 'waitingList' | 'bloodTest', error: string | null): string {
  const lead =
    file === 'waitingList' ? messages.waitingListValidationFailed : messages.bloodTestValidationFailed;
  return `${lead} ${error || messages.reUpload}`;
}

/** A warning's place (row, field) before its message, for the summary's list. */
export function warningText(warning: RowWarning): string {
  const place = [
    warning.row_number === null ? '' : `Row ${countText(warning.row_number)}`,
    warning.field ? fieldLabel(warning.field) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return place ? `${place}: ${warning.message}` : warning.message;
}

/** A count as the screens show it, with thousands separators: 1,602. */
export const countText = (n: number) => n.toLocaleString('en-GB');

const count = (n: number, one: string, many: string) => `${countText(n)} ${n === 1 ? one : many}`;

/** One line of what a confirm does to the active list. */
export interface ChangeLine {
  key: keyof ImportChanges;
  label: string;
  count: string;
}

/**
 * What the confirm will do to the active list (docs/decisions/0037-what-the-confirm-will-do.md),
 * as the summary lists it before Confirm: added, updated, unchanged, archived.
 */
export function changeLines(changes: ImportChanges): ChangeLine[] {
  return [
    { key: 'added', label: 'Patients added to the list', count: countText(changes.added) },
    { key: 'updated', label: 'Patients whose details are updated', count: countText(changes.updated) },
    { key: 'unchanged', label: 'Patients unchanged', count: countText(changes.unchanged) },
    { key: 'archived', label: 'Patients archived (not on the new list)', count: countText(changes.archived) },
  ];
}

/** What the confirm did, in sentences, for the upload complete page. */
export function doneLines(changes: ImportChanges): string[] {
  return [
    `${count(changes.added, 'patient was', 'patients were')} added to the list.`,
    `${count(changes.updated, 'patient’s details were', 'patients’ details were')} updated.`,
    `${count(changes.unchanged, 'patient was', 'patients were')} already on the list and unchanged.`,
    `${count(changes.archived, 'patient was', 'patients were')} archived: they were not on the new list.`,
  ];
}

/**
 * How the two files match (docs/requirements.md §3 validation summary): patients without blood results are
 * scored with the model's default values; blood results for no patient are left out.
 */
export function matchingLines(summary: { pathways_without_bloods: number; bloods_without_pathway: number }) {
  const lines: string[] = [];
  const withoutBloods = summary.pathways_without_bloods;
  const withoutPatient = summary.bloods_without_pathway;
  if (withoutBloods > 0)
    lines.push(
      `${count(withoutBloods, 'patient on the waiting list has', 'patients on the waiting list have')} no blood ` +
        `test results. The model's default values will be used for them.`,
    );
  if (withoutPatient > 0)
    lines.push(
      `${count(withoutPatient, 'patient in the blood test file is', 'patients in the blood test file are')} ` +
        'not on the waiting list. Their results will not be imported.',
    );
  if (lines.length === 0)
    lines.push(
      'Every patient on the waiting list has blood test results, and every result is for a patient on the list.',
    );
  return lines;
}
