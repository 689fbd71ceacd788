import { fieldLimits } from '@esr/contracts/field-limits';
import { hasBidiControls, withoutBidiControls } from '@esr/contracts/text-direction';
import { PatientResults } from './blood-test-patients.js';
import { LabResults, labIndex, specs } from './blood-test-results.js';
import { parseDate } from './dates.js';
import type { DateOptions } from './dates.js';
import { labHeaderTable, labSpecs, matchHeader, readHeaderCell } from './headers.js';
import type { LabSpec } from './headers.js';
import { identityMessages, identityOf, rowMessages } from './messages.js';
import { NumberIndex } from './number-index.js';
import { localIdentifierDamage, parseNhsNumber } from './nhs-number.js';
import type { Parsed } from './nhs-number.js';
import { cut } from './output.js';
import type { Output } from './output.js';
import type { RawRow } from './raw-rows.js';
import type { ImportLimits, LabCode, RowIssue } from './types.js';
import { cellValue, hasBadCharacter } from './values.js';

export interface TestInfo {
  lab: LabCode | null;
  /** The lab's position in labCodes (-1 for a test the model does not use). */
  labNumber: number;
  /** A unit written in the test name, `Haemoglobin (g/dL)`. */
  unit: string | null;
  display: string;
}

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

/** Reads a blood-test file row by row into its patients' latest results, invalid rows and warnings. */
export class BloodRowReader {
  readonly results = new PatientResults();
  /** Each patient's index in `results`, by NHS number, or by local identifier for those without one. */
  private readonly patientsByNhsNumber = new NumberIndex();
  private readonly patientsByLocal = new Map<string, number>();

