import { fieldLimits } from '@esr/contracts/field-limits';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { hasBidiControls, withoutBidiControls } from '@esr/contracts/text-direction';
import { comorbidityColumns } from './headers.js';
import { ageOutside, opcs4Code, operationOutside, type Population } from '@esr/risk-engine/population';
import { ageOn, parseDate, showDate } from './dates.js';
import type { DateOptions } from './dates.js';
import { rowMessages, warningMessages } from './messages.js';
import { localIdentifierDamage, parseNhsNumber } from './nhs-number.js';
import type { Parsed } from './nhs-number.js';
import { cut } from './output.js';
import type { Output } from './output.js';
import type { RawRow } from './raw-rows.js';
import type { ComorbidityCode, ImportLimits, RowIssue, WaitingListRecord, WaitingListRow } from './types.js';
import {
  cellValue,
  hasBadCharacter,
  operationFitsProcedure,
  parseEthnicCategory,
  parseMeasure,
  parseOperationType,
  parsePriority,
  parseReadiness,
  parseSex,
  parseSmoking,
  parseSocial,
  parseYesNo,
} from './values.js';
import { blankRecord, fieldKeys, labels, modelInputFields } from './waiting-list-fields.js';
import type { Column, FieldKey } from './waiting-list-fields.js';
import { PathwayIdentities } from './waiting-list-identities.js';

export interface WaitingListOptions {
  /**
   * What each defaulted field takes when blank, in words ("Never smoked", "No"): every other blank
   * input the model reads is a warning naming it (decision 0057).
   */
  defaultWords?: Readonly<Record<string, string>>;
  /** Who the active model was made for: a row outside it is a warning (decision 0057). */
  population?: Population | null;
  procedure: ProcedureCode;
  /** YYYY-MM-DD: the day ages and future dates are judged against. */
  today: string;
  limits?: Partial<ImportLimits>;
  /**
   * The record fields the procedure's active model fills in with a default when they are blank: a
   * blank sex, height or weight among them is a row warning naming it, as a blank date of birth
   * always is, so that a default never passes for the patient's own value.
   */
  defaultedFields?: readonly string[];
}

const totalsLine =
  /^(grand total|total|totals|end of report|end of data|count|number of|records?\b|rows?\b)/i;

/** Reads one row at a time; the header's columns are resolved once, up front. */
export class RowReader {
  private readonly columns: Column[];
  /** Each field's position in `columns`, or -1 when the file has no such column. */
  private readonly slot: Record<FieldKey, number>;
  private readonly comorbidities: { code: ComorbidityCode; label: string; slot: number }[];
  /** The current row's cleaned cells, by position in `columns` (reused row to row). */
  private readonly values: (string | null)[];
  /** The current row's columns that held hidden text-direction characters (reused row to row). */
  private readonly redirected: Column[] = [];
  private readonly identities = new PathwayIdentities();
  private readonly dobOptions: DateOptions;
  private readonly dateOptions: DateOptions;
  /** The file has a clock start column and no referral date column: the clock start is both. */
  private readonly referralFromClockStart: boolean;
  private errors: RowIssue[] = [];
  /** The inputs the active model reads that the file has a column for, each warned of when blank (decision 0057). */
  private readonly blankInputChecks: { field: string; label: string; words: string }[];
  private readonly operationVerdicts = new Map<string, string | null>();
  /** The inputs the model fills in when blank, looked up for every row: made once for the file. */
  private readonly defaulted: ReadonlySet<string>;

  constructor(
    columns: Map<string, number>,
    private readonly options: WaitingListOptions,
    private readonly limits: ImportLimits,
    spreadsheet: boolean,
  ) {
    this.columns = [...columns].map(([key, index]) => ({ key, label: labels.get(key) ?? key, index }));
    const position = (key: string) => this.columns.findIndex((c) => c.key === key);
    this.slot = Object.fromEntries(fieldKeys.map((key) => [key, position(key)])) as Record<FieldKey, number>;
    this.comorbidities = comorbidityColumns
      .filter((c) => columns.has(c.key))
      .map((c) => ({ code: c.key, label: c.label, slot: position(c.key) }));
    this.values = new Array<string | null>(this.columns.length).fill(null);
    this.dobOptions = { spreadsheet, fullYearOnly: true };
    this.dateOptions = { spreadsheet, fullYearOnly: false };
    this.referralFromClockStart = columns.has('clockStart') && !columns.has('referralDate');
    this.defaulted = new Set(options.defaultedFields ?? []);
    const words = options.defaultWords ?? {};
    this.blankInputChecks = modelInputFields
      .filter((field) => words[field] !== undefined && columns.has(field))
      .map((field) => ({ field, label: labels.get(field as FieldKey) ?? field, words: words[field]! }));
  }

