/**
 * An imported row as it is staged and later applied to the active list: the pathway's list fields,
 * and the remodel record of docs/requirements.md §3 (what the model reads) with the patient's latest blood results.
 * Pure: it runs on the sandbox threads that read the files.
 *
 * A staged line is made in two parts, because the two files are read at once on two threads
 * (decision 0030): the list thread writes each row's start, through its clinical record's list
 * values, as it reads; the blood thread writes each patient's end of the line (`stagedLineEnd`),
 * with their results and sample dates; the list thread then puts the two together.
 */
import type { PatientResults } from '@esr/import-files/blood-tests';
import {
  comorbidityCodes,
  labCodes,
  type BloodTestPatient,
  type WaitingListRecord,
} from '@esr/import-files/types';

export type ClinicalRecord = Record<string, string | number | null>;

const jsonValue = (value: string | number | null | undefined) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : 'null'
      : JSON.stringify(value);

const comorbidityKeys = comorbidityCodes.map((code) => `,"${code}":`);
const labKeys = labCodes.map((code) => `"${code}":`);
const resultKeys = labKeys.map((key) => `,${key}`);

/**
 * The columns of a staged row (table staged_pathways), in the order a staged line has them: the
 * pathway's list fields in columns of their own, as the pathways table has them, so that neither
 * the staging COPY nor the confirm takes a whole-row document apart.
 */
export const stagedColumns = [
  'batch_id',
  'row_number',
  'nhs_number',
  'local_patient_identifier',
  'first_name',
  'last_name',
  'date_of_birth',
  'operation_type',
  'operation',
  'referral_date',
  'tci_date',
  'surgeon_name',
  'priority',
  'clock_start',
  'priority_date',
  'last_validated_on',
  'surgery',
  'social',
  'clinical',
  'lab_dates',
] as const;

/**
 * A staged row's line of COPY's text format up to its blood results: the list fields, then the
 * clinical record (the JSON the pathway keeps, what the model reads) open after its list values:
 * height, weight, sex, ethnic group, smoking, date of birth and each comorbidity flag, in the order
 * the remodel writes them too. `batchField` is the batch id already made a field.
 *
 * Text rather than CSV: JSON, full of double quotes, goes in as it is instead of with each quote
 * doubled. The JSON needs no escaping: its strings are checked codes and dates, and JSON has no raw
 * tab or line break. Written out directly: building an object only to serialise it was most of the
 * cost of making a staged row.
 */
export const stagedLineStart = (batchField: string, rowNumber: number, record: WaitingListRecord) =>
  textOf((sink) => writeStagedLineStart(sink, asciiBytes(batchField), rowNumber, record));

/** Bytes written in place: `reserve` makes room for at least that many more after `length`. */
export interface ByteSink {
  readonly buffer: Uint8Array;
  length: number;
  reserve(bytes: number): void;
}

/** A staged line's fixed parts, as bytes. */
export const asciiBytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));
const heightKey = asciiBytes('\t{"height":');
const weightKey = asciiBytes(',"weight":');
const sexKey = asciiBytes(',"sex":');
const ethnicGroupKey = asciiBytes(',"ethnicGroup":');
const smokingKey = asciiBytes(',"smoking":');
const dateOfBirthKey = asciiBytes(',"dateOfBirth":');
/** Each comorbidity flag's key and value: `flagBytes[i][0]` for 0, `[1]` for 1, `[2]` for unknown. */
const flagBytes = comorbidityKeys.map((key) => [`${key}0`, `${key}1`, `${key}null`].map(asciiBytes));

function bytesAt(buffer: Uint8Array, at: number, bytes: Uint8Array): number {
  buffer.set(bytes, at);
  return at + bytes.length;
}

function asciiAt(buffer: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
  return at;
}

const encoder = new TextEncoder();

/** A tab, then a field of COPY's text format: a value with nothing to escape goes as it is. */
function fieldAt(buffer: Uint8Array, at: number, value: string | null): number {
  buffer[at++] = 9;
  if (value === null) {
    buffer[at++] = 92;
    buffer[at++] = 78;
    return at;
  }
  const start = at;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 127 || c === 92 || c === 9 || c === 10 || c === 13)
      return start + encoder.encodeInto(copyField(value), buffer.subarray(start)).written;
    buffer[at++] = c;
  }
  return at;
}

