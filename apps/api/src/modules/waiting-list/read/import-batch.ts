/**
 * Reads the two files of an upload (decision 0023) at once, each on a sandbox thread of its own
 * (decision 0030): the blood tests, kept per patient, on one; the waiting list on the other, each
 * row's staged line begun as it is read (staged-lines.ts). Once the blood thread has every patient's
 * latest results, the list thread ends each row's line with its patient's and hands the lines over
 * as the COPY text the server copies into the staging table. The server's own thread only copies
 * text and keeps refused rows, so it stays free for everyone else's requests.
 */
import type { Population } from '@esr/risk-engine/population';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { readBloodTests, type PatientResults } from '@esr/import-files/blood-tests';
import { NumberIndex } from '@esr/import-files/number-index';
import type { FileOutcome, ImportLimits, InvalidRow, RowWarning } from '@esr/import-files/types';
import { parseWaitingList } from '@esr/import-files/waiting-list';
import { showDate } from '@esr/import-files/dates';
import { identityMessages, identityOf, showNhsNumber } from '@esr/import-files/messages';
import {
  asciiBytes,
  copyField,
  isLocalKey,
  patientKey,
  lineEndWithoutBloods,
  writeStagedLineEndFrom,
  writeStagedLineStart,
} from '../stage/staged-record.js';
import { type TaskContext } from '../../../platform/sandbox/serve-task.js';
import { ByteWriter, listRowIdentity, StagedLines, type ListRowIdentity } from './staged-lines.js';

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
  /** The record fields the active model fills in when blank (`WaitingListOptions.defaultedFields`). */
  defaultedFields: string[];
  /** What each takes in words, and who the model was made for (`WaitingListOptions`). */
  defaultWords?: Record<string, string>;
  population?: Population | null;
  /**
   * The staged rows go to the database in parts of about this many bytes: the embedded database
   * runs one statement at a time, and a clerk's status poll waits behind the COPY in progress, so
   * there each part stays short (`stagedPartBytes` of the reading settings).
   */
  stagedPartBytes: number;
}

export type ImportStep =
  /** Staging rows as UTF-8 lines of COPY's text format, in the columns of `stagedColumns`. */
  | { type: 'staged'; copyText: Uint8Array; rows: number }
  | { type: 'invalid'; kind: FileKind; rows: InvalidRow[] }
  /** Warnings as they are read, all of them up to the cap of each kind, for the warnings download. */
  | { type: 'warnings'; kind: FileKind; rows: RowWarning[] };

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
  /**
   * Who the blood file says each patient is, to be checked against the list's row (decision 0055):
   * the date of birth (YYYY-MM-DD) and the local identifier it gave, or null; and, for a patient with
   * either, the rows whose results the list's row would take, `rowNumbers[rowStarts[i]]` up to
   * `rowNumbers[rowStarts[i + 1]]` (the rows refused if the list's row says otherwise).
   */
  birthDates: (string | null)[];
  locals: (string | null)[];
  rowStarts: Int32Array;
  rowNumbers: Int32Array;
}

export interface BloodTestFileResult {
  read: FileRead;
  patients: PatientLineEnds;
}

export interface WaitingListFileResult {
  read: FileRead;
  pathwaysWithoutBloods: number;
  bloodsWithoutPathway: number;
  /**
   * Blood-test rows refused because their date of birth or local identifier is not the list's row's
   * (decision 0055): handed over as the blood file's invalid rows, and counted into its totals here.
   */
  bloodRowsRefused: number;
}

const warningsKept = 200;

export async function readBloodTestFile(
  input: BloodTestFileInput,
  context: TaskContext<ImportStep>,
): Promise<BloodTestFileResult> {
  context.stage('bloodTest');
  const warnings: RowWarning[] = [];
  const reader = readBloodTests(input.file, { today: input.today, limits: input.limits });
  for (;;) {
    const step = await reader.next();
    if (step.done) {
      const patients = lineEnds(step.value.patients, context.bufferBytes);
      context.transferWithResult([patients.text.buffer as ArrayBuffer, patients.ends.buffer as ArrayBuffer]);
      return { read: { outcome: step.value.outcome, warnings }, patients };
    }
    keep(warnings, step.value.warnings);
    if (step.value.warnings.length > 0)
      await context.emit({ type: 'warnings', kind: 'bloodTest', rows: step.value.warnings });
    if (step.value.invalidRows.length > 0)
      await context.emit({ type: 'invalid', kind: 'bloodTest', rows: step.value.invalidRows });
  }
}

