import { fieldLimits } from '@esr/contracts/field-limits';
import { hasBidiControls, withoutBidiControls } from '@esr/contracts/text-direction';
import { CellCache, CsvLines } from './csv-lines.js';
import { parseDate } from './dates.js';
import type { DateOptions } from './dates.js';
import {
  bloodLongHeaderTable,
  headerKindScores,
  identifierEither,
  labHeaderTable,
  labSpecs,
  mapHeader,
  matchHeader,
  readHeaderCell,
} from './headers.js';
import type { LabSpec } from './headers.js';
import { guessUnit, impossibleValue, outsideRange, parseLabResult, tidy, unitFactor } from './lab-values.js';
import type { UnitVerdict } from './lab-values.js';
import { fileMessages, identityMessages, identityOf, rowMessages, warningMessages } from './messages.js';
import { NumberIndex } from './number-index.js';
import { localIdentifierDamage, parseNhsNumber } from './nhs-number.js';
import type { Parsed } from './nhs-number.js';
import { cut, failedOutcome, finalOutcome, Output, warningList } from './output.js';
import { ImportFileError } from './raw-rows.js';
import type { RawRow } from './raw-rows.js';
import { openTable, tablePlace } from './table.js';
import { defaultImportLimits, labCodes } from './types.js';
import type {
  BloodTestPatient,
  FileOutcome,
  ImportInput,
  ImportLimits,
  LabCode,
  RowBatch,
  RowIssue,
} from './types.js';
import { cellValue, hasBadCharacter, needsCharacterCheck } from './values.js';

export interface BloodTestOptions {
  /** YYYY-MM-DD: sample dates after it are refused. */
  today: string;
  limits?: Partial<ImportLimits>;
  /**
   * Whether a long CSV extract's simple lines are read straight from its bytes (the default). Off,
   * every row goes through the tokenizer: the tests compare the two ways.
   */
  fromBytes?: boolean;
}

const labIndex = new Map<LabCode, number>(labCodes.map((code, i) => [code, i]));
const specs = labCodes.map((code) => labSpecs.find((s) => s.key === code)!);
const fieldLabels: Record<string, string> = {
  nhsNumber: 'NHS number',
  localPatientIdentifier: 'Local patient identifier',
  dateOfBirth: 'Date of birth',
  testName: 'Test name',
  testCode: 'Test code',
  result: 'Result',
  unit: 'Unit',
  sampleDate: 'Sample date',
  ...Object.fromEntries(labSpecs.map((s) => [s.key, s.label])),
};

const labCount = labCodes.length;

/**
 * The latest usable result of each test for every patient (docs/requirements.md §5: the latest result per test is
 * used), in flat arrays indexed by patient then test: a 1,000,000-row extract has 100,000 patients,
 * and three typed arrays of their own for each cost more than reading their rows.
 */
export class PatientResults {
  private values = new Float64Array(1024 * labCount);
  private rows = new Int32Array(1024 * labCount);
  /** When each result was sampled, as an index into `stampTexts`; 0 where there is no result. */
  private stamps = new Int32Array(1024 * labCount);
  private readonly stampTexts: string[] = [''];
  private readonly sampleDays: (string | undefined)[] = [undefined];
  private readonly stampIds = new Map<string, number>();
  /** An extract's rows come patient by patient, each patient's often sampled at one time. */
  private lastStamp = '';
  private lastStampId = 0;
  readonly nhsNumbers: (string | null)[] = [];
  readonly localIdentifiers: (string | null)[] = [];
  /**
   * Each patient's date of birth (YYYY-MM-DD) as the file's first row with one gave it, and that row:
   * compared with the waiting list's (decision 0055). Null, and 0, for a file without one.
   */
  readonly birthDates: (string | null)[] = [];
  readonly birthDateRows: number[] = [];

  get count(): number {
    return this.nhsNumbers.length;
  }

  /** A new patient's index. */
  add(nhsNumber: string | null, localPatientIdentifier: string | null): number {
    const patient = this.nhsNumbers.length;
    this.nhsNumbers.push(nhsNumber);
    this.localIdentifiers.push(localPatientIdentifier);
    this.birthDates.push(null);
    this.birthDateRows.push(0);
    if ((patient + 1) * labCount > this.values.length) {
      const values = new Float64Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
      const rows = new Int32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      const stamps = new Int32Array(this.stamps.length * 2);
      stamps.set(this.stamps);
      this.stamps = stamps;
    }
    return patient;
  }

  private stampId(stamp: string): number {
    if (this.lastStampId !== 0 && stamp === this.lastStamp) return this.lastStampId;
    let id = this.stampIds.get(stamp);
    if (id === undefined) {
      id = this.stampTexts.length;
      this.stampTexts.push(stamp);
      this.sampleDays.push(stamp.length < 10 ? undefined : stamp.length === 10 ? stamp : stamp.slice(0, 10));
      this.stampIds.set(stamp, id);
    }
    this.lastStamp = stamp;
    this.lastStampId = id;
    return id;
  }

