/**
 * Reads the two files of an upload (DESIGN §5) at once, each on a sandbox thread of its own
 * (decision 0030): the blood tests, kept per patient, on one; the waiting list on the other, each
 * row's staged line begun as it is read. Once the blood thread has every patient's latest results,
 * the list thread ends each row's line with its patient's and hands the lines over as the COPY text
 * the server copies into the staging table. The server's own thread only copies text and keeps
 * refused rows, so it stays free for everyone else's requests.
 */
import type { ProcedureCode } from '@esr/contracts/procedures';
import { parseBloodTests } from '@esr/import-files/blood-tests';
import type { FileOutcome, ImportLimits, InvalidRow, RowWarning } from '@esr/import-files/types';
import { parseWaitingList } from '@esr/import-files/waiting-list';
import { copyField, patientKey, stagedLineEnd, stagedLineStart } from '../services/staged-record.js';
import { BufferBudgetExceeded, type TaskContext } from './serve-task.js';

export type FileKind = 'waitingList' | 'bloodTest';

interface FileInput {
  today: string;
  limits: Partial<ImportLimits>;
  file: { fileName: string; bytes: Uint8Array };
}

export type BloodTestFileInput = FileInput;

export interface WaitingListFileInput extends FileInput {
  batchId: string;
  procedure: ProcedureCode;
}

export type ImportStep =
  /** Staging rows as UTF-8 lines of COPY's text format, in the columns of `stagedColumns`. */
  | { type: 'staged'; copyText: Uint8Array; rows: number }
  | { type: 'invalid'; kind: FileKind; rows: InvalidRow[] };

export interface FileRead {
  outcome: FileOutcome;
  /** The first warnings, for the summary; the outcome's totals count them all. */
  warnings: RowWarning[];
}

/** Each patient's end of a staged line (`stagedLineEnd`), as the blood thread hands them over. */
export interface PatientLineEnds {
  /** Each patient's key (`patientKey`). */
  keys: string[];
  /** UTF-8: patient i's line end runs from `ends[i]` to `ends[i + 1]`. */
  text: Uint8Array;
  ends: Int32Array;
}

export interface BloodTestFileResult {
  read: FileRead;
  patients: PatientLineEnds;
}

export interface WaitingListFileResult {
  read: FileRead;
  pathwaysWithoutBloods: number;
  bloodsWithoutPathway: number;
}

const warningsKept = 200;

/**
 * The staged rows go to the database in parts of about this size: the embedded database runs one
 * statement at a time, and a clerk's status poll waits behind the COPY in progress, so each stays
 * short (tens of milliseconds).
 */
const stagedBytesPerCopy = 256 * 1024;

export async function readBloodTestFile(
  input: BloodTestFileInput,
  context: TaskContext<ImportStep>,
): Promise<BloodTestFileResult> {
  context.stage('bloodTest');
  const warnings: RowWarning[] = [];
  const keys: string[] = [];
  const ends: number[] = [0];
  const text = new ByteWriter(context.bufferBytes);
  const reader = parseBloodTests(input.file, { today: input.today, limits: input.limits });
  for (;;) {
    const step = await reader.next();
    if (step.done) {
      const patients = { keys, text: text.take(), ends: Int32Array.from(ends) };
      context.transferWithResult([patients.text.buffer as ArrayBuffer, patients.ends.buffer as ArrayBuffer]);
      return { read: { outcome: step.value, warnings }, patients };
    }
    keep(warnings, step.value.warnings);
    if (step.value.invalidRows.length > 0)
      await context.emit({ type: 'invalid', kind: 'bloodTest', rows: step.value.invalidRows });
    for (const patient of step.value.rows) {
      keys.push(patientKey(patient.nhsNumber, patient.localPatientIdentifier));
      text.write(stagedLineEnd(patient));
      ends.push(text.length);
    }
  }
}