/** Each patient with a result: their key, and their end of a staged line. */
function lineEnds(patients: PatientResults | null, bufferBytes: number): PatientLineEnds {
  const keys: string[] = [];
  const ends = [0];
  const birthDates: (string | null)[] = [];
  const locals: (string | null)[] = [];
  const rowStarts = [0];
  const rowNumbers: number[] = [];
  // About 230 bytes a patient with a full set of results taken on one day, more with other dates:
  // room made at once, not by doubling.
  const text = new ByteWriter(bufferBytes, (patients?.count ?? 0) * 320);
  for (let patient = 0; patients !== null && patient < patients.count; patient++) {
    if (!patients.hasResult(patient)) continue;
    const nhsNumber = patients.nhsNumbers[patient]!;
    const local = patients.localIdentifiers[patient]!;
    const birthDate = patients.birthDates[patient]!;
    keys.push(patientKey(nhsNumber, local));
    writeStagedLineEndFrom(text, patients, patient);
    ends.push(text.length);
    birthDates.push(birthDate);
    locals.push(local);
    // A patient keyed by their local identifier has nothing else to contradict but a date of birth.
    if (birthDate !== null || (nhsNumber !== null && local !== null))
      rowNumbers.push(...patients.usedRows(patient));
    rowStarts.push(rowNumbers.length);
  }
  return {
    keys,
    text: text.takeAll(),
    ends: Int32Array.from(ends),
    birthDates,
    locals,
    rowStarts: Int32Array.from(rowStarts),
    rowNumbers: Int32Array.from(rowNumbers),
  };
}

export async function readWaitingListFile(
  input: WaitingListFileInput,
  context: TaskContext<ImportStep>,
): Promise<WaitingListFileResult> {
  context.stage('waitingList');
  const warnings: RowWarning[] = [];
  // The lines of rows read before the blood thread is done, up to their blood results, kept as
  // UTF-8 until it is: about three times the size of the list's own text, so room for that is made
  // at once rather than by doubling (pages not written to take no memory).
  const waiting = new ByteWriter(context.bufferBytes, input.file.bytes.length * 4);
  const waitingEnds: number[] = [0];
  const waitingKeys: string[] = [];
  /** Who each of those rows is, for the blood file's identity check (`BloodLineEnds.lineEnd`). */
  const waitingRows: ListRowIdentity[] = [];
  const staged = new StagedLines(context, input.stagedPartBytes);
  const batchField = asciiBytes(copyField(input.batchId));
  // Undefined until the blood thread's patients arrive; null when its file failed, when nothing is
  // staged (such an upload cannot be confirmed).
  let bloods: BloodLineEnds | null | undefined;
  const bloodsArrived = async (patients: PatientLineEnds | null) => {
    const arrived = patients === null ? null : new BloodLineEnds(patients);
    bloods = arrived;
    if (arrived === null) return;
    // The rows read so far go first, in order; the rest are staged as they are read.
    const lines = waiting.view();
    for (let row = 0; row < waitingKeys.length; row++) {
      if (
        staged.waitingRow(
          lines.subarray(waitingEnds[row]!, waitingEnds[row + 1]!),
          arrived,
          waitingKeys[row]!,
          waitingRows[row]!,
        )
      )
        await staged.emit();
    }
    waiting.clear();
    waitingKeys.length = 0;
    waitingEnds.length = 1;
    waitingRows.length = 0;
    await emitRefused(context, arrived);
  };
  const reader = parseWaitingList(input.file, {
    procedure: input.procedure,
    defaultedFields: input.defaultedFields,
    defaultWords: input.defaultWords,
    population: input.population,
    today: input.today,
    limits: input.limits,
  });
  let outcome: FileOutcome;
  for (let batch = 1; ; batch++) {
    const step = await reader.next();
    if (step.done) {
      outcome = step.value;
      break;
    }
    keep(warnings, step.value.warnings);
    if (step.value.warnings.length > 0)
      await context.emit({ type: 'warnings', kind: 'waitingList', rows: step.value.warnings });
    if (step.value.invalidRows.length > 0)
      await context.emit({ type: 'invalid', kind: 'waitingList', rows: step.value.invalidRows });
    if (bloods === undefined) {
      for (const { rowNumber, record } of step.value.rows) {
        waitingKeys.push(patientKey(record.nhsNumber, record.localPatientIdentifier));
        waitingRows.push(listRowIdentity(rowNumber, record));
        writeStagedLineStart(waiting, batchField, rowNumber, record);
        waitingEnds.push(waiting.length);
      }
      // Now and then, whether the blood thread is done: from then on each row is staged as it is
      // read, while the list is still being read, instead of all of them once it is.
      if (batch % 4 === 0) {
        const arrived = await context.arrived<PatientLineEnds | null>();
        if (arrived) await bloodsArrived(arrived.data);
      }
    } else if (bloods !== null) {
      for (const { rowNumber, record } of step.value.rows) {
        const key = patientKey(record.nhsNumber, record.localPatientIdentifier);
        if (staged.row(batchField, rowNumber, record, bloods, key)) await staged.emit();
      }
      await emitRefused(context, bloods);
    }
  }
  const read = { outcome, warnings };
  const none = { read, pathwaysWithoutBloods: 0, bloodsWithoutPathway: 0, bloodRowsRefused: 0 };
  // A list that failed part-way may have had rows staged: the server discards them.
  if (outcome.status === 'FAILED') return none;
  if (bloods === undefined) await bloodsArrived(await context.receive<PatientLineEnds | null>());
  if (bloods === null || bloods === undefined) return none;
  await staged.emit();
  return {
    read,
    pathwaysWithoutBloods: bloods.rowsWithout,
    bloodsWithoutPathway: bloods.patientsWithoutRow,
    bloodRowsRefused: bloods.refusedCount,
  };
}