  read(row: RawRow, checkCharacters: boolean, output: Output<WaitingListRow>): void {
    if (row.tooLong) {
      output.rowTooLong(row.rowNumber);
      return;
    }
    this.errors = [];
    const filled = this.cleanCells(row.cells, checkCharacters);
    if (filled < 0 && row.extraColumns === 0) return;
    if (filled === 1 && this.isTotalsLine(row)) {
      output.warn(row.rowNumber, null, warningMessages.totalsRowSkipped, 'totalsRow');
      return;
    }
    output.rows++;
    for (const column of this.redirected)
      output.directionControlsRemoved(row.rowNumber, column.key, column.label);
    if (row.extraColumns > 0) {
      this.fail(
        null,
        rowMessages.tooManyColumns(row.cells.length + row.extraColumns, this.limits.maxColumns),
      );
    }
    const record = this.record(output, row.rowNumber);
    this.warnModelInputs(output, row.rowNumber, record);
    const { nhsNumber, dateOfBirth } = record;
    const first = this.identities.firstRowOf(
      output,
      row.rowNumber,
      nhsNumber,
      record.localPatientIdentifier,
      dateOfBirth,
      this.errors,
    );
    if (this.errors.length > 0) {
      this.refuse(row, output);
      return;
    }
    if (nhsNumber !== null && first < 0) this.identities.keepBirthDay(row.rowNumber, dateOfBirth);
    output.row({ rowNumber: row.rowNumber, record });
  }

  /**
   * Cells as written, checked for size and broken characters, into `values`: null when blank or
   * "not known". Hidden text-direction characters are removed, and the row warned of each cell that
   * had them (decision 0043): `Ann` + U+202E + `gnp.exe` would otherwise read as another name.
   * Returns how many cells hold a value, or -1 when none holds anything, not even a refused cell.
   */
  private cleanCells(cells: readonly string[], checkCharacters: boolean): number {
    const values = this.values;
    const maxCellChars = this.limits.maxCellChars;
    let any = false;
    let filled = 0;
    this.redirected.length = 0;
    for (let i = 0; i < this.columns.length; i++) {
      const column = this.columns[i]!;
      let raw = cells[column.index];
      values[i] = null;
      if (raw === undefined || raw.length === 0) continue;
      if (raw.length > maxCellChars) {
        this.fail(column.key, rowMessages.cellTooLong(column.label, maxCellChars));
        any = true;
      } else if (checkCharacters && hasBadCharacter(raw)) {
        this.fail(column.key, rowMessages.badCharacter(column.label));
        any = true;
      } else {
        if (checkCharacters && hasBidiControls(raw)) {
          raw = withoutBidiControls(raw);
          this.redirected.push(column);
        }
        const value = cellValue(raw);
        values[i] = value;
        if (value !== null) {
          any = true;
          filled++;
        }
      }
    }
    return any ? filled : -1;
  }

