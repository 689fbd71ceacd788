import { fieldLimits } from '@esr/contracts/field-limits';
import { simpleDecimal, specs } from './blood-test-results.js';
import { BloodRowReader } from './blood-row-reader.js';
import type { TestInfo } from './blood-row-reader.js';
import { CellCache } from './csv-lines.js';
import type { CsvLines } from './csv-lines.js';
import { localIdentifierDamage, parseNhsNumber } from './nhs-number.js';
import type { Parsed } from './nhs-number.js';
import type { Output } from './output.js';
import { cellValue, needsCharacterCheck } from './values.js';

/** What `lineFilled` finds of a simple line's cells. */
const lineNotSimple = 0;
const lineIsBlank = 1;
const lineHasCells = 2;

/**
 * A blood-test file's reader that also reads the simple lines of a long CSV extract straight from its
 * bytes (csv-lines.ts): a million-row extract repeats a few hundred test names, units and dates.
 */
export class BloodLineReader extends BloodRowReader {
  /** Test names and codes, units and sample dates by their bytes; false: the cell has a bad character. */
  private readonly testCells = new CellCache<TestInfo | null | false>();
  private readonly unitCells = new CellCache<string | null | false>();
  private readonly dateCells = new CellCache<Parsed<string> | null | false>();
  /** The NHS number cell of the last simple line, what it was read as, and its patient (-1: not yet). */
  private readonly lastNhsBytes = new Uint8Array(64);
  private lastNhsLength = -1;
  private lastNhsParsed: Parsed<string> | null = null;
  private lastPatient = -1;

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
    const filled = this.lineFilled(lines);
    if (filled !== lineHasCells) return filled === lineIsBlank;
    const test = this.lineTest(lines);
    if (test === false || test === null) return false;
    if (test.lab === null) {
      output.rows++;
      this.unknownTests.set(test.display, (this.unknownTests.get(test.display) ?? 0) + 1);
      return true;
    }
    const nhsNumber = this.lineNhsNumber(lines);
    if (nhsNumber === false) return false;
    const local = this.lineLocal(lines);
    if (local === false) return false;
    if (nhsNumber === null && local === null) return false;
    const stamp = this.lineStamp(lines);
    if (stamp === false) return false;
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
    if (this.labResults.impossible(spec, test.labNumber, Number.isNaN(simple) ? raw : simple, unit) !== null)
      return false;
    output.rows++;
    const patient = this.linePatient(nhsNumber, local);
    if (Number.isNaN(simple)) {
      this.labResults.result(output, lines.rowNumber, patient, spec, test.labNumber, raw, unit, stamp, true);
    } else {
      this.labResults.lines = lines;
      this.labResults.accept(
        output,
        lines.rowNumber,
        patient,
        spec,
        test.labNumber,
        simple,
        null,
        null,
        unit,
        stamp,
      );
    }
    return true;
  }

  /** Whether the line's read cells are all blank, or one is too long to read here, or neither. */
  private lineFilled(lines: CsvLines): number {
    const maxCellChars = this.limits.maxCellChars;
    let any = false;
    for (const { index } of this.mapped) {
      const length = lines.byteLength(index);
      if (length === 0) continue;
      if (length > maxCellChars) return lineNotSimple;
      any = true;
    }
    return any ? lineHasCells : lineIsBlank;
  }

  /** The line's test, by code where that names one the model uses, else by name; false: not simple. */
  private lineTest(lines: CsvLines): TestInfo | null | false {
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
    return byCode && byCode.lab !== null ? byCode : (byName ?? byCode);
  }

  /** The line's NHS number, read again only when it differs from the last line's; false: not simple. */
  private lineNhsNumber(lines: CsvLines): string | null | false {
    const nhsIndex = this.nhsIndex;
    if (nhsIndex < 0 || lines.byteLength(nhsIndex) === 0) return null;
    if (lines.wide[nhsIndex] === 1 || lines.byteLength(nhsIndex) > this.lastNhsBytes.length) return false;
    if (!lines.same(nhsIndex, this.lastNhsBytes, this.lastNhsLength)) {
      this.lastNhsLength = lines.copyInto(nhsIndex, this.lastNhsBytes);
      const value = cellValue(lines.text(nhsIndex));
      this.lastNhsParsed = value === null ? null : parseNhsNumber(value);
      this.lastPatient = -1;
    }
    const parsed = this.lastNhsParsed;
    if (parsed === null) return null;
    return parsed.ok ? parsed.value : false;
  }

  /** The line's local patient identifier; false: one `read` would refuse or check. */
  private lineLocal(lines: CsvLines): string | null | false {
    const localIndex = this.localIndex;
    if (localIndex < 0 || lines.byteLength(localIndex) === 0) return null;
    if (lines.wide[localIndex] === 1) return false;
    const local = cellValue(lines.text(localIndex));
    if (
      local !== null &&
      (local.length > fieldLimits.localPatientIdentifier || localIdentifierDamage(local) !== null)
    )
      return false;
    return local;
  }

  /** The line's sample date and time ('' without the column); false: blank or not a good date. */
  private lineStamp(lines: CsvLines): string | false {
    if (this.dateIndex < 0) return '';
    if (lines.byteLength(this.dateIndex) === 0) return false;
    const date = this.cached(this.dateCells, lines, this.dateIndex, this.readDate);
    if (date === false || date === null || !date.ok) return false;
    return date.value;
  }

  /** The line's patient: the last line's while the NHS number is the same. */
  private linePatient(nhsNumber: string | null, local: string | null): number {
    let patient = nhsNumber !== null ? this.lastPatient : -1;
    if (patient < 0) {
      patient = this.patient(nhsNumber, local).index;
      if (nhsNumber !== null) this.lastPatient = patient;
    }
    if (local !== null && this.results.localIdentifiers[patient] === null) {
      this.results.localIdentifiers[patient] = local;
    }
    return patient;
  }
}