function keep(kept: RowWarning[], more: RowWarning[]): void {
  if (kept.length < warningsKept) kept.push(...more.slice(0, warningsKept - kept.length));
}

/** The blood thread's patients' line ends, found by patient key as each list row is staged. */
class BloodLineEnds {
  readonly #patients: PatientLineEnds;
  /** Patients by NHS number, and by local identifier key for those without one. */
  readonly #byNhsNumber = new NumberIndex();
  readonly #byLocal = new Map<string, number>();
  readonly #matched: Uint8Array;
  #matchedCount = 0;
  rowsWithout = 0;

  constructor(patients: PatientLineEnds) {
    this.#patients = patients;
    patients.keys.forEach((key, index) => {
      if (isLocalKey(key)) this.#byLocal.set(key, index);
      else this.#byNhsNumber.putIfAbsent(Number(key), index);
    });
    this.#matched = new Uint8Array(patients.keys.length);
  }

  /** Blood rows refused since `takeRefused` was last called, and how many in all. */
  #refused: InvalidRow[] = [];
  refusedCount = 0;

  /**
   * The end of the line of a row of this patient: their results, or none. A patient whose blood rows
   * give another date of birth, or another local identifier for the same NHS number, is not this
   * row's: their rows are refused (decision 0055) and the row takes no results.
   */
  lineEnd(key: string, row: ListRowIdentity): Uint8Array {
    const patient = isLocalKey(key) ? (this.#byLocal.get(key) ?? -1) : this.#byNhsNumber.get(Number(key));
    if (patient < 0) {
      this.rowsWithout += 1;
      return lineEndWithoutBloods;
    }
    const contradiction = this.#contradiction(patient, isLocalKey(key), row);
    if (contradiction !== null) {
      this.#refuse(patient, contradiction, row);
      this.rowsWithout += 1;
      if (this.#matched[patient] === 0) {
        this.#matched[patient] = 1;
        this.#matchedCount += 1;
      }
      return lineEndWithoutBloods;
    }
    if (this.#matched[patient] === 0) {
      this.#matched[patient] = 1;
      this.#matchedCount += 1;
    }
    return this.#patients.text.subarray(this.#patients.ends[patient]!, this.#patients.ends[patient + 1]!);
  }

  get patientsWithoutRow(): number {
    return this.#patients.keys.length - this.#matchedCount;
  }

  /** What the blood file says of the patient that the list's row contradicts, in words; or null. */
  #contradiction(
    patient: number,
    byLocal: boolean,
    row: ListRowIdentity,
  ): InvalidRow['errors'][number] | null {
    const identity = identityOf(row.nhsNumber, row.local);
    const born = this.#patients.birthDates[patient] ?? null;
    if (born !== null && row.dateOfBirth !== null && born !== row.dateOfBirth) {
      return {
        field: 'dateOfBirth',
        message: identityMessages.bloodBirthDate(identity, row.rowNumber, row.dateOfBirth, born),
      };
    }
    const local = this.#patients.locals[patient] ?? null;
    if (!byLocal && local !== null && row.local !== null && local.toUpperCase() !== row.local.toUpperCase()) {
      return {
        field: 'localPatientIdentifier',
        message: identityMessages.bloodLocal(identity, row.rowNumber, row.local, local),
      };
    }
    return null;
  }

  #refuse(patient: number, error: InvalidRow['errors'][number], row: ListRowIdentity): void {
    const values: Record<string, string> = {};
    if (row.nhsNumber !== null) values.nhsNumber = showNhsNumber(row.nhsNumber);
    const local = this.#patients.locals[patient];
    if (local) values.localPatientIdentifier = local;
    const born = this.#patients.birthDates[patient];
    if (born) values.dateOfBirth = showDate(born);
    const { rowStarts, rowNumbers } = this.#patients;
    for (let at = rowStarts[patient]!; at < rowStarts[patient + 1]!; at++) {
      this.#refused.push({ rowNumber: rowNumbers[at]!, errors: [error], values });
      this.refusedCount += 1;
    }
  }

  /** The blood rows refused since the last call. */
  takeRefused(): InvalidRow[] {
    const refused = this.#refused;
    this.#refused = [];
    return refused;
  }
}

/** Hands the blood rows refused so far to the server, as the blood file's invalid rows. */
async function emitRefused(context: TaskContext<ImportStep>, bloods: BloodLineEnds): Promise<void> {
  const rows = bloods.takeRefused();
  if (rows.length > 0) await context.emit({ type: 'invalid', kind: 'bloodTest', rows });
}
