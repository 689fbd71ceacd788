import { fieldLimits } from '@esr/contracts/field-limits';
import { hasBidiControls, withoutBidiControls } from '@esr/contracts/text-direction';
import { parseDate, showDate } from './dates.js';
import type { DateOptions } from './dates.js';
import {
  headerKindScores,
  identifierEither,
  mapHeader,
  outcomesColumns,
  outcomesHeaderTable,
} from './headers.js';
import { openTable, tablePlace } from './table.js';
import { ImportFileError } from './raw-rows.js';
import type { RawRow } from './raw-rows.js';
import { cut, failedOutcome, finalOutcome, Output, warningList } from './output.js';
import { fileMessages, rowMessages, showNhsNumber, warningMessages } from './messages.js';
import { localIdentifierDamage, parseNhsNumber } from './nhs-number.js';
import type { Parsed } from './nhs-number.js';
import { defaultImportLimits } from './types.js';
import type {
  FileOutcome,
  ImportInput,
  ImportLimits,
  InvalidRow,
  RowBatch,
  RowIssue,
  RowWarning,
  WarningGroup,
} from './types.js';
import { cellValue, hasBadCharacter, parseMeasure, parseYesNo } from './values.js';

/** What happened after one operation, from one row of a trust's outcomes file. */
export interface OutcomeRecord {
  /** The row as the user sees it in their spreadsheet program (as InvalidRow.rowNumber). */
  rowNumber: number;
  /** 10 digits, no spaces. */
  nhsNumber: string | null;
  /** At most 30 characters. */
  localPatientIdentifier: string | null;
  /** YYYY-MM-DD, never after the day the file is read. */
  dateOfOperation: string;
  complication90Days: boolean;
  /** Free text, at most 200 characters. */
  complicationType: string | null;
  readmission30Days: boolean | null;
  /** Days, 0 or more (a day case is 0; over 365 is accepted with a warning). */
  lengthOfStayDays: number | null;
  death90Days: boolean | null;
}

export interface OutcomesFileResult {
  /** Status, totals, base errors, diff headers and format, as the waiting list's. */
  outcome: FileOutcome;
  /**
   * One record per patient and date of operation, in file order (a later row for the same pair
   * replaces the earlier, which is warned of); empty when the file FAILED. totals.valid counts
   * every valid row, the replaced ones among them.
   */
  records: OutcomeRecord[];
  /** Refused rows, each with every error it has. */
  invalidRows: InvalidRow[];
  warnings: RowWarning[];
  /** Every warning counted by kind, most frequent first. */
  warningGroups: WarningGroup[];
}

export interface OutcomesOptions {
  /** YYYY-MM-DD: a date of operation after it is refused. */
  today: string;
  limits?: Partial<ImportLimits>;
}

/** The longest complication type kept (as the clinician's outcome form allows). */
export const complicationTypeMaxLength = 200;
/** A length of stay over this many days is kept with a warning. */
const longStayDays = 365;

type OutcomeKey =
  | 'nhsNumber'
  | 'localPatientIdentifier'
  | 'dateOfOperation'
  | 'complication90Days'
  | 'complicationType'
  | 'readmission30Days'
  | 'lengthOfStayDays'
  | 'death90Days';

const specs = new Map(outcomesColumns.map((c) => [c.key, c]));
const required: OutcomeKey[] = ['dateOfOperation', 'complication90Days'];
const identifiers = new Set(['nhsNumber', 'localPatientIdentifier']);
const endOfReport =
  /^(grand total|total|totals|end of report|end of data|count|number of|records?\b|rows?\b)/i;

/** The required columns a header lacks, by their template names (as diff_headers gives them). */
function missingColumns(columns: Map<string, number>): string[] {
  const missing = required.filter((key) => !columns.has(key)).map((key) => specs.get(key)!.header);
  if (!columns.has('nhsNumber') && !columns.has('localPatientIdentifier')) missing.unshift(identifierEither);
  return missing;
}

/**
 * Why a header with required columns missing was refused: a waiting-list or blood-test file picked
 * by mistake names none of the outcomes file's own columns, and is said to be that kind of file.
 */