  /** The row's record from its cleaned cells; each value that cannot be read adds an error. */
  private record(output: Output<WaitingListRow>, rowNumber: number): WaitingListRecord {
    const record = blankRecord(this.options.procedure, this.get('firstName'), this.get('lastName'));
    this.readIdentifiers(record);
    record.dateOfBirth = this.dateOfBirth();
    // Blank or "not known" (a cell refused for its length or characters already has an error): the
    // model would put in its default age and show a confident risk (docs/import-format.md "Warnings").
    if (record.dateOfBirth === null && this.get('dateOfBirth') === null && !this.failed('dateOfBirth')) {
      output.warn(rowNumber, 'dateOfBirth', warningMessages.dobMissing, 'dobMissing');
    }
    this.readDates(output, rowNumber, record);
    this.readMeasures(output, rowNumber, record);
    this.readOperation(record);
    const surgeonName = this.get('surgeonName');
    if (surgeonName !== null && surgeonName.length > fieldLimits.surgeonName) {
      this.fail('surgeonName', rowMessages.surgeonTooLong(surgeonName.length));
    }
    record.surgeonName = surgeonName;
    for (const c of this.comorbidities) {
      const raw = this.values[c.slot]!;
      record.comorbidities[c.code] = this.check(c.code, raw, raw === null ? null : parseYesNo(raw, c.label));
    }
    const sex = this.get('sex');
    record.sex = this.check('sex', sex, sex === null ? null : parseSex(sex));
    this.warnDefaulted(output, rowNumber, 'sex', record.sex, 'sexMissing');
    this.warnDefaulted(output, rowNumber, 'height', record.height, 'heightMissing');
    this.warnDefaulted(output, rowNumber, 'weight', record.weight, 'weightMissing');
    this.readCodedFields(record);
    return record;
  }

  /** The NHS number and the local patient identifier (dropped when it cannot be kept). */
  private readIdentifiers(record: WaitingListRecord): void {
    const nhsRaw = this.get('nhsNumber');
    record.nhsNumber = this.check('nhsNumber', nhsRaw, nhsRaw === null ? null : parseNhsNumber(nhsRaw));
    let localPatientIdentifier = this.get('localPatientIdentifier');
    if (localPatientIdentifier !== null) {
      const damage = localIdentifierDamage(localPatientIdentifier);
      if (damage) this.fail('localPatientIdentifier', damage);
      else if (localPatientIdentifier.length > fieldLimits.localPatientIdentifier) {
        this.fail('localPatientIdentifier', rowMessages.localTooLong(localPatientIdentifier.length));
      }
      if (damage || localPatientIdentifier.length > fieldLimits.localPatientIdentifier)
        localPatientIdentifier = null;
    } else if (nhsRaw === null && !this.failed('nhsNumber') && !this.failed('localPatientIdentifier')) {
      this.fail(null, rowMessages.noIdentifier);
    }
    record.localPatientIdentifier = localPatientIdentifier;
  }

  /** The referral, clock start, TCI, priority and validation dates, and their warnings. */
  private readDates(output: Output<WaitingListRow>, rowNumber: number, record: WaitingListRecord): void {
    // Decision 0044: a file with a clock start column and no referral date column (a WLMDS extract
    // has only the RTT period start) takes its clock start as the referral date, as it always has.
    const fileClockStart = this.date('clockStart');
    const referralKey = this.referralFromClockStart ? 'clockStart' : 'referralDate';
    const referralDate = this.referralFromClockStart ? fileClockStart : this.date('referralDate');
    const tciDate = this.date('tciDate');
    if (referralDate !== null && tciDate !== null && tciDate < referralDate) {
      this.fail('tciDate', rowMessages.tciBeforeReferral(this.get('tciDate')!, this.get(referralKey)!));
    }
    if (referralDate !== null && referralDate > this.options.today) {
      output.warn(
        rowNumber,
        'referralDate',
        warningMessages.referralInFuture(showDate(referralDate)),
        'referralInFuture',
      );
    }
    const dateOfBirth = record.dateOfBirth;
    if (referralDate !== null && dateOfBirth !== null && referralDate < dateOfBirth) {
      output.warn(
        rowNumber,
        'referralDate',
        warningMessages.referralBeforeBirth(showDate(referralDate)),
        'referralBeforeBirth',
      );
    }
    // The effective dates of decision 0044: the wait counts from the clock start, else the referral
    // date; a priority with no date of its own is taken as set when the clock started, so that a
    // breach of its target shows rather than hides.
    if (!this.referralFromClockStart) {
      this.warnIfFuture(output, rowNumber, 'clockStart', fileClockStart, 'clockStartInFuture');
    }
    const clockStart = fileClockStart ?? referralDate;
    const filePriorityDate = this.date('priorityDate');
    this.warnIfFuture(output, rowNumber, 'priorityDate', filePriorityDate, 'priorityDateInFuture');
    const lastValidatedOn = this.date('lastValidatedOn');
    this.warnIfFuture(output, rowNumber, 'lastValidatedOn', lastValidatedOn, 'lastValidatedInFuture');
    record.referralDate = referralDate;
    record.clockStart = clockStart;
    record.tciDate = tciDate;
    record.priorityDate = filePriorityDate ?? clockStart;
    record.lastValidatedOn = lastValidatedOn;
  }