/**
 * `stagedLineStart` written as UTF-8 into `sink`, byte by byte where it is ASCII (nearly all of it):
 * a line's sixty pieces written one call each cost more than reading the row. `batchField` is the
 * batch id already made a field, as bytes.
 */
export function writeStagedLineStart(
  sink: ByteSink,
  batchField: Uint8Array,
  rowNumber: number,
  record: WaitingListRecord,
): void {
  const text = [
    record.nhsNumber,
    record.localPatientIdentifier,
    record.firstName,
    record.lastName,
    record.dateOfBirth,
    record.operationType,
    record.operation,
    record.referralDate,
    record.tciDate,
    record.surgeonName,
    record.priority,
    record.clockStart,
    record.priorityDate,
    record.lastValidatedOn,
    record.surgery,
    record.social,
  ];
  let textLength = 0;
  for (const value of text) textLength += value?.length ?? 0;
  // A character takes at most three bytes of UTF-8, and twice that escaped; the rest, codes,
  // numbers and keys, under a kilobyte.
  sink.reserve(batchField.length + 1024 + textLength * 6);
  const buffer = sink.buffer;
  let at = bytesAt(buffer, sink.length, batchField);
  buffer[at++] = 9;
  at = asciiAt(buffer, at, String(rowNumber));
  for (const value of text) at = fieldAt(buffer, at, value);
  at = bytesAt(buffer, at, heightKey);
  at = asciiAt(buffer, at, record.height === null ? 'null' : resultJson(record.height));
  at = bytesAt(buffer, at, weightKey);
  at = asciiAt(buffer, at, record.weight === null ? 'null' : resultJson(record.weight));
  at = bytesAt(buffer, at, sexKey);
  at = asciiAt(buffer, at, codeJson(record.sex));
  at = bytesAt(buffer, at, ethnicGroupKey);
  at = asciiAt(buffer, at, codeJson(record.ethnicGroup));
  at = bytesAt(buffer, at, smokingKey);
  at = asciiAt(buffer, at, codeJson(record.smoking));
  at = bytesAt(buffer, at, dateOfBirthKey);
  at = asciiAt(buffer, at, record.dateOfBirth === null ? 'null' : `"${record.dateOfBirth}"`);
  for (let i = 0; i < comorbidityCodes.length; i++) {
    const flag = record.comorbidities[comorbidityCodes[i]!];
    at = bytesAt(buffer, at, flagBytes[i]![flag === null ? 2 : flag]!);
  }
  sink.length = at;
}

/** Codes (sex, ethnic category, smoking) as JSON strings: a handful of distinct values. */
const codesAsJson = new Map<string, string>();
function codeJson(code: string | null): string {
  if (code === null) return 'null';
  let json = codesAsJson.get(code);
  if (json === undefined) {
    json = JSON.stringify(code);
    if (codesAsJson.size < 1_000) codesAsJson.set(code, json);
  }
  return json;
}

const scales = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/**
 * A result as JSON writes it (what String() gives), made without the general conversion for a number
 * of up to six decimal places, as lab results are: the fewest decimals whose digits read back as
 * exactly this number are the ones String() gives, below 10^9 where no two such readings meet.
 */
export function resultJson(value: number): string {
  if (value === 0) return '0';
  const size = Math.abs(value);
  if (!(size >= 1e-6 && size < 1e9)) return jsonValue(value);
  for (let decimals = 0; decimals < scales.length; decimals++) {
    const scale = scales[decimals]!;
    const scaled = Math.round(size * scale);
    if (scaled / scale !== size) continue;
    const sign = value < 0 ? '-' : '';
    if (decimals === 0) return sign + String(scaled);
    const whole = Math.floor(scaled / scale);
    const fraction = String(scaled - whole * scale).padStart(decimals, '0');
    return `${sign}${whole}.${fraction}`;
  }
  return jsonValue(value);
}

/**
 * The rest of a staged line after `stagedLineStart`, into `sink`: the patient's latest blood results
 * closing the clinical record, then their sample dates (the lab_dates field: the latest as
 * `sampled`, and each test sampled on another day by its own name), or none for a row without
 * bloods. Checked dates and numbers: all ASCII.
 */
