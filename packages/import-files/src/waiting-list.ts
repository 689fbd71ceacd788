import { fieldLimits } from '@esr/contracts/field-limits';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { hasBidiControls, withoutBidiControls } from '@esr/contracts/text-direction';
import { ageOn, parseDate, showDate } from './dates.js';
import { ageOutside, opcs4Code, operationOutside, type Population } from '@esr/risk-engine/population';
import type { DateOptions } from './dates.js';
import {
  comorbidityColumns,
  headerKindScores,
  identifierEither,
  mapHeader,
  waitingListColumns,
  waitingListHeaderTable,
} from './headers.js';
import {
  fileMessages,
  identityMessages,
  identityOf,
  rowMessages,
  showNhsNumber,
  warningMessages,
} from './messages.js';
import { localIdentifierDamage, parseNhsNumber } from './nhs-number.js';
import type { Parsed } from './nhs-number.js';
import { cut, failedOutcome, finalOutcome, Output, warningList } from './output.js';
import { ImportFileError } from './raw-rows.js';
import type { RawRow } from './raw-rows.js';
import { NumberIndex } from './number-index.js';
import { openTable, tablePlace } from './table.js';
import { defaultImportLimits } from './types.js';
import type {
  ComorbidityCode,
  FileOutcome,
  ImportInput,
  ImportLimits,
  RowBatch,
  RowIssue,
  WaitingListRecord,
  WaitingListRow,
} from './types.js';
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

const requiredColumns = ['firstName', 'lastName', 'dateOfBirth', 'sex', 'referralDate'];
const labels = new Map(waitingListColumns.map((c) => [c.key, c.label]));
const headers = new Map(waitingListColumns.map((c) => [c.key, c.header]));
const totalsLine =
  /^(grand total|total|totals|end of report|end of data|count|number of|records?\b|rows?\b)/i;

/**
 * Which required columns a header lacks, by their template names (docs/requirements.md §5 diff_headers).
 * A clock start column stands in for the referral date (decision 0044): WLMDS extracts have only the
 * RTT period start.
 */
function missingColumns(columns: Map<string, number>): string[] {
  const missing: string[] = [];
  if (!columns.has('nhsNumber') && !columns.has('localPatientIdentifier')) missing.push(identifierEither);
  for (const key of requiredColumns) {
    if (key === 'referralDate' && columns.has('clockStart')) continue;
    if (!columns.has(key)) missing.push(headers.get(key)!);
  }
  return missing;
}

/**
 * Reads a waiting-list upload (docs/requirements.md §5): one row per patient pathway, CSV, XLSX or XLS. Yields
 * batches of about 1,000 valid rows, invalid rows and warnings as it reads, and returns the outcome.
 * A file-level problem ends it with status FAILED; it never throws for a bad file.
 */
