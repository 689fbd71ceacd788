import { labCodes } from './types.js';
import type { BloodTestPatient } from './types.js';

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
