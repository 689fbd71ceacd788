import type { PatientResults } from './blood-test-patients.js';
import type { CsvLines } from './csv-lines.js';
import { labSpecs } from './headers.js';
import type { LabSpec } from './headers.js';
import { guessUnit, impossibleValue, outsideRange, parseLabResult, tidy, unitFactor } from './lab-values.js';
import type { UnitVerdict } from './lab-values.js';
import { rowMessages, warningMessages } from './messages.js';
import type { Output } from './output.js';
import { labCodes } from './types.js';
import type { LabCode, RowIssue } from './types.js';

export const labIndex = new Map<LabCode, number>(labCodes.map((code, i) => [code, i]));
export const specs = labCodes.map((code) => labSpecs.find((s) => s.key === code)!);

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

/**
 * A blood-test file's results as numbers: each converted to its test's unit, refused when no patient
 * can have it, warned of where it is a limit, in another unit or out of range, and offered as the
 * patient's latest.
 */
export class LabResults {
  private readonly units = labCodes.map(() => new Map<string, UnitVerdict>());
  /** The simple line being read, for a warning that quotes its result. */
  lines: CsvLines | null = null;

  constructor(
    private readonly results: PatientResults,
    private readonly resultIndex: number,
  ) {}

  result(
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
  impossible(
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

  /**
   * A result read as a number: converted to the spec's unit, warned about where it is a limit, in
   * another unit or out of range, and offered as the patient's latest. `raw` is the cell as written,
   * for the warnings, or null for the simple line being read (made only if a warning needs it).
   */
  accept(
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
          rawText ?? this.lines!.text(this.resultIndex),
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