export async function* parseWaitingList(
  input: ImportInput,
  options: WaitingListOptions,
): AsyncGenerator<RowBatch<WaitingListRow>, FileOutcome> {
  const limits: ImportLimits = { ...defaultImportLimits, ...options.limits };
  const opened = await openTable(input, limits);
  if (!opened.ok) return failedOutcome(opened.error, opened.format);
  const table = opened.table;
  const where = tablePlace(table);
  const format = table.format;
  const mapping = mapHeader(table.header.cells, [waitingListHeaderTable]);
  const diffHeaders = { missing: missingColumns(mapping.columns), unexpected: mapping.unexpected };
  if (table.header.extraColumns > 0) {
    return failedOutcome(
      fileMessages.headerTooWide(table.header.cells.length + table.header.extraColumns, limits.maxColumns),
      format,
      { diffHeaders, ...where },
    );
  }
  if (diffHeaders.missing.length > 0) {
    const kinds = headerKindScores(table.header.cells);
    const error =
      kinds.blood >= 2 && kinds.blood > kinds.waitingList
        ? fileMessages.bloodInWaitingList
        : fileMessages.missingColumns(diffHeaders.missing);
    return failedOutcome(error, format, { diffHeaders, ...where });
  }

  const output = new Output<WaitingListRow>(limits.maxWarningsPerKind);
  warningList(table.warnings, output);
  for (const { used, ignored } of mapping.duplicates)
    output.warn(null, null, warningMessages.duplicateColumn(used, ignored));

  // An input the active model reads that the file has no column for is one warning for the file,
  // not one for each row (decision 0057): a real extract often leaves a whole column out.
  const absentInputs = options.defaultWords
    ? modelInputFields.filter(
        (field) => options.defaultWords![field] !== undefined && !mapping.columns.has(field),
      )
    : [];
  for (const field of absentInputs)
    output.warn(
      null,
      field,
      warningMessages.absentInput(labels.get(field as FieldKey) ?? field, options.defaultWords![field]!),
      `absent:${field}`,
    );
  const reader = new RowReader(mapping.columns, options, limits, table.spreadsheet);
  try {
    for await (const batch of table.rows) {
      for (const row of batch.rows) {
        reader.read(row, batch.checkCharacters, output);
        if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
        if (output.full) yield output.take();
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) {
      return failedOutcome(error.userMessage, format, {
        diffHeaders,
        totals: output.totals,
        ...where,
      });
    }
    throw error;
  }
  output.finishWarnings();
  if (output.pending) yield output.take();
  const outcome = finalOutcome(output, format, { diffHeaders, ...where });
  return outcome;
}

interface Column {
  key: string;
  label: string;
  index: number;
}

const fieldKeys = [
  'nhsNumber',
  'localPatientIdentifier',
  'firstName',
  'lastName',
  'dateOfBirth',
  'sex',
  'ethnicGroup',
  'height',
  'weight',
  'smoking',
  'operationType',
  'referralDate',
  'clockStart',
  'tciDate',
  'surgeonName',
  'priority',
  'priorityDate',
  'lastValidatedOn',
  'surgery',
  'social',
] as const;
type FieldKey = (typeof fieldKeys)[number];

function emptyComorbidities(): Record<ComorbidityCode, 0 | 1 | null> {
  return {
    hypt: null,
    af: null,
    ihd: null,
    ang: null,
    valv: null,
    hfl: null,
    pvd: null,
    copd: null,
    dem: null,
    alz: null,
    pa: null,
    ps: null,
    idd: null,
    nidd: null,
    hypo: null,
    hype: null,
    ra: null,
    foa: null,
  };
}

/** The inputs whose blank cells the active model fills in with a named default (decision 0057). */
const modelInputFields: string[] = ['ethnicGroup', 'smoking', ...comorbidityColumns.map((c) => c.key)];

/** Reads one row at a time; the header's columns are resolved once, up front. */
class RowReader {
  private readonly columns: Column[];
  /** Each field's position in `columns`, or -1 when the file has no such column. */
  private readonly slot: Record<FieldKey, number>;
  private readonly comorbidities: { code: ComorbidityCode; label: string; slot: number }[];
  /** The current row's cleaned cells, by position in `columns` (reused row to row). */
  private readonly values: (string | null)[];
  /** The row each NHS number and local identifier was first seen on, to refuse a pathway twice. */
  private readonly seenNhsNumbers = new NumberIndex();
  private readonly seenLocals = new Map<string, number>();
  /**
   * The date of birth of each valid row with an NHS number, as a day number (`birthDay`), by row
   * number; 0 for a row refused or without one. The NHS number's first row (`seenNhsNumbers`) leads
   * here: another row of that NHS number born on another day makes both rows errors (decision
   * 0055). An array by row rather than a second index by NHS number: one hashed lookup a row.
   */
  private birthDayOfRow = new Int32Array(1024);
  /** The earlier rows already refused for such a conflict, each refused once. */
  private readonly conflictedFirstRows = new Set<number>();
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
    failed: (field: string) => boolean,
  ): void {
    for (const { field, label, words } of this.blankInputChecks) {
      const value =
        field === 'ethnicGroup'
          ? record.ethnicGroup
          : field === 'smoking'
            ? record.smoking
            : record.comorbidities[field as ComorbidityCode];
      if (value !== null || failed(field)) continue;
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

  read(row: RawRow, checkCharacters: boolean, output: Output<WaitingListRow>): void {
    const { cells } = row;
    if (row.tooLong) {
      output.rowTooLong(row.rowNumber);
      return;
    }
    // Cells as written, checked for size and broken characters; null when blank or "not known".
    // Hidden text-direction characters are removed, and the row warned of each cell that had them
    // (decision 0043): `Ann` + U+202E + `gnp.exe` would otherwise read as another name.
    this.errors = [];
    const values = this.values;
    const maxCellChars = this.limits.maxCellChars;
    let any = false;
    let filled = 0;
    let redirected: Column[] | null = null;
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
          (redirected ??= []).push(column);
        }
        const value = cellValue(raw);
        values[i] = value;
        if (value !== null) {
          any = true;
          filled++;
        }
      }
    }
    if (!any && row.extraColumns === 0) return;
    if (filled === 1 && this.isTotalsLine(row)) {
      output.warn(row.rowNumber, null, warningMessages.totalsRowSkipped, 'totalsRow');
      return;
    }
    output.rows++;
    if (redirected !== null) {
      for (const column of redirected)
        output.warn(
          row.rowNumber,
          column.key,
          warningMessages.directionControlsRemoved(column.label),
          `directionControls:${column.key}`,
        );
    }
    if (row.extraColumns > 0) {
      this.fail(null, rowMessages.tooManyColumns(cells.length + row.extraColumns, this.limits.maxColumns));
    }
    const failed = (field: string) => this.errors.length > 0 && this.errors.some((e) => e.field === field);

    const nhsRaw = this.get('nhsNumber');
    const nhsNumber = this.check('nhsNumber', nhsRaw, nhsRaw === null ? null : parseNhsNumber(nhsRaw));
    let localPatientIdentifier = this.get('localPatientIdentifier');
    if (localPatientIdentifier !== null) {
      const damage = localIdentifierDamage(localPatientIdentifier);
      if (damage) this.fail('localPatientIdentifier', damage);
      else if (localPatientIdentifier.length > fieldLimits.localPatientIdentifier) {
        this.fail('localPatientIdentifier', rowMessages.localTooLong(localPatientIdentifier.length));
      }
      if (damage || localPatientIdentifier.length > fieldLimits.localPatientIdentifier)
        localPatientIdentifier = null;
    } else if (nhsRaw === null && !failed('nhsNumber') && !failed('localPatientIdentifier')) {
      this.fail(null, rowMessages.noIdentifier);
    }

    const dateOfBirth = this.dateOfBirth();
    // Blank or "not known" (a cell refused for its length or characters already has an error): the
    // model would put in its default age and show a confident risk (docs/import-format.md "Warnings").
    if (dateOfBirth === null && this.get('dateOfBirth') === null && !failed('dateOfBirth')) {
      output.warn(row.rowNumber, 'dateOfBirth', warningMessages.dobMissing, 'dobMissing');
    }
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
        row.rowNumber,
        'referralDate',
        warningMessages.referralInFuture(showDate(referralDate)),
        'referralInFuture',
      );
    }
    if (referralDate !== null && dateOfBirth !== null && referralDate < dateOfBirth) {
      output.warn(
        row.rowNumber,
        'referralDate',
        warningMessages.referralBeforeBirth(showDate(referralDate)),
        'referralBeforeBirth',
      );
    }
    // The effective dates of decision 0044: the wait counts from the clock start, else the referral
    // date; a priority with no date of its own is taken as set when the clock started, so that a
    // breach of its target shows rather than hides.
    if (!this.referralFromClockStart) {
      this.warnIfFuture(output, row.rowNumber, 'clockStart', fileClockStart, 'clockStartInFuture');
    }
    const clockStart = fileClockStart ?? referralDate;
    const filePriorityDate = this.date('priorityDate');
    this.warnIfFuture(output, row.rowNumber, 'priorityDate', filePriorityDate, 'priorityDateInFuture');
    const lastValidatedOn = this.date('lastValidatedOn');
    this.warnIfFuture(output, row.rowNumber, 'lastValidatedOn', lastValidatedOn, 'lastValidatedInFuture');

    const height = this.measure('height', 'cm', 1, 250);
    if (height !== null && height < 3) {
      output.warn(row.rowNumber, 'height', warningMessages.heightInMetres(String(height)), 'heightInMetres');
    }
    const weight = this.measure('weight', 'kg', 1, 300);

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

    const surgeonName = this.get('surgeonName');
    if (surgeonName !== null && surgeonName.length > fieldLimits.surgeonName) {
      this.fail('surgeonName', rowMessages.surgeonTooLong(surgeonName.length));
    }

    const comorbidities = emptyComorbidities();
    for (const c of this.comorbidities) {
      const raw = values[c.slot]!;
      comorbidities[c.code] = this.check(c.code, raw, raw === null ? null : parseYesNo(raw, c.label));
    }

    const sex = this.get('sex');
    const parsedSex = this.check('sex', sex, sex === null ? null : parseSex(sex));
    const defaulted = this.defaulted;
    const warnMissing = (
      field: 'sex' | 'height' | 'weight',
      value: unknown,
      kind: keyof typeof warningMessages,
    ) => {
      if (value === null && defaulted.has(field) && !failed(field))
        output.warn(row.rowNumber, field, warningMessages[kind] as string, kind);
    };
    warnMissing('sex', parsedSex, 'sexMissing');
    warnMissing('height', height, 'heightMissing');
    warnMissing('weight', weight, 'weightMissing');
    const ethnic = this.get('ethnicGroup');
    const smoking = this.get('smoking');
    const priority = this.get('priority');
    const surgery = this.get('surgery');
    const social = this.get('social');
    const record: WaitingListRecord = {
      nhsNumber,
      localPatientIdentifier,
      firstName: this.get('firstName'),
      lastName: this.get('lastName'),
      dateOfBirth,
      sex: parsedSex,
      ethnicGroup: this.check('ethnicGroup', ethnic, ethnic === null ? null : parseEthnicCategory(ethnic)),
      height,
      weight,
      smoking: this.check('smoking', smoking, smoking === null ? null : parseSmoking(smoking)),
      operationType,
      operation: operationRaw === null ? null : operationRaw.slice(0, 100),
      referralDate,
      clockStart,
      tciDate,
      surgeonName,
      priority: this.check('priority', priority, priority === null ? null : parsePriority(priority)),
      priorityDate: filePriorityDate ?? clockStart,
      lastValidatedOn,
      surgery: this.check('surgery', surgery, surgery === null ? null : parseReadiness(surgery)),
      social: this.check('social', social, social === null ? null : parseSocial(social)),
      comorbidities,
    };
    this.warnModelInputs(output, row.rowNumber, record, failed);

    // docs/requirements.md §5: a pathway is matched by NHS number, else local patient identifier.
    const first =
      nhsNumber !== null
        ? this.seenNhsNumbers.putIfAbsent(Number(nhsNumber), row.rowNumber)
        : localPatientIdentifier !== null
          ? this.firstRowOfLocal(localPatientIdentifier, row.rowNumber)
          : -1;
    if (first >= 0) {
      const firstBorn = nhsNumber !== null ? (this.birthDayOfRow[first] ?? 0) : 0;
      if (firstBorn > 0 && dateOfBirth !== null && firstBorn !== birthDay(dateOfBirth)) {
        // One NHS number, two dates of birth: two patients, or one mistyped. Neither row can be
        // trusted to be the pathway's patient, so the earlier row, already read as valid, is
        // refused too (its staged line is dropped with it).
        this.identityConflict(output, nhsNumber!, first, dayText(firstBorn), row.rowNumber, dateOfBirth);
      } else {
        const identity =
          nhsNumber !== null
            ? `NHS number ${showNhsNumber(nhsNumber)}`
            : `local patient identifier ${localPatientIdentifier}`;
        this.fail(null, rowMessages.duplicate(first, identity));
      }
    }

    if (this.errors.length > 0) {
      const shown: Record<string, string> = {};
      for (const column of this.columns) {
        const raw = cells[column.index];
        if (raw !== undefined && raw.length > 0) shown[column.key] = cut(withoutBidiControls(raw));
      }
      output.invalidRow({ rowNumber: row.rowNumber, errors: this.errors, values: shown });
      return;
    }
    if (nhsNumber !== null && first < 0)
      this.keepBirthDay(row.rowNumber, dateOfBirth === null ? 0 : birthDay(dateOfBirth));
    output.row({ rowNumber: row.rowNumber, record });
  }

  private keepBirthDay(rowNumber: number, day: number): void {
    if (rowNumber >= this.birthDayOfRow.length) {
      const grown = new Int32Array(Math.max(rowNumber + 1, this.birthDayOfRow.length * 2));
      grown.set(this.birthDayOfRow);
      this.birthDayOfRow = grown;
    }
    this.birthDayOfRow[rowNumber] = day;
  }

  /** Refuses this row, and the earlier valid row of the same NHS number born on another day. */
  private identityConflict(
    output: Output<WaitingListRow>,
    nhsNumber: string,
    firstRow: number,
    firstBorn: string,
    rowNumber: number,
    born: string,
  ): void {
    const identity = identityOf(nhsNumber, null);
    this.fail('dateOfBirth', identityMessages.fileConflict(identity, firstRow, firstBorn, born));
    if (this.conflictedFirstRows.has(firstRow)) return;
    this.conflictedFirstRows.add(firstRow);
    output.invalidRow({
      rowNumber: firstRow,
      errors: [
        {
          field: 'dateOfBirth',
          message: identityMessages.fileConflict(identity, rowNumber, born, firstBorn),
        },
      ],
      values: { nhsNumber: showNhsNumber(nhsNumber), dateOfBirth: showDate(firstBorn) },
    });
  }

  private firstRowOfLocal(local: string, rowNumber: number): number {
    const first = this.seenLocals.get(local);
    if (first !== undefined) return first;
    this.seenLocals.set(local, rowNumber);
    return -1;
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

const dayMs = 86_400_000;
const day1900 = Date.UTC(1900, 0, 1) / dayMs;

/** A date of birth (YYYY-MM-DD, from 1900 on) as a whole number of days from 1900, always above 0. */
function birthDay(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMs -
    day1900 +
    1
  );
}

/** `birthDay` back as YYYY-MM-DD. */
const dayText = (day: number) => new Date((day - 1 + day1900) * dayMs).toISOString().slice(0, 10);