function missingError(cells: string[], columns: Map<string, number>, missing: string[]): string {
  const ownColumns = [...columns.keys()].filter((key) => !identifiers.has(key)).length;
  if (ownColumns === 0) {
    const kinds = headerKindScores(cells);
    if (kinds.waitingList >= 2 && kinds.waitingList > kinds.blood) return fileMessages.waitingListInOutcomes;
    if (kinds.blood >= 2 && kinds.blood > kinds.waitingList) return fileMessages.bloodInOutcomes;
  }
  return fileMessages.missingColumns(missing);
}

/**
 * Reads a trust's outcomes file (docs/import-format.md "Outcomes file"): one row per operation,
 * CSV, XLSX or XLS, read as tolerantly as the waiting list. Small enough (up to a few hundred
 * thousand rows) to be handed back whole. A file-level problem gives status FAILED; it never throws
 * for a bad file. Pure: it runs on the API's reading thread.
 */
export async function readOutcomesFile(
  input: ImportInput,
  options: OutcomesOptions,
): Promise<OutcomesFileResult> {
  const limits: ImportLimits = { ...defaultImportLimits, ...options.limits };
  const invalidRows: InvalidRow[] = [];
  const warnings: RowWarning[] = [];
  const failed = (outcome: FileOutcome): OutcomesFileResult => ({
    outcome,
    records: [],
    invalidRows,
    warnings,
    warningGroups: outcome.warningGroups ?? [],
  });

  const opened = await openTable(input, limits);
  if (!opened.ok) {
    const error = opened.error === fileMessages.noHeader ? fileMessages.noHeaderOutcomes : opened.error;
    return failed(failedOutcome(error, opened.format));
  }
  const table = opened.table;
  const where = tablePlace(table);
  const mapping = mapHeader(table.header.cells, [outcomesHeaderTable]);
  const missing = missingColumns(mapping.columns);
  const diffHeaders = { missing, unexpected: mapping.unexpected };
  if (table.header.extraColumns > 0) {
    const columns = table.header.cells.length + table.header.extraColumns;
    return failed(
      failedOutcome(fileMessages.headerTooWide(columns, limits.maxColumns), table.format, {
        diffHeaders,
        ...where,
      }),
    );
  }
  if (missing.length > 0) {
    const error = missingError(table.header.cells, mapping.columns, missing);
    return failed(failedOutcome(error, table.format, { diffHeaders, ...where }));
  }

  const output = new Output<never>(limits.maxWarningsPerKind);
  const keep = (batch: RowBatch<never>) => {
    invalidRows.push(...batch.invalidRows);
    warnings.push(...batch.warnings);
  };
  warningList(table.warnings, output);
  for (const { used, ignored } of mapping.duplicates)
    output.warn(null, null, warningMessages.duplicateColumn(used, ignored));
  if (mapping.unexpected.length > 0)
    output.warn(null, null, warningMessages.columnsIgnored(mapping.unexpected));

  const reader = new OutcomeRowReader(mapping.columns, options.today, limits, table.spreadsheet);
  try {
    for await (const batch of table.rows) {
      for (const row of batch.rows) {
        reader.read(row, batch.checkCharacters, output);
        if (output.full) keep(output.take());
      }
      if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
    }
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    keep(output.take());
    return failed(
      failedOutcome(error.userMessage, table.format, { diffHeaders, totals: output.totals, ...where }),
    );
  }
  output.finishWarnings();
  keep(output.take());
  const outcome = finalOutcome(output, table.format, { diffHeaders, ...where });
  if (outcome.status === 'FAILED') return failed(outcome);
  return {
    outcome,
    records: reader.records(),
    invalidRows,
    warnings,
    warningGroups: outcome.warningGroups ?? [],
  };
}

/** A length of stay: a number of days, optionally followed by `days`, `day` or `d` ("3", "3.5 days"). */
function parseStay(raw: string, label: string): Parsed<number> {
  for (const unit of ['days', 'day', 'd']) {
    const parsed = parseMeasure(raw, label, unit);
    if (parsed.ok) return parsed;
  }
  return { ok: false, error: rowMessages.lengthOfStay(raw) };
}

/** A header column the reader uses. */
interface Slot {
  key: OutcomeKey;
  label: string;
  /** Where its cell is in a row. */
  index: number;
}

/** The rows read so far, a later row for the same patient and date of operation replacing the earlier. */
class KeptRecords {
  private readonly list: (OutcomeRecord | null)[] = [];
  private readonly byOperation = new Map<string, number>();