  /** The patient's index in `results`, and whether they were new (then added). */
  protected patient(nhsNumber: string | null, local: string | null): { index: number; added: boolean } {
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
  protected readonly mapped: { key: string; index: number }[];
  protected readonly nhsIndex: number;
  protected readonly localIndex: number;
  /** The date of birth column, if the file has one (decision 0055). */
  protected readonly dobIndex: number;
  private readonly dobOptions: DateOptions;
  protected readonly nameIndex: number;
  protected readonly codeIndex: number;
  protected readonly resultIndex: number;
  protected readonly unitIndex: number;
  protected readonly dateIndex: number;
  private readonly wideColumns: { spec: LabSpec; lab: number; index: number; unit: string | null }[];
  private readonly tests = new Map<string, TestInfo>();
  private readonly dates = new Map<string, Parsed<string>>();
  private readonly dateOptions: DateOptions;
  protected readonly labResults: LabResults;
  /** The current row's errors and the cells it had direction controls removed from (`read`). */
  private errors: RowIssue[] | null = null;
  private redirected: string[] | null = null;
  /** The current row's NHS number and local identifier, as `readIdentity` found them. */
  private rowNhsNumber: string | null = null;
  private rowLocal: string | null = null;

  constructor(
    columns: Map<string, number>,
    headerUnits: Map<string, string>,
    labColumns: LabSpec[],
    private readonly long: boolean,
    private readonly today: string,
    protected readonly limits: ImportLimits,
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
    this.labResults = new LabResults(this.results, this.resultIndex);
  }

  protected test(raw: string | undefined): TestInfo | null {
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

  /**
   * The row's date of birth, if the file has the column and the row a value: an error when it cannot
   * be read, or when an earlier row of the same NHS number gave another (decision 0055).
   */
  private birthDate(
    cells: readonly string[],
    nhsNumber: string | null,
    local: string | null,
  ): { ok: true; value: string } | { ok: false; issue: RowIssue } | null {
    if (this.dobIndex < 0 || this.failed('dateOfBirth')) return null;
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

  protected date(raw: string): Parsed<string> {
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
    this.errors = null;
    this.redirected = null;
    const cells = this.checkedCells(row, checkCharacters);
    if (cells === null) return;

    let test: TestInfo | null = null;
    if (this.long) {
      const byCode = this.codeIndex >= 0 ? this.test(cells[this.codeIndex]) : null;
      const byName = this.nameIndex >= 0 ? this.test(cells[this.nameIndex]) : null;
      test = byCode && byCode.lab !== null ? byCode : (byName ?? byCode);
      if (test !== null && test.lab === null && this.errors === null && row.extraColumns === 0) {
        // Tests the model does not use are counted, not checked (warned once per name at the end).
        output.rows++;
        this.warnRedirected(output, row.rowNumber);
        this.unknownTests.set(test.display, (this.unknownTests.get(test.display) ?? 0) + 1);
        return;
      }
    }
    output.rows++;
    this.warnRedirected(output, row.rowNumber);
    if (row.extraColumns > 0) {
      this.fail(null, rowMessages.tooManyColumns(cells.length + row.extraColumns, this.limits.maxColumns));
    }
    if (this.long && test === null && !this.failed('testName') && !this.failed('testCode')) {
      this.fail('testName', rowMessages.noTestName);
    }
    this.readIdentity(cells);
    const nhsNumber = this.rowNhsNumber;
    const local = this.rowLocal;
    const born = this.birthDate(cells, nhsNumber, local);
    if (born !== null && !born.ok) (this.errors ??= []).push(born.issue);
    const stamp = this.sampleStamp(cells);
    this.checkImpossibleResults(cells, test);

    if (this.errors !== null) {
      const shown: Record<string, string> = {};
      for (const { key, index } of this.mapped) {
        const raw = cells[index];
        if (raw !== undefined && raw.length > 0) shown[key] = cut(raw);
      }
      output.invalidRow({ rowNumber: row.rowNumber, errors: this.errors, values: shown });
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
    this.keepResults(output, row.rowNumber, cells, patient, test, stamp);
  }

  /**
   * The row's cells, each read checked for size and broken characters, with hidden text-direction
   * characters removed (decision 0043); null when the row has nothing to read.
   */
  private checkedCells(row: RawRow, checkCharacters: boolean): readonly string[] | null {
    let cells = row.cells;
    let any = false;
    for (const { key, index } of this.mapped) {
      const raw = cells[index];
      if (raw === undefined || raw.length === 0) continue;
      any = true;
      if (raw.length > this.limits.maxCellChars) {
        this.fail(key, rowMessages.cellTooLong(fieldLabels[key]!, this.limits.maxCellChars));
      } else if (checkCharacters && hasBadCharacter(raw)) {
        this.fail(key, rowMessages.badCharacter(fieldLabels[key]!));
      } else if (checkCharacters && hasBidiControls(raw)) {
        if (cells === row.cells) cells = [...cells];
        (cells as string[])[index] = withoutBidiControls(raw);
        (this.redirected ??= []).push(key);
      }
    }
    if (!any && row.extraColumns === 0) return null;
    return cells;
  }

  private warnRedirected(output: Output<never>, rowNumber: number): void {
    if (this.redirected === null) return;
    for (const key of this.redirected) output.directionControlsRemoved(rowNumber, key, fieldLabels[key]!);
  }

  private fail(field: string | null, message: string): void {
    (this.errors ??= []).push({ field, message });
  }

  private failed(field: string): boolean {
    return this.errors !== null && this.errors.some((e) => e.field === field);
  }

  /** The row's NHS number and local patient identifier, into `rowNhsNumber` and `rowLocal`. */
  private readIdentity(cells: readonly string[]): void {
    let nhsNumber: string | null = null;
    const nhsRaw = this.nhsIndex >= 0 && !this.failed('nhsNumber') ? cellValue(cells[this.nhsIndex]) : null;
    if (nhsRaw !== null) {
      if (nhsRaw !== this.lastNhsRaw) {
        this.lastNhsRaw = nhsRaw;
        this.lastNhs = parseNhsNumber(nhsRaw);
      }
      const parsed = this.lastNhs;
      if (parsed.ok) nhsNumber = parsed.value;
      else this.fail('nhsNumber', parsed.error);
    }
    const local =
      this.localIndex >= 0 && !this.failed('localPatientIdentifier')
        ? cellValue(cells[this.localIndex])
        : null;
    if (local !== null) {
      const damage = localIdentifierDamage(local);
      if (damage) this.fail('localPatientIdentifier', damage);
      else if (local.length > fieldLimits.localPatientIdentifier) {
        this.fail('localPatientIdentifier', rowMessages.localTooLong(local.length));
      }
    }
    if (
      nhsRaw === null &&
      local === null &&
      !this.failed('nhsNumber') &&
      !this.failed('localPatientIdentifier')
    ) {
      this.fail(null, rowMessages.noIdentifier);
    }
    this.rowNhsNumber = nhsNumber;
    this.rowLocal = local;
  }

  /** The row's sample date and time ('' when there is none to read). */
  private sampleStamp(cells: readonly string[]): string {
    if (this.dateIndex < 0 || this.failed('sampleDate')) return '';
    const raw = cellValue(cells[this.dateIndex]);
    if (raw === null) {
      if (this.long) this.fail('sampleDate', rowMessages.sampleMissing);
      return '';
    }
    const parsed = this.date(raw);
    if (parsed.ok) return parsed.value;
    this.fail('sampleDate', parsed.error);
    return '';
  }

  /** A valid row's results, kept as the patient's latest where they are. */
  private keepResults(
    output: Output<never>,
    rowNumber: number,
    cells: readonly string[],
    patient: number,
    test: TestInfo | null,
    stamp: string,
  ): void {
    if (this.long) {
      const lab = test!.lab!;
      const raw = cellValue(cells[this.resultIndex]);
      const unit = (this.unitIndex >= 0 ? cellValue(cells[this.unitIndex]) : null) ?? test!.unit;
      this.labResults.result(
        output,
        rowNumber,
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
        this.labResults.result(
          output,
          rowNumber,
          patient,
          column.spec,
          column.lab,
          raw,
          column.unit,
          stamp,
          false,
        );
      }
    }
  }

  /** The errors of a row's results that no patient can have: the row is then refused whole. */
  private checkImpossibleResults(cells: readonly string[], test: TestInfo | null): void {
    if (this.long) {
      if (test === null || test.lab === null) return;
      const lab = labIndex.get(test.lab)!;
      const unit = (this.unitIndex >= 0 ? cellValue(cells[this.unitIndex]) : null) ?? test.unit;
      const issue = this.labResults.impossible(specs[lab]!, lab, cellValue(cells[this.resultIndex]), unit);
      if (issue) (this.errors ??= []).push(issue);
      return;
    }
    for (const column of this.wideColumns) {
      const issue = this.labResults.impossible(
        column.spec,
        column.lab,
        cellValue(cells[column.index]),
        column.unit,
      );
      if (issue) (this.errors ??= []).push(issue);
    }
  }
}
