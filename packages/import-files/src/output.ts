import { fileMessages, rowMessages, warningGroupMessage, warningMessages } from './messages.js';
import type { FileOutcome, InvalidRow, RowBatch, RowWarning, WarningGroup } from './types.js';

const batchSize = 1000;

/**
 * What a parser has to hand over: rows, invalid rows and warnings in batches of about 1,000, and
 * the running totals. Per-row warnings of one kind stop after a cap and are summed up at the end,
 * so a lab that writes every CRP as "<5" does not bury the rest.
 */
export class Output<T> {
  private batch: RowBatch<T> = { rows: [], invalidRows: [], warnings: [] };
  private size = 0;
  private readonly kinds = new Map<string, { count: number; example: string }>();
  /** Every warning counted by kind, the cap aside (docs/decisions/0037); a warning of no kind by its words. */
  private readonly groups = new Map<string, WarningGroup>();
  rows = 0;
  invalid = 0;
  warnings = 0;

  constructor(private readonly maxWarningsPerKind: number) {}

  get full(): boolean {
    return this.size >= batchSize;
  }

  row(row: T): void {
    this.batch.rows.push(row);
    this.size++;
  }

  invalidRow(row: InvalidRow): void {
    this.batch.invalidRows.push(row);
    this.invalid++;
    this.size++;
  }

  /** A data row too long to be a record (RawRow.tooLong): counted, and refused whole. */
  rowTooLong(rowNumber: number): void {
    this.rows++;
    this.invalidRow({ rowNumber, errors: [{ field: null, message: rowMessages.rowTooLong }], values: {} });
  }

  /** A cell whose hidden text-direction characters were removed before it was read (decision 0043). */
  directionControlsRemoved(rowNumber: number, field: string, label: string): void {
    this.warn(
      rowNumber,
      field,
      warningMessages.directionControlsRemoved(label),
      `directionControls:${field}`,
    );
  }

  /** A warning; `kind` groups the ones the cap counts together (null: never capped). */
  warn(rowNumber: number | null, field: string | null, message: string, kind: string | null = null): void {
    const groupKey = kind ?? `note:${message}`;
    const group = this.groups.get(groupKey);
    if (group) group.count++;
    else this.groups.set(groupKey, { kind: kind ?? 'note', field, count: 1, message });
    this.push(rowNumber, field, message, kind);
  }

  private push(rowNumber: number | null, field: string | null, message: string, kind: string | null): void {
    if (kind !== null) {
      const seen = this.kinds.get(kind);
      if (seen) {
        seen.count++;
        if (seen.count > this.maxWarningsPerKind) return;
      } else {
        this.kinds.set(kind, { count: 1, example: message });
      }
    }
    this.batch.warnings.push({ rowNumber, field, message });
    this.warnings++;
    this.size++;
  }

  /** The summaries of capped warnings. */
  finishWarnings(): void {
    for (const { count, example } of this.kinds.values()) {
      if (count > this.maxWarningsPerKind) {
        // Counted already in its kind's group: not a warning of a kind of its own.
        this.push(null, null, warningMessages.more(count - this.maxWarningsPerKind, example), null);
      }
    }
  }

  /** Every warning counted by kind, most frequent first, each group in words. */
  warningGroups(): WarningGroup[] {
    return [...this.groups.values()]
      .map((group) => ({ ...group, message: warningGroupMessage(group) }))
      .sort((a, b) => b.count - a.count);
  }

  take(): RowBatch<T> {
    const batch = this.batch;
    this.batch = { rows: [], invalidRows: [], warnings: [] };
    this.size = 0;
    return batch;
  }

  get pending(): boolean {
    return this.size > 0;
  }

  /** The running totals, as an outcome gives them. */
  get totals(): FileOutcome['totals'] {
    return {
      rows: this.rows,
      valid: this.rows - this.invalid,
      invalid: this.invalid,
      warnings: this.warnings,
    };
  }
}

export function cut(value: string): string {
  return value.length > 100 ? value.slice(0, 100) : value;
}

export function failedOutcome(
  error: string,
  format: FileOutcome['format'],
  extra: Partial<FileOutcome> = {},
): FileOutcome {
  return {
    status: 'FAILED',
    error,
    baseErrors: [error],
    diffHeaders: { missing: [], unexpected: [] },
    totals: { rows: 0, valid: 0, invalid: 0, warnings: 0 },
    format,
    ...extra,
  };
}

export function finalOutcome<T>(
  output: Output<T>,
  format: FileOutcome['format'],
  extra: Partial<FileOutcome> = {},
): FileOutcome {
  const totals = output.totals;
  const warningGroups = output.warningGroups();
  if (output.rows === 0)
    return failedOutcome(fileMessages.noDataRows, format, { ...extra, totals, warningGroups });
  return {
    status: output.invalid > 0 ? 'VALIDATED_WITH_ERRORS' : 'VALIDATED',
    error: null,
    baseErrors: [],
    diffHeaders: { missing: [], unexpected: [] },
    totals,
    format,
    warningGroups,
    ...extra,
  };
}

export function warningList(warnings: RowWarning[], output: Output<unknown>): void {
  for (const w of warnings) output.warn(w.rowNumber, w.field, w.message);
}