  /** Keeps the record, and gives back the row it replaced, if any. */
  add(record: OutcomeRecord): number | null {
    const id =
      record.nhsNumber !== null
        ? `nhs ${record.nhsNumber} ${record.dateOfOperation}`
        : `local ${record.localPatientIdentifier!} ${record.dateOfOperation}`;
    const earlier = this.byOperation.get(id);
    this.byOperation.set(id, this.list.length);
    this.list.push(record);
    if (earlier === undefined) return null;
    const replaced = this.list[earlier]!;
    this.list[earlier] = null;
    return replaced.rowNumber;
  }

  all(): OutcomeRecord[] {
    return this.list.filter((record): record is OutcomeRecord => record !== null);
  }
}

/** Reads one row at a time, against the columns the header named. */
class OutcomeRowReader {
  private readonly slots: Slot[];
  /** The current row's cleaned cells by field; absent when blank, "not known" or refused. */
  private cells = new Map<OutcomeKey, string>();
  private issues: RowIssue[] = [];
  private readonly kept = new KeptRecords();
  private readonly dateOptions: DateOptions;

  constructor(
    columns: Map<string, number>,
    private readonly today: string,
    private readonly limits: ImportLimits,
    spreadsheet: boolean,
  ) {
    this.slots = [...columns].map(([key, index]) => ({
      key: key as OutcomeKey,
      label: specs.get(key)!.label,
      index,
    }));
    this.dateOptions = { spreadsheet, fullYearOnly: false };
  }

  records(): OutcomeRecord[] {
    return this.kept.all();
  }

  private refuse(field: OutcomeKey | null, message: string): void {
    this.issues.push({ field, message });
  }

  private refused(field: OutcomeKey): boolean {
    return this.issues.some((issue) => issue.field === field);
  }

  /**
   * Takes in the row's cells: each checked for its length and for characters that cannot be read
   * (an error), cleared of hidden text-direction characters (a warning, decision 0043), then read
   * as every cell is (cellValue). Returns 0 for a row to pass over: blank, or a totals line.
   */
  private takeCells(row: RawRow, checkCharacters: boolean, output: Output<never>): number {
    this.cells = new Map();
    const cleaned: Slot[] = [];
    for (const slot of this.slots) {
      const raw = row.cells[slot.index];
      if (raw === undefined || raw === '') continue;
      if (raw.length > this.limits.maxCellChars) {
        this.refuse(slot.key, rowMessages.cellTooLong(slot.label, this.limits.maxCellChars));
      } else if (checkCharacters && hasBadCharacter(raw)) {
        this.refuse(slot.key, rowMessages.badCharacter(slot.label));
      } else {
        const visible = checkCharacters && hasBidiControls(raw) ? withoutBidiControls(raw) : raw;
        if (visible !== raw) cleaned.push(slot);
        const value = cellValue(visible);
        if (value !== null) this.cells.set(slot.key, value);
      }
    }
    // A row of blanks and "not known" words is no row at all, as in the waiting list.
    const written = this.cells.size + this.issues.length;
    if (written === 0 && row.extraColumns === 0) return 0;
    if (this.cells.size === 1 && this.issues.length === 0 && endOfReport.test(this.onlyCell(row))) {
      output.warn(row.rowNumber, null, warningMessages.totalsRowSkipped, 'totalsRow');
      return 0;
    }
    for (const slot of cleaned) output.directionControlsRemoved(row.rowNumber, slot.key, slot.label);
    return written + row.extraColumns;
  }

  /** The row's one written cell, unknown columns included, or '' when it has more than one. */
  private onlyCell(row: RawRow): string {
    const written = row.cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
    return written.length === 1 ? written[0]! : '';
  }

  private readIdentifiers(): { nhsNumber: string | null; local: string | null } {
    const nhsRaw = this.cells.get('nhsNumber');
    let nhsNumber: string | null = null;
    if (nhsRaw !== undefined) {
      const parsed = parseNhsNumber(nhsRaw);
      if (parsed.ok) nhsNumber = parsed.value;
      else this.refuse('nhsNumber', parsed.error);
    }
    let local = this.cells.get('localPatientIdentifier') ?? null;
    if (local !== null) {
      const problem =
        localIdentifierDamage(local) ??
        (local.length > fieldLimits.localPatientIdentifier ? rowMessages.localTooLong(local.length) : null);
      if (problem !== null) {
        this.refuse('localPatientIdentifier', problem);
        local = null;
      }
    }
    const unread = this.refused('nhsNumber') || this.refused('localPatientIdentifier');
    if (nhsRaw === undefined && local === null && !unread) this.refuse(null, rowMessages.noIdentifier);
    return { nhsNumber, local };
  }