  /** Patient `patient`'s result of lab `lab` (its position in labCodes), if any. */
  value(patient: number, lab: number): number | undefined {
    const at = patient * labCount + lab;
    return this.stamps[at] === 0 ? undefined : this.values[at];
  }

  /** The YYYY-MM-DD sample date of that result, if the file gave one. */
  sampleDate(patient: number, lab: number): string | undefined {
    return this.sampleDays[this.stamps[patient * labCount + lab]!];
  }

  /** The rows whose results are the patient's latest, in order: those a list row would take. */
  usedRows(patient: number): number[] {
    const rows: number[] = [];
    for (let at = patient * labCount; at < (patient + 1) * labCount; at++) {
      if (this.stamps[at] !== 0 && !rows.includes(this.rows[at]!)) rows.push(this.rows[at]!);
    }
    return rows.sort((a, b) => a - b);
  }

  /** Whether the patient has a result (a row that gave none, a comment, say, adds a patient too). */
  hasResult(patient: number): boolean {
    for (let at = patient * labCount; at < (patient + 1) * labCount; at++) {
      if (this.stamps[at] !== 0) return true;
    }
    return false;
  }

  /** How many patients have a result. */
  withResults(): number {
    let count = 0;
    for (let patient = 0; patient < this.count; patient++) if (this.hasResult(patient)) count++;
    return count;
  }

  offer(patient: number, lab: number, value: number, stamp: string, rowNumber: number): void {
    const at = patient * labCount + lab;
    const current = this.stamps[at]!;
    // Same day and time: the later row wins, as the later line of an extract is the later report.
    if (current === 0 || stamp >= this.stampTexts[current]!) {
      this.values[at] = value;
      this.stamps[at] = this.stampId(stamp);
      this.rows[at] = rowNumber;
    }
  }

  toPatient(patient: number): BloodTestPatient | null {
    const results: BloodTestPatient['results'] = {};
    const sampleDates: BloodTestPatient['sampleDates'] = {};
    const rowNumbers: number[] = [];
    for (let i = 0; i < labCount; i++) {
      const at = patient * labCount + i;
      const stamp = this.stamps[at]!;
      if (stamp === 0) continue;
      const code = labCodes[i]!;
      results[code] = this.values[at]!;
      const day = this.sampleDays[stamp];
      if (day !== undefined) sampleDates[code] = day;
      const row = this.rows[at]!;
      if (!rowNumbers.includes(row)) rowNumbers.push(row);
    }
    if (rowNumbers.length === 0) return null;
    return {
      nhsNumber: this.nhsNumbers[patient]!,
      localPatientIdentifier: this.localIdentifiers[patient]!,
      results,
      sampleDates,
      rowNumbers: rowNumbers.sort((a, b) => a - b),
    };
  }
}

interface TestInfo {
  lab: LabCode | null;
  /** The lab's position in labCodes (-1 for a test the model does not use). */
  labNumber: number;
  /** A unit written in the test name, `Haemoglobin (g/dL)`. */
  unit: string | null;
  display: string;
}

/**
 * Reads a blood-test upload (docs/requirements.md §5): long format (one row per result, as pathology extracts come)
 * or wide (one row per patient, a column per test), told apart by the header. Invalid rows and
 * warnings are yielded as the file is read; the patients, with the latest result of each test, at
 * the end. A file-level problem ends it with status FAILED; it never throws for a bad file.
 */
export async function* parseBloodTests(
  input: ImportInput,
  options: BloodTestOptions,
): AsyncGenerator<RowBatch<BloodTestPatient>, FileOutcome> {
  const reading = readBloodTests(input, options);
  for (;;) {
    const step = await reading.next();
    if (!step.done) {
      yield step.value;
      continue;
    }
    const { outcome, patients } = step.value;
    let rows: BloodTestPatient[] = [];
    for (let index = 0; patients !== null && index < patients.count; index++) {
      const patient = patients.toPatient(index);
      if (!patient) continue;
      rows.push(patient);
      if (rows.length >= 1000) {
        yield { rows, invalidRows: [], warnings: [] };
        rows = [];
      }
    }
    if (rows.length > 0) yield { rows, invalidRows: [], warnings: [] };
    return outcome;
  }
}

export interface BloodTestsRead {
  outcome: FileOutcome;
  /** Every patient's latest results (some may have none); null when the file failed. */
  patients: PatientResults | null;
}

/**
 * `parseBloodTests` with the patients handed over as one table instead of an object each: for a
 * reader that writes 100,000 patients' results out at once.
 */
