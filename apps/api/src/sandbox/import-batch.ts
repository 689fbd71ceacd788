/**
 * Reads both files of an upload (DESIGN §5) on a sandbox thread (import-batch.worker.ts): the blood
 * tests first, kept per patient, then the waiting list, each row joined to its patient's latest
 * results and written out as the COPY text the server copies into the staging table. The server's own
 * thread only copies text and keeps refused rows, so it stays free for everyone else's requests.
 */
import type { ProcedureCode } from '@esr/contracts/procedures';
import { parseBloodTests } from '@esr/import-files/blood-tests';
import type {
  BloodTestPatient,
  FileOutcome,
  ImportLimits,
  InvalidRow,
  RowWarning,
} from '@esr/import-files/types';
import { parseWaitingList } from '@esr/import-files/waiting-list';
import { copyField, patientKey, stagedCopyLine } from '../services/staged-record.js';
import type { TaskContext } from './serve-task.js';

export type FileKind = 'waitingList' | 'bloodTest';

export interface ImportBatchInput {
  batchId: string;
  procedure: ProcedureCode;
  today: string;
  limits: Partial<ImportLimits>;
  waitingList: { fileName: string; bytes: Uint8Array };
  bloodTest: { fileName: string; bytes: Uint8Array };
}

export type ImportBatchStep =
  /** Staging rows as UTF-8 lines of COPY's text format, in the columns of `stagedColumns`. */
  | { type: 'staged'; copyText: Uint8Array; rows: number }
  | { type: 'invalid'; kind: FileKind; rows: InvalidRow[] };

export interface FileRead {
  outcome: FileOutcome;
  /** The first warnings, for the summary; the outcome's totals count them all. */
  warnings: RowWarning[];
}

export interface ImportBatchResult {
  waitingList: FileRead;
  bloodTest: FileRead;
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

export async function readImportBatch(
  input: ImportBatchInput,
  context: TaskContext<ImportBatchStep>,
): Promise<ImportBatchResult> {
  const bloods = new Map<string, BloodTestPatient>();
  const bloodWarnings: RowWarning[] = [];
  context.stage('bloodTest');
  const bloodReader = parseBloodTests(input.bloodTest, { today: input.today, limits: input.limits });
  let bloodOutcome: FileOutcome;
  for (;;) {
    const step = await bloodReader.next();
    if (step.done) {
      bloodOutcome = step.value;
      break;
    }
    keep(bloodWarnings, step.value.warnings);
    if (step.value.invalidRows.length > 0)
      await context.emit({ type: 'invalid', kind: 'bloodTest', rows: step.value.invalidRows });
    for (const patient of step.value.rows) {
      bloods.set(patientKey(patient.nhsNumber, patient.localPatientIdentifier), patient);
    }
  }

  context.stage('waitingList');
  const listWarnings: RowWarning[] = [];
  const matched = new Set<string>();
  let withoutBloods = 0;
  const batchField = copyField(input.batchId);
  const listReader = parseWaitingList(input.waitingList, {
    procedure: input.procedure,
    today: input.today,
    limits: input.limits,
  });
  let listOutcome: FileOutcome;
  for (;;) {
    const step = await listReader.next();
    if (step.done) {
      listOutcome = step.value;
      break;
    }
    keep(listWarnings, step.value.warnings);
    if (step.value.invalidRows.length > 0)
      await context.emit({ type: 'invalid', kind: 'waitingList', rows: step.value.invalidRows });
    if (step.value.rows.length === 0) continue;
    const staged = new ByteWriter();
    let rows = 0;
    for (const { rowNumber, record } of step.value.rows) {
      const key = patientKey(record.nhsNumber, record.localPatientIdentifier);
      const patient = bloods.get(key);
      if (patient) matched.add(key);
      else withoutBloods += 1;
      staged.write(stagedCopyLine(batchField, rowNumber, record, patient));
      rows += 1;
      if (staged.length >= stagedBytesPerCopy) {
        await context.emit({ type: 'staged', copyText: staged.take(), rows });
        rows = 0;
      }
    }
    if (rows > 0) await context.emit({ type: 'staged', copyText: staged.take(), rows });
  }
  return {
    waitingList: { outcome: listOutcome, warnings: listWarnings },
    bloodTest: { outcome: bloodOutcome, warnings: bloodWarnings },
    pathwaysWithoutBloods: withoutBloods,
    bloodsWithoutPathway: bloods.size - matched.size,
  };
}

/**
 * UTF-8 text written as it is made: each row's strings die young instead of surviving, joined, until
 * the batch is handed over, which made the thread's young-generation collections copy megabytes.
 */
class ByteWriter {
  #buffer = new Uint8Array(512 * 1024);
  #used = 0;
  static readonly #encoder = new TextEncoder();

  write(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const needed = this.#used + text.length * 3;
    if (needed > this.#buffer.length) {
      const grown = new Uint8Array(Math.max(needed, this.#buffer.length * 2));
      grown.set(this.#buffer.subarray(0, this.#used));
      this.#buffer = grown;
    }
    this.#used += ByteWriter.#encoder.encodeInto(text, this.#buffer.subarray(this.#used)).written;
  }

  get length(): number {
    return this.#used;
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