  private readMeasures(output: Output<WaitingListRow>, rowNumber: number, record: WaitingListRecord): void {
    const height = this.measure('height', 'cm', 1, 250);
    if (height !== null && height < 3) {
      output.warn(rowNumber, 'height', warningMessages.heightInMetres(String(height)), 'heightInMetres');
    }
    record.height = height;
    record.weight = this.measure('weight', 'kg', 1, 300);
  }

  /** The operation as written, and the procedure it is: the list's own unless the row names one. */
  private readOperation(record: WaitingListRecord): void {
    let operationType: ProcedureCode = this.options.procedure;
    const operationRaw = this.get('operationType');
    const operation = this.check(
      'operationType',
      operationRaw,
      operationRaw === null ? null : parseOperationType(operationRaw),
    );
    if (operation !== null) {
      if (operationFitsProcedure(operation, this.options.procedure)) operationType = operation;
      else this.fail('operationType', rowMessages.operationMismatch(operation, this.options.procedure));
    }
    record.operationType = operationType;
    record.operation = operationRaw === null ? null : operationRaw.slice(0, 100);
  }

  /** The fields written as one of a list of codes or words. */
  private readCodedFields(record: WaitingListRecord): void {
    const ethnic = this.get('ethnicGroup');
    const smoking = this.get('smoking');
    const priority = this.get('priority');
    const surgery = this.get('surgery');
    const social = this.get('social');
    record.ethnicGroup = this.check(
      'ethnicGroup',
      ethnic,
      ethnic === null ? null : parseEthnicCategory(ethnic),
    );
    record.smoking = this.check('smoking', smoking, smoking === null ? null : parseSmoking(smoking));
    record.priority = this.check('priority', priority, priority === null ? null : parsePriority(priority));
    record.surgery = this.check('surgery', surgery, surgery === null ? null : parseReadiness(surgery));
    record.social = this.check('social', social, social === null ? null : parseSocial(social));
  }

  /** A blank sex, height or weight that the active model fills in is a warning naming it. */
  private warnDefaulted(
    output: Output<WaitingListRow>,
    rowNumber: number,
    field: 'sex' | 'height' | 'weight',
    value: unknown,
    kind: 'sexMissing' | 'heightMissing' | 'weightMissing',
  ): void {
    if (value === null && this.defaulted.has(field) && !this.failed(field))
      output.warn(rowNumber, field, warningMessages[kind], kind);
  }

  private failed(field: string): boolean {
    return this.errors.length > 0 && this.errors.some((e) => e.field === field);
  }

  /** The row as an invalid row, with its errors and the cells it had. */
  private refuse(row: RawRow, output: Output<WaitingListRow>): void {
    const shown: Record<string, string> = {};
    for (const column of this.columns) {
      const raw = row.cells[column.index];
      if (raw !== undefined && raw.length > 0) shown[column.key] = cut(withoutBidiControls(raw));
    }
    output.invalidRow({ rowNumber: row.rowNumber, errors: this.errors, values: shown });
  }

  private get(key: FieldKey): string | null {
    const slot = this.slot[key];
    return slot < 0 ? null : this.values[slot]!;
  }

  private fail(field: string | null, message: string): void {
    this.errors.push({ field, message });
  }