export async function* readBloodTests(
  input: ImportInput,
  options: BloodTestOptions,
): AsyncGenerator<RowBatch<never>, BloodTestsRead> {
  const failed = (outcome: FileOutcome): BloodTestsRead => ({ outcome, patients: null });
  const limits: ImportLimits = { ...defaultImportLimits, ...options.limits };
  const opened = await openTable(input, limits);
  if (!opened.ok) {
    return failed(
      failedOutcome(
        opened.error === fileMessages.noHeader ? fileMessages.noHeaderBlood : opened.error,
        opened.format,
      ),
    );
  }
  const table = opened.table;
  const format = table.format;
  const where = tablePlace(table);
  const mapping = mapHeader(table.header.cells, [bloodLongHeaderTable, labHeaderTable]);
  const columns = mapping.columns;
  const hasIdentifier = columns.has('nhsNumber') || columns.has('localPatientIdentifier');
  const labColumns = specs.filter((s) => columns.has(s.key));
  const long =
    columns.has('testName') || columns.has('testCode') || columns.has('result') || labColumns.length === 0;
  const layout: 'long' | 'wide' = long ? 'long' : 'wide';
  const missing: string[] = [];
  if (!hasIdentifier) missing.push(identifierEither);
  if (long) {
    if (!columns.has('testName') && !columns.has('testCode')) missing.push('Test Name');
    if (!columns.has('result')) missing.push('Result');
    if (!columns.has('sampleDate')) missing.push('Sample Date');
  }
  const diffHeaders = { missing, unexpected: mapping.unexpected };
  if (table.header.extraColumns > 0) {
    return failed(
      failedOutcome(
        fileMessages.headerTooWide(table.header.cells.length + table.header.extraColumns, limits.maxColumns),
        format,
        { diffHeaders, layout, ...where },
      ),
    );
  }
  if (missing.length > 0) {
    const kinds = headerKindScores(table.header.cells);
    const error =
      kinds.waitingList >= 2 && kinds.waitingList > kinds.blood
        ? fileMessages.waitingListInBlood
        : fileMessages.missingColumns(missing);
    return failed(failedOutcome(error, format, { diffHeaders, layout, ...where }));
  }

  const output = new Output<never>(limits.maxWarningsPerKind);
  warningList(table.warnings, output);
  for (const { used, ignored } of mapping.duplicates)
    output.warn(null, null, warningMessages.duplicateColumn(used, ignored));
  const reader = new BloodRowReader(
    columns,
    mapping.units,
    labColumns,
    long,
    options.today,
    limits,
    table.spreadsheet,
  );
  try {
    if (long && table.csvBytes && options.fromBytes !== false) {
      // Most rows straight from the bytes (csv-lines.ts); the rest as every other file's rows are.
      await table.rows.return(undefined);
      const lines = new CsvLines(table.csvBytes);
      for (;;) {
        const next = lines.next();
        if (next === 'end') break;
        if (next === 'line') {
          if (!reader.readLine(lines, output)) reader.read(lines.rawRow(), true, output);
        } else {
          for (const row of lines.rows) reader.read(row, true, output);
        }
        if (output.full) yield output.take();
        if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
      }
    } else {
      for await (const batch of table.rows) {
        for (const row of batch.rows) {
          reader.read(row, batch.checkCharacters, output);
          if (output.full) yield output.take();
        }
        if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) {
      return failed(
        failedOutcome(error.userMessage, format, {
          diffHeaders,
          layout,
          totals: output.totals,
          ...where,
        }),
      );
    }
    throw error;
  }
  for (const [name, count] of reader.unknownTests)
    output.warn(null, 'testName', warningMessages.unknownTest(name, count));
  output.finishWarnings();
  if (output.pending) yield output.take();
  const patients = reader.results;
  return {
    outcome: finalOutcome(output, format, {
      diffHeaders,
      layout,
      patients: patients.withResults(),
      ...where,
    }),
    patients,
  };
}

const powersOfTen = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * A result written as plain digits with at most one decimal point (`134`, `6.2`), as Number() reads
 * it: fifteen digits or fewer divided by a power of ten is exact to the last bit (both are exact
 * doubles and the division rounds once). NaN for anything else, which parseLabResult then reads.
 */
export function simpleDecimal(bytes: Uint8Array, start: number, end: number): number {
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (let i = start; i < end; i++) {
    const c = bytes[i]!;
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0 && digits > 0) {
      decimals = 0;
    } else {
      return Number.NaN;
    }
  }
  if (digits === 0 || digits > 15 || decimals === 0) return Number.NaN;
  return decimals > 0 ? mantissa / powersOfTen[decimals]! : mantissa;
}

const failed = (errors: RowIssue[] | null, field: string) =>
  errors !== null && errors.some((e) => e.field === field);