  private readDateOfOperation(): string | null {
    const raw = this.cells.get('dateOfOperation');
    if (raw === undefined) {
      if (!this.refused('dateOfOperation')) this.refuse('dateOfOperation', rowMessages.operationDateMissing);
      return null;
    }
    const parsed = parseDate(raw, specs.get('dateOfOperation')!.label, this.dateOptions);
    if (!parsed.ok) {
      this.refuse('dateOfOperation', parsed.error);
      return null;
    }
    const day = parsed.value.slice(0, 10);
    if (day <= this.today) return day;
    this.refuse('dateOfOperation', rowMessages.operationDateFuture);
    return null;
  }

  /** A yes/no cell, spelt as the waiting list's flags are; a required one may not be blank. */
  private readYesNo(key: OutcomeKey, mandatory: boolean): boolean | null {
    const raw = this.cells.get(key);
    const label = specs.get(key)!.label;
    if (raw === undefined) {
      if (mandatory && !this.refused(key)) this.refuse(key, rowMessages.complicationMissing);
      return null;
    }
    const parsed = parseYesNo(raw, label);
    if (parsed.ok) return parsed.value === 1;
    this.refuse(key, mandatory ? rowMessages.requiredYesNo(label, raw) : parsed.error);
    return null;
  }

  private readComplicationType(): string | null {
    const text = this.cells.get('complicationType') ?? null;
    if (text === null || text.length <= complicationTypeMaxLength) return text;
    this.refuse(
      'complicationType',
      rowMessages.complicationTypeTooLong(text.length, complicationTypeMaxLength),
    );
    return null;
  }

  private readLengthOfStay(output: Output<never>, rowNumber: number): number | null {
    const raw = this.cells.get('lengthOfStayDays');
    if (raw === undefined) return null;
    const parsed = parseStay(raw, specs.get('lengthOfStayDays')!.label);
    if (!parsed.ok) {
      this.refuse('lengthOfStayDays', parsed.error);
      return null;
    }
    if (parsed.value < 0) {
      this.refuse('lengthOfStayDays', rowMessages.lengthOfStayNegative);
      return null;
    }
    if (parsed.value > longStayDays)
      output.warn(
        rowNumber,
        'lengthOfStayDays',
        warningMessages.lengthOfStayLong(parsed.value),
        'lengthOfStayLong',
      );
    return parsed.value;
  }

  read(row: RawRow, checkCharacters: boolean, output: Output<never>): void {
    if (row.tooLong) {
      output.rowTooLong(row.rowNumber);
      return;
    }
    this.issues = [];
    if (this.takeCells(row, checkCharacters, output) === 0) return;
    output.rows++;
    if (row.extraColumns > 0)
      this.refuse(
        null,
        rowMessages.tooManyColumns(row.cells.length + row.extraColumns, this.limits.maxColumns),
      );

    const { nhsNumber, local } = this.readIdentifiers();
    const dateOfOperation = this.readDateOfOperation();
    const complication90Days = this.readYesNo('complication90Days', true);
    const record = {
      rowNumber: row.rowNumber,
      nhsNumber,
      localPatientIdentifier: local,
      dateOfOperation,
      complication90Days,
      complicationType: this.readComplicationType(),
      readmission30Days: this.readYesNo('readmission30Days', false),
      lengthOfStayDays: this.readLengthOfStay(output, row.rowNumber),
      death90Days: this.readYesNo('death90Days', false),
    };

    if (this.issues.length > 0 || dateOfOperation === null || complication90Days === null) {
      const values: Record<string, string> = {};
      for (const slot of this.slots) {
        const raw = row.cells[slot.index];
        if (raw) values[slot.key] = cut(withoutBidiControls(raw));
      }
      output.invalidRow({ rowNumber: row.rowNumber, errors: this.issues, values });
      return;
    }
    const replaced = this.kept.add({ ...record, dateOfOperation, complication90Days });
    if (replaced !== null) {
      const identity =
        nhsNumber !== null ? `NHS number ${showNhsNumber(nhsNumber)}` : `local patient identifier ${local!}`;
      output.warn(
        replaced,
        null,
        warningMessages.outcomeReplaced(row.rowNumber, identity, showDate(dateOfOperation)),
        'outcomeReplaced',
      );
    }
  }
}