export function writeStagedLineEnd(sink: ByteSink, bloods?: BloodTestPatient): void {
  if (!bloods) {
    sink.reserve(lineEndWithoutBloods.length);
    sink.length = bytesAt(sink.buffer, sink.length, lineEndWithoutBloods);
    return;
  }
  for (let lab = 0; lab < labCodes.length; lab++) {
    labResults[lab] = bloods.results[labCodes[lab]!] ?? Number.NaN;
    labDates[lab] = bloods.sampleDates[labCodes[lab]!];
  }
  writeResults(sink);
}

/** `writeStagedLineEnd` from the blood reader's table of every patient's results. */
export function writeStagedLineEndFrom(sink: ByteSink, patients: PatientResults, patient: number): void {
  for (let lab = 0; lab < labCodes.length; lab++) {
    labResults[lab] = patients.value(patient, lab) ?? Number.NaN;
    labDates[lab] = patients.sampleDate(patient, lab);
  }
  writeResults(sink);
}

/** The end of a staged line for a row without blood results. */
export const lineEndWithoutBloods = asciiBytes('}\t{}\n');
const sampledKey = asciiBytes('"sampled":');
const resultKeyBytes = resultKeys.map(asciiBytes);
/** The patient being written: each lab's result (NaN for none) and sample date, by its position in labCodes. */
const labResults = new Float64Array(labCodes.length);
const labDates: (string | undefined)[] = labCodes.map(() => undefined);

function dateAt(buffer: Uint8Array, at: number, date: string): number {
  buffer[at++] = 34;
  at = asciiAt(buffer, at, date);
  buffer[at++] = 34;
  return at;
}

function writeResults(sink: ByteSink): void {
  // Keys, numbers of at most 24 characters and dates of 10: well under a kilobyte.
  sink.reserve(1024);
  const buffer = sink.buffer;
  let at = sink.length;
  for (let lab = 0; lab < labCodes.length; lab++) {
    const value = labResults[lab]!;
    if (Number.isNaN(value)) continue;
    at = bytesAt(buffer, at, resultKeyBytes[lab]!);
    at = asciiAt(buffer, at, resultJson(value));
  }
  buffer[at++] = 125; // }
  buffer[at++] = 9;
  buffer[at++] = 123; // {
  // The sample dates (decision 0032): the latest once, as `sampled`, and a test sampled on another
  // day with its own date; most patients' tests were all taken on one day.
  let sampled: string | undefined;
  for (const date of labDates)
    if (date !== undefined && (sampled === undefined || date > sampled)) sampled = date;
  if (sampled !== undefined) {
    at = bytesAt(buffer, at, sampledKey);
    at = dateAt(buffer, at, sampled);
    for (let lab = 0; lab < labCodes.length; lab++) {
      const date = labDates[lab];
      if (date === undefined || date === sampled) continue;
      at = bytesAt(buffer, at, resultKeyBytes[lab]!);
      at = dateAt(buffer, at, date);
    }
  }
  buffer[at++] = 125;
  buffer[at++] = 10;
  sink.length = at;
}

/** What `write` writes, as text. */
export function textOf(write: (sink: ByteSink) => void): string {
  const sink = {
    buffer: new Uint8Array(0),
    length: 0,
    reserve(bytes: number) {
      if (this.length + bytes <= this.buffer.length) return;
      const grown = new Uint8Array(this.length + bytes);
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    },
  };
  write(sink);
  return new TextDecoder().decode(sink.buffer.subarray(0, sink.length));
}

/** `writeStagedLineEnd` as text. */
export const stagedLineEnd = (bloods?: BloodTestPatient) =>
  textOf((sink) => writeStagedLineEnd(sink, bloods));

/** Blood results and list rows meet on the NHS number, else the local patient identifier. */
export const patientKey = (nhsNumber: string | null, localPatientIdentifier: string | null) =>
  nhsNumber ?? `L:${localPatientIdentifier ?? ''}`;

/** Whether a patient key is a local identifier's (an NHS number's is its ten digits). */
export const isLocalKey = (key: string) => key.charCodeAt(0) === 76;

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field of COPY's text format: `\N` for NULL, and backslash, tab, newline and return escaped. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => copyEscapes[character]!) : text;
}