class BloodRowReader {
  readonly results = new PatientResults();
  /** Each patient's index in `results`, by NHS number, or by local identifier for those without one. */
  private readonly patientsByNhsNumber = new NumberIndex();
  private readonly patientsByLocal = new Map<string, number>();

  /** The patient's index in `results`, and whether they were new (then added). */
  private patient(nhsNumber: string | null, local: string | null): { index: number; added: boolean } {
    const next = this.results.count;
    let known: number;
    if (nhsNumber !== null) {
      known = this.patientsByNhsNumber.putIfAbsent(Number(nhsNumber), next);
    } else {
      known = this.patientsByLocal.get(local!) ?? -1;
      if (known < 0) this.patientsByLocal.set(local!, next);
    }
    if (known >= 0) return { index: known, added: false };
    return { index: this.results.add(nhsNumber, local), added: true };
  }
  /** The last NHS number read, and what it was read as: an extract's rows come patient by patient. */
  private lastNhsRaw: string | null = null;
  private lastNhs: Parsed<string> = { ok: false, error: '' };
  readonly unknownTests = new Map<string, number>();
  private readonly mapped: { key: string; index: number }[];
  private readonly nhsIndex: number;
  private readonly localIndex: number;
  /** The date of birth column, if the file has one (decision 0055). */
  private readonly dobIndex: number;
  private readonly dobOptions: DateOptions;
  private readonly nameIndex: number;
  private readonly codeIndex: number;
  private readonly resultIndex: number;
  private readonly unitIndex: number;
  private readonly dateIndex: number;
  private readonly wideColumns: { spec: LabSpec; lab: number; index: number; unit: string | null }[];
  private readonly tests = new Map<string, TestInfo>();
  private readonly dates = new Map<string, Parsed<string>>();
  private readonly units = labCodes.map(() => new Map<string, UnitVerdict>());
  private readonly dateOptions: DateOptions;

  constructor(
    columns: Map<string, number>,
    headerUnits: Map<string, string>,
    labColumns: LabSpec[],
    private readonly long: boolean,
    private readonly today: string,
    private readonly limits: ImportLimits,
    spreadsheet: boolean,
  ) {
    const at = (key: string) => columns.get(key) ?? -1;
    this.nhsIndex = at('nhsNumber');
    this.localIndex = at('localPatientIdentifier');
    this.dobIndex = at('dateOfBirth');
    this.nameIndex = at('testName');
    this.codeIndex = at('testCode');
    this.resultIndex = at('result');
    this.unitIndex = at('unit');
    this.dateIndex = at('sampleDate');
    this.wideColumns = long
      ? []
      : labColumns.map((spec) => ({
          spec,
          lab: labIndex.get(spec.key)!,
          index: columns.get(spec.key)!,
          unit: headerUnits.get(spec.key) ?? null,
        }));
    const used = long
      ? [
          'nhsNumber',
          'localPatientIdentifier',
          'dateOfBirth',
          'testName',
          'testCode',
          'result',
          'unit',
          'sampleDate',
        ]
      : ['nhsNumber', 'localPatientIdentifier', 'dateOfBirth', 'sampleDate', ...labColumns.map((s) => s.key)];
    this.mapped = used.filter((key) => columns.has(key)).map((key) => ({ key, index: columns.get(key)! }));
    this.dateOptions = { spreadsheet, fullYearOnly: false };
    this.dobOptions = { spreadsheet, fullYearOnly: true };
  }

  private test(raw: string | undefined): TestInfo | null {
    if (raw === undefined || raw.length === 0) return null;
    let info = this.tests.get(raw);
    if (info === undefined) {
      // Not cellValue: "Na" (sodium) is a test here, not "not available".
      const value = raw.trim();
      if (value.length === 0) return null;
      const header = readHeaderCell(value);
      const match = matchHeader(labHeaderTable, header);
      info = {
        lab: match ? (match.key as LabCode) : null,
        labNumber: match ? labIndex.get(match.key as LabCode)! : -1,
        unit: match && header.unit ? header.unit : null,
        display: value,
      };
      if (this.tests.size < 10_000) this.tests.set(raw, info);
    }
    return info;
  }

  /** Test names and codes, units and sample dates by their bytes; false: the cell has a bad character. */
  private readonly testCells = new CellCache<TestInfo | null | false>();
  private readonly unitCells = new CellCache<string | null | false>();
  private readonly dateCells = new CellCache<Parsed<string> | null | false>();
  /** The NHS number cell of the last simple line, what it was read as, and its patient (-1: not yet). */
  private readonly lastNhsBytes = new Uint8Array(64);
  private lastNhsLength = -1;
  private lastNhsParsed: Parsed<string> | null = null;
  private lastPatient = -1;
  /** The simple line being read, for a warning that quotes its result. */
  private lines: CsvLines | null = null;