export async function readWaitingListFile(
  input: WaitingListFileInput,
  context: TaskContext<ImportStep>,
): Promise<WaitingListFileResult> {
  context.stage('waitingList');
  const warnings: RowWarning[] = [];
  // Each valid row's line up to its blood results, kept as UTF-8 until the blood thread is done;
  // about three times the size of the list's own text, so room for that is made at once rather
  // than by doubling (pages not written to take no memory).
  const lineStarts = new ByteWriter(context.bufferBytes, input.file.bytes.length * 4);
  const startEnds: number[] = [0];
  const rowKeys: string[] = [];
  const batchField = copyField(input.batchId);
  const reader = parseWaitingList(input.file, {
    procedure: input.procedure,
    today: input.today,
    limits: input.limits,
  });
  let outcome: FileOutcome;
  for (;;) {
    const step = await reader.next();
    if (step.done) {
      outcome = step.value;
      break;
    }
    keep(warnings, step.value.warnings);
    if (step.value.invalidRows.length > 0)
      await context.emit({ type: 'invalid', kind: 'waitingList', rows: step.value.invalidRows });
    for (const { rowNumber, record } of step.value.rows) {
      rowKeys.push(patientKey(record.nhsNumber, record.localPatientIdentifier));
      lineStarts.write(stagedLineStart(batchField, rowNumber, record));
      startEnds.push(lineStarts.length);
    }
  }
  const read = { outcome, warnings };
  if (outcome.status === 'FAILED') return { read, pathwaysWithoutBloods: 0, bloodsWithoutPathway: 0 };

  // None when the blood file failed: the upload cannot be confirmed, so nothing is staged.
  const patients = await context.receive<PatientLineEnds | null>();
  if (patients === null) return { read, pathwaysWithoutBloods: 0, bloodsWithoutPathway: 0 };
  const patientIndex = new Map<string, number>();
  patients.keys.forEach((key, index) => patientIndex.set(key, index));
  const matched = new Set<number>();
  const starts = lineStarts.view();
  const withoutBloods = ByteWriter.encode(stagedLineEnd());
  let pathwaysWithoutBloods = 0;
  const staged = new ByteWriter();
  let rows = 0;
  for (let row = 0; row < rowKeys.length; row++) {
    staged.append(starts.subarray(startEnds[row]!, startEnds[row + 1]!));
    const patient = patientIndex.get(rowKeys[row]!);
    if (patient === undefined) {
      pathwaysWithoutBloods += 1;
      staged.append(withoutBloods);
    } else {
      matched.add(patient);
      staged.append(patients.text.subarray(patients.ends[patient]!, patients.ends[patient + 1]!));
    }
    rows += 1;
    if (staged.length >= stagedBytesPerCopy) {
      await emitStaged(context, staged.take(), rows);
      rows = 0;
    }
  }
  if (rows > 0) await emitStaged(context, staged.take(), rows);
  return { read, pathwaysWithoutBloods, bloodsWithoutPathway: patients.keys.length - matched.size };
}

/** Staged lines handed over without a copy: `take` gave them a buffer of their own. */
const emitStaged = (context: TaskContext<ImportStep>, copyText: Uint8Array, rows: number) =>
  context.emit({ type: 'staged', copyText, rows }, [copyText.buffer as ArrayBuffer]);

/**
 * UTF-8 text written as it is made: each row's strings die young instead of surviving, joined, until
 * the batch is handed over, which made the thread's young-generation collections copy megabytes.
 * Its buffer lives outside the thread's heap, so it keeps to a budget of its own.
 */
class ByteWriter {
  #buffer: Uint8Array;
  #used = 0;
  static readonly #encoder = new TextEncoder();

  constructor(
    private readonly limitBytes = Number.POSITIVE_INFINITY,
    initialBytes = 512 * 1024,
  ) {
    this.#buffer = new Uint8Array(Math.min(limitBytes, initialBytes));
  }

  static encode(text: string): Uint8Array {
    return ByteWriter.#encoder.encode(text);
  }

  #room(bytes: number): void {
    const needed = this.#used + bytes;
    if (needed <= this.#buffer.length) return;
    if (needed > this.limitBytes) throw new BufferBudgetExceeded();
    const grown = new Uint8Array(Math.min(this.limitBytes, Math.max(needed, this.#buffer.length * 2)));
    grown.set(this.#buffer.subarray(0, this.#used));
    this.#buffer = grown;
  }

  write(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.#room(text.length * 3);
    this.#used += ByteWriter.#encoder.encodeInto(text, this.#buffer.subarray(this.#used)).written;
  }

  append(bytes: Uint8Array): void {
    this.#room(bytes.length);
    this.#buffer.set(bytes, this.#used);
    this.#used += bytes.length;
  }

  get length(): number {
    return this.#used;
  }

  /** What was written so far, without a copy (valid until the next write). */
  view(): Uint8Array {
    return this.#buffer.subarray(0, this.#used);
  }

  /** What was written, in a buffer of its own (a view would hand over the whole buffer); then empty. */
  take(): Uint8Array {
    const bytes = this.#buffer.slice(0, this.#used);
    this.#used = 0;
    return bytes;
  }
}

function keep(kept: RowWarning[], more: RowWarning[]): void {
  if (kept.length < warningsKept) kept.push(...more.slice(0, warningsKept - kept.length));
}