  /**
   * Decision 0057: each blank input the active model reads (beyond sex, height, weight and date of
   * birth, warned of already) is a warning naming the value the model will use, grouped by field;
   * a row whose operation or age is outside the model's population is a warning naming why.
   */
  private warnModelInputs(
    output: Output<WaitingListRow>,
    rowNumber: number,
    record: WaitingListRecord,
  ): void {
    for (const { field, label, words } of this.blankInputChecks) {
      const value =
        field === 'ethnicGroup'
          ? record.ethnicGroup
          : field === 'smoking'
            ? record.smoking
            : record.comorbidities[field as ComorbidityCode];
      if (value !== null || this.failed(field)) continue;
      output.warn(rowNumber, field, warningMessages.blankInput(label, words), `blank:${field}`);
    }
    const population = this.options.population;
    if (!population) return;
    const outside =
      this.operationVerdict(population, record.operation) ??
      ageOutside(
        population,
        record.dateOfBirth === null ? null : ageOn(record.dateOfBirth, this.options.today),
      );
    if (outside !== null)
      output.warn(
        rowNumber,
        'operationType',
        warningMessages.outsidePopulation(outside),
        'outsidePopulation',
      );
  }

  /**
   * Whether the operation is outside the model's population, worked out once for each way a file
   * writes it: a list names a handful of operations 100,000 times.
   */
  private operationVerdict(population: Population, operation: string | null): string | null {
    if (operation === null) return null;
    const known = this.operationVerdicts.get(operation);
    if (known !== undefined) return known;
    const verdict = operationOutside(population, { code: opcs4Code(operation), text: operation });
    if (this.operationVerdicts.size < 10_000) this.operationVerdicts.set(operation, verdict);
    return verdict;
  }

  private check<T>(key: string, raw: string | null, parsed: Parsed<T> | null): T | null {
    if (raw === null || parsed === null) return null;
    if (parsed.ok) return parsed.value;
    this.fail(key, parsed.error);
    return null;
  }

  private date(
    key: 'referralDate' | 'clockStart' | 'tciDate' | 'priorityDate' | 'lastValidatedOn',
  ): string | null {
    const raw = this.get(key);
    if (raw === null) return null;
    const parsed = parseDate(raw, labels.get(key)!, this.dateOptions);
    if (parsed.ok) return parsed.value.slice(0, 10);
    this.fail(key, parsed.error);
    return null;
  }

  /** A date after today is a warning, as a referral date's is: the row is still imported. */
  private warnIfFuture(
    output: Output<WaitingListRow>,
    rowNumber: number,
    key: 'clockStart' | 'priorityDate' | 'lastValidatedOn',
    day: string | null,
    kind: 'clockStartInFuture' | 'priorityDateInFuture' | 'lastValidatedInFuture',
  ): void {
    if (day !== null && day > this.options.today)
      output.warn(rowNumber, key, warningMessages[kind](showDate(day)), kind);
  }

  private dateOfBirth(): string | null {
    const raw = this.get('dateOfBirth');
    if (raw === null) return null;
    const parsed = parseDate(raw, labels.get('dateOfBirth')!, this.dobOptions);
    if (!parsed.ok) {
      this.fail('dateOfBirth', parsed.error);
      return null;
    }
    const day = parsed.value.slice(0, 10);
    if (day > this.options.today) this.fail('dateOfBirth', rowMessages.dobFuture(raw));
    else if (ageOn(day, this.options.today) > 110) this.fail('dateOfBirth', rowMessages.dobTooOld(raw));
    else return day;
    return null;
  }

  private measure(key: 'height' | 'weight', unit: string, min: number, max: number): number | null {
    const raw = this.get(key);
    if (raw === null) return null;
    const parsed = parseMeasure(raw, labels.get(key)!, unit);
    if (!parsed.ok) {
      this.fail(key, parsed.error);
      return null;
    }
    if (parsed.value < min || parsed.value > max) {
      this.fail(key, key === 'height' ? rowMessages.height(raw) : rowMessages.weight(raw));
      return null;
    }
    return parsed.value;
  }

  /** A line with one cell saying "Total: 523" or "End of report" under the data. */
  private isTotalsLine(row: RawRow): boolean {
    let text: string | null = null;
    for (const cell of row.cells) {
      if (cell.trim().length === 0) continue;
      if (text !== null) return false;
      text = cell.trim();
    }
    return text !== null && totalsLine.test(text);
  }
}