  private lineText(index: number): string {
    return this.lines!.text(index);
  }

  private cached<T>(
    cache: CellCache<T | false>,
    lines: CsvLines,
    index: number,
    read: (text: string) => T,
  ): T | false {
    let entry = cache.get(lines, index);
    if (entry === undefined) {
      const text = lines.text(index);
      entry = lines.wide[index] === 1 && needsCharacterCheck(text) ? false : read(text);
      cache.set(lines, index, entry);
    }
    return entry;
  }

  private readonly readTest = (text: string) => this.test(text);
  private readonly readUnit = (text: string) => cellValue(text);
  private readonly readDate = (text: string) => {
    const value = cellValue(text);
    return value === null ? null : this.date(value);
  };

  /**
   * Reads a long-format simple line (csv-lines.ts) as `read` reads its row, without making a string
   * of a cell it has read before. False when the row has anything `read` would refuse or check: the
   * caller then reads it with `read`, and nothing has been counted or kept.
   */
  readLine(lines: CsvLines, output: Output<never>): boolean {
    // A file with dates of birth checks each against the patient's others: every row is read whole.
    if (this.dobIndex >= 0) return false;
    const maxCellChars = this.limits.maxCellChars;
    let any = false;
    for (const { index } of this.mapped) {
      const length = lines.byteLength(index);
      if (length === 0) continue;
      if (length > maxCellChars) return false;
      any = true;
    }
    if (!any) return true;

    let byCode: TestInfo | null = null;
    if (this.codeIndex >= 0 && lines.byteLength(this.codeIndex) > 0) {
      const entry = this.cached(this.testCells, lines, this.codeIndex, this.readTest);
      if (entry === false) return false;
      byCode = entry;
    }
    let byName: TestInfo | null = null;
    if (this.nameIndex >= 0 && lines.byteLength(this.nameIndex) > 0) {
      const entry = this.cached(this.testCells, lines, this.nameIndex, this.readTest);
      if (entry === false) return false;
      byName = entry;
    }
    const test = byCode && byCode.lab !== null ? byCode : (byName ?? byCode);
    if (test === null) return false;
    if (test.lab === null) {
      output.rows++;
      this.unknownTests.set(test.display, (this.unknownTests.get(test.display) ?? 0) + 1);
      return true;
    }

    let nhsNumber: string | null = null;
    const nhsIndex = this.nhsIndex;
    if (nhsIndex >= 0 && lines.byteLength(nhsIndex) > 0) {
      if (lines.wide[nhsIndex] === 1 || lines.byteLength(nhsIndex) > this.lastNhsBytes.length) return false;
      if (!lines.same(nhsIndex, this.lastNhsBytes, this.lastNhsLength)) {
        this.lastNhsLength = lines.copyInto(nhsIndex, this.lastNhsBytes);
        const value = cellValue(lines.text(nhsIndex));
        this.lastNhsParsed = value === null ? null : parseNhsNumber(value);
        this.lastPatient = -1;
      }
      const parsed = this.lastNhsParsed;
      if (parsed !== null) {
        if (!parsed.ok) return false;
        nhsNumber = parsed.value;
      }
    }
    let local: string | null = null;
    const localIndex = this.localIndex;
    if (localIndex >= 0 && lines.byteLength(localIndex) > 0) {
      if (lines.wide[localIndex] === 1) return false;
      local = cellValue(lines.text(localIndex));
      if (
        local !== null &&
        (local.length > fieldLimits.localPatientIdentifier || localIdentifierDamage(local) !== null)
      )
        return false;
    }
    if (nhsNumber === null && local === null) return false;

    let stamp = '';
    if (this.dateIndex >= 0) {
      if (lines.byteLength(this.dateIndex) === 0) return false;
      const date = this.cached(this.dateCells, lines, this.dateIndex, this.readDate);
      if (date === false || date === null || !date.ok) return false;
      stamp = date.value;
    }
    let unit = test.unit;
    const unitIndex = this.unitIndex;
    if (unitIndex >= 0 && lines.byteLength(unitIndex) > 0) {
      const entry = this.cached(this.unitCells, lines, unitIndex, this.readUnit);
      if (entry === false) return false;
      if (entry !== null) unit = entry;
    }
    const resultIndex = this.resultIndex;
    const simple =
      resultIndex < lines.fields
        ? simpleDecimal(lines.bytes, lines.starts[resultIndex]!, lines.ends[resultIndex]!)
        : Number.NaN;
    let raw: string | null = null;
    if (Number.isNaN(simple) && lines.byteLength(resultIndex) > 0) {
      const text = lines.text(resultIndex);
      if (lines.wide[resultIndex] === 1 && needsCharacterCheck(text)) return false;
      raw = cellValue(text);
    }

    const spec = specs[test.labNumber]!;
    // A value no patient can have makes the row an error, which `read` reports.
    if (this.impossible(spec, test.labNumber, Number.isNaN(simple) ? raw : simple, unit) !== null)
      return false;
    output.rows++;
    let patient = nhsNumber !== null ? this.lastPatient : -1;
    if (patient < 0) {
      patient = this.patient(nhsNumber, local).index;
      if (nhsNumber !== null) this.lastPatient = patient;
    }
    if (local !== null && this.results.localIdentifiers[patient] === null) {
      this.results.localIdentifiers[patient] = local;
    }
    if (Number.isNaN(simple)) {
      this.result(output, lines.rowNumber, patient, spec, test.labNumber, raw, unit, stamp, true);
    } else {
      this.lines = lines;
      this.accept(output, lines.rowNumber, patient, spec, test.labNumber, simple, null, null, unit, stamp);
    }
    return true;
  }

  /**
   * The row's date of birth, if the file has the column and the row a value: an error when it cannot
   * be read, or when an earlier row of the same NHS number gave another (decision 0055).
   */
  private birthDate(
    cells: readonly string[],
    nhsNumber: string | null,
    local: string | null,
    errors: RowIssue[] | null,
  ): { ok: true; value: string } | { ok: false; issue: RowIssue } | null {
    if (this.dobIndex < 0 || failed(errors, 'dateOfBirth')) return null;
    const raw = cellValue(cells[this.dobIndex]);
    if (raw === null) return null;
    const parsed = parseDate(raw, 'Date of birth', this.dobOptions);
    if (!parsed.ok) return { ok: false, issue: { field: 'dateOfBirth', message: parsed.error } };
    const value = parsed.value.slice(0, 10);
    const known =
      nhsNumber !== null
        ? this.patientsByNhsNumber.get(Number(nhsNumber))
        : (this.patientsByLocal.get(local ?? '') ?? -1);
    const earlier = known < 0 ? null : this.results.birthDates[known]!;
    if (earlier !== null && earlier !== value) {
      return {
        ok: false,
        issue: {
          field: 'dateOfBirth',
          message: identityMessages.bloodFileConflict(
            identityOf(nhsNumber, local),
            this.results.birthDateRows[known]!,
            earlier,
          ),
        },
      };
    }
    return { ok: true, value };
  }

  private date(raw: string): Parsed<string> {
    let parsed = this.dates.get(raw);
    if (parsed === undefined) {
      parsed = parseDate(raw, 'Sample date', this.dateOptions);
      if (parsed.ok && parsed.value.slice(0, 10) > this.today)
        parsed = { ok: false, error: rowMessages.sampleFuture(raw) };
      if (this.dates.size >= 50_000) this.dates.clear();
      this.dates.set(raw, parsed);
    }
    return parsed;
  }

  read(row: RawRow, checkCharacters: boolean, output: Output<never>): void {
    if (row.tooLong) {
      output.rowTooLong(row.rowNumber);
      return;
    }
    let cells = row.cells;
    let errors: RowIssue[] | null = null;
    let any = false;
    // Cells that held hidden text-direction characters, read without them (decision 0043).
    let redirected: string[] | null = null;
    for (const { key, index } of this.mapped) {
      const raw = cells[index];
      if (raw === undefined || raw.length === 0) continue;
      any = true;
      if (raw.length > this.limits.maxCellChars) {
        (errors ??= []).push({
          field: key,
          message: rowMessages.cellTooLong(fieldLabels[key]!, this.limits.maxCellChars),
        });
      } else if (checkCharacters && hasBadCharacter(raw)) {
        (errors ??= []).push({ field: key, message: rowMessages.badCharacter(fieldLabels[key]!) });
      } else if (checkCharacters && hasBidiControls(raw)) {
        if (cells === row.cells) cells = [...cells];
        cells[index] = withoutBidiControls(raw);
        (redirected ??= []).push(key);
      }
    }
    if (!any && row.extraColumns === 0) return;
    const warnRedirected = () => {
      for (const key of redirected ?? [])
        output.warn(
          row.rowNumber,
          key,
          warningMessages.directionControlsRemoved(fieldLabels[key]!),
          `directionControls:${key}`,
        );
    };

    let test: TestInfo | null = null;
    if (this.long) {
      const byCode = this.codeIndex >= 0 ? this.test(cells[this.codeIndex]) : null;
      const byName = this.nameIndex >= 0 ? this.test(cells[this.nameIndex]) : null;
      test = byCode && byCode.lab !== null ? byCode : (byName ?? byCode);
      if (test !== null && test.lab === null && errors === null && row.extraColumns === 0) {
        // Tests the model does not use are counted, not checked (warned once per name at the end).
        output.rows++;
        warnRedirected();
        this.unknownTests.set(test.display, (this.unknownTests.get(test.display) ?? 0) + 1);
        return;
      }
    }
    output.rows++;
    warnRedirected();
    if (row.extraColumns > 0) {
      (errors ??= []).push({
        field: null,
        message: rowMessages.tooManyColumns(cells.length + row.extraColumns, this.limits.maxColumns),
      });
    }
    if (
      this.long &&
      test === null &&
      !errors?.some((e) => e.field === 'testName' || e.field === 'testCode')
    ) {
      (errors ??= []).push({ field: 'testName', message: rowMessages.noTestName });
    }

    let nhsNumber: string | null = null;
    const nhsRaw =
      this.nhsIndex >= 0 && !failed(errors, 'nhsNumber') ? cellValue(cells[this.nhsIndex]) : null;
    if (nhsRaw !== null) {
      if (nhsRaw !== this.lastNhsRaw) {
        this.lastNhsRaw = nhsRaw;
        this.lastNhs = parseNhsNumber(nhsRaw);
      }
      const parsed = this.lastNhs;
      if (parsed.ok) nhsNumber = parsed.value;
      else (errors ??= []).push({ field: 'nhsNumber', message: parsed.error });
    }
    const local =
      this.localIndex >= 0 && !failed(errors, 'localPatientIdentifier')
        ? cellValue(cells[this.localIndex])
        : null;
    if (local !== null) {
      const damage = localIdentifierDamage(local);
      if (damage) (errors ??= []).push({ field: 'localPatientIdentifier', message: damage });
      else if (local.length > fieldLimits.localPatientIdentifier) {
        (errors ??= []).push({
          field: 'localPatientIdentifier',
          message: rowMessages.localTooLong(local.length),
        });
      }
    }
    if (
      nhsRaw === null &&
      local === null &&
      !failed(errors, 'nhsNumber') &&
      !failed(errors, 'localPatientIdentifier')
    ) {
      (errors ??= []).push({ field: null, message: rowMessages.noIdentifier });
    }

    const born = this.birthDate(cells, nhsNumber, local, errors);
    if (born !== null && !born.ok) (errors ??= []).push(born.issue);

    let stamp = '';
    if (this.dateIndex >= 0 && !failed(errors, 'sampleDate')) {
      const raw = cellValue(cells[this.dateIndex]);
      if (raw === null) {
        if (this.long) (errors ??= []).push({ field: 'sampleDate', message: rowMessages.sampleMissing });
      } else {
        const parsed = this.date(raw);
        if (parsed.ok) stamp = parsed.value;
        else (errors ??= []).push({ field: 'sampleDate', message: parsed.error });
      }
    }

    for (const issue of this.impossibleResults(cells, test)) (errors ??= []).push(issue);

    if (errors !== null) {
      const shown: Record<string, string> = {};
      for (const { key, index } of this.mapped) {
        const raw = cells[index];
        if (raw !== undefined && raw.length > 0) shown[key] = cut(raw);
      }
      output.invalidRow({ rowNumber: row.rowNumber, errors, values: shown });
      return;
    }

    const { index: patient, added } = this.patient(nhsNumber, local);
    if (!added && this.results.localIdentifiers[patient] === null && local !== null) {
      this.results.localIdentifiers[patient] = local;
    }
    if (born !== null && born.ok && this.results.birthDates[patient] === null) {
      this.results.birthDates[patient] = born.value;
      this.results.birthDateRows[patient] = row.rowNumber;
    }

    if (this.long) {
      const lab = test!.lab!;
      const raw = cellValue(cells[this.resultIndex]);
      const unit = (this.unitIndex >= 0 ? cellValue(cells[this.unitIndex]) : null) ?? test!.unit;
      this.result(
        output,
        row.rowNumber,
        patient,
        specs[labIndex.get(lab)!]!,
        labIndex.get(lab)!,
        raw,
        unit,
        stamp,
        true,
      );
    } else {
      for (const column of this.wideColumns) {
        const raw = cellValue(cells[column.index]);
        if (raw === null) continue;
        this.result(output, row.rowNumber, patient, column.spec, column.lab, raw, column.unit, stamp, false);
      }
    }
  }

  private result(
    output: Output<never>,
    rowNumber: number,
    patient: number,
    spec: LabSpec,
    lab: number,
    raw: string | null,
    unit: string | null,
    stamp: string,
    reportBlank: boolean,
  ): void {
    const field = spec.key;
    if (raw === null) {
      if (reportBlank)
        output.warn(rowNumber, field, warningMessages.noResult(spec.label), `noResult:${field}`);
      return;
    }
    const parsed = parseLabResult(raw);
    if (parsed.kind === 'comment') {
      output.warn(rowNumber, field, warningMessages.notANumber(spec.label, raw), `comment:${field}`);
      return;
    }
    this.accept(output, rowNumber, patient, spec, lab, parsed.value, parsed.limit, raw, unit, stamp);
  }

  /**
   * A result's number in the spec's unit: converted by its unit when known (an unknown unit leaves
   * it as it is), or, with no unit, by the unit its size suggests (guessUnit).
   */
  private valueIn(
    spec: LabSpec,
    lab: number,
    parsedValue: number,
    unit: string | null,
  ): { value: number; unknownUnit: boolean; guessed: { unit: string } | null } {
    if (unit !== null) {
      const cache = this.units[lab]!;
      let verdict = cache.get(unit);
      if (verdict === undefined) {
        verdict = unitFactor(spec.key, unit);
        if (cache.size < 1000) cache.set(unit, verdict);
      }
      if (verdict.kind === 'unknown') return { value: parsedValue, unknownUnit: true, guessed: null };
      return {
        value: verdict.factor === 1 ? parsedValue : tidy(parsedValue * verdict.factor),
        unknownUnit: false,
        guessed: null,
      };
    }
    const guess = guessUnit(spec.key, parsedValue);
    return guess
      ? { value: tidy(parsedValue * guess.factor), unknownUnit: false, guessed: { unit: guess.unit } }
      : { value: parsedValue, unknownUnit: false, guessed: null };
  }

  /**
   * The row error for a result no patient can have (LabSpec.possibleMin–possibleMax), or null. `result`
   * is the cell as written, or the number a simple line already read from it.
   */
  private impossible(
    spec: LabSpec,
    lab: number,
    result: string | number | null,
    unit: string | null,
  ): RowIssue | null {
    if (result === null) return null;
    let number: number;
    if (typeof result === 'number') number = result;
    else {
      const parsed = parseLabResult(result);
      if (parsed.kind === 'comment') return null;
      number = parsed.value;
    }
    const { value } = this.valueIn(spec, lab, number, unit);
    if (!impossibleValue(spec, value)) return null;
    return {
      field: spec.key,
      message: rowMessages.impossibleResult(
        spec.label,
        typeof result === 'number' ? String(result) : result,
        value,
        spec.unit,
        spec.possibleMin,
        spec.possibleMax,
      ),
    };
  }

  /** The errors of a row's results that no patient can have: the row is then refused whole. */
  private impossibleResults(cells: readonly string[], test: TestInfo | null): RowIssue[] {
    const issues: RowIssue[] = [];
    if (this.long) {
      if (test === null || test.lab === null) return issues;
      const lab = labIndex.get(test.lab)!;
      const unit = (this.unitIndex >= 0 ? cellValue(cells[this.unitIndex]) : null) ?? test.unit;
      const issue = this.impossible(specs[lab]!, lab, cellValue(cells[this.resultIndex]), unit);
      if (issue) issues.push(issue);
      return issues;
    }
    for (const column of this.wideColumns) {
      const issue = this.impossible(column.spec, column.lab, cellValue(cells[column.index]), column.unit);
      if (issue) issues.push(issue);
    }
    return issues;
  }

  /**
   * A result read as a number: converted to the spec's unit, warned about where it is a limit, in
   * another unit or out of range, and offered as the patient's latest. `raw` is the cell as written,
   * for the warnings, or null for the simple line being read (made only if a warning needs it).
   */
  private accept(
    output: Output<never>,
    rowNumber: number,
    patient: number,
    spec: LabSpec,
    lab: number,
    parsedValue: number,
    limit: '<' | '>' | null,
    rawText: string | null,
    unit: string | null,
    stamp: string,
  ): void {
    const field = spec.key;
    const { value, unknownUnit, guessed } = this.valueIn(spec, lab, parsedValue, unit);
    if (unknownUnit) {
      output.warn(
        rowNumber,
        field,
        warningMessages.unknownUnit(spec.label, unit!, spec.unit),
        `unit:${field}`,
      );
    } else if (guessed) {
      output.warn(
        rowNumber,
        field,
        warningMessages.guessedUnit(
          spec.label,
          rawText ?? this.lineText(this.resultIndex),
          guessed.unit,
          value,
          spec.unit,
        ),
        `guess:${field}`,
      );
    }
    if (limit === '<') {
      output.warn(
        rowNumber,
        field,
        warningMessages.belowLimit(spec.label, rawText!, value),
        `limit:${field}`,
      );
    } else if (limit === '>') {
      output.warn(
        rowNumber,
        field,
        warningMessages.aboveLimit(spec.label, rawText!, value),
        `limit:${field}`,
      );
    }
    if (outsideRange(spec, value)) {
      output.warn(
        rowNumber,
        field,
        warningMessages.outOfRange(spec.label, value, spec.unit, spec.min, spec.max),
        `range:${field}`,
      );
    }
    this.results.offer(patient, lab, value, stamp, rowNumber);
  }
}
