/**
 * An imported row as it is staged and later applied to the active list: the pathway's list fields,
 * and the remodel record of spec §3 (what the model reads) with the patient's latest blood results.
 * Pure: it runs on the sandbox threads that read the files.
 *
 * A staged line is made in two parts, because the two files are read at once on two threads
 * (decision 0030): the list thread writes each row's start, through its clinical record's list
 * values, as it reads; the blood thread writes each patient's end of the line (`stagedLineEnd`),
 * with their results and sample dates; the list thread then puts the two together.
 */
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
  'referral_date',
  'tci_date',
  'surgeon_name',
  'priority',
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
export function stagedLineStart(batchField: string, rowNumber: number, record: WaitingListRecord): string {
  let line = `${batchField}\t${rowNumber}\t${copyField(record.nhsNumber)}\t${copyField(record.localPatientIdentifier)}\t${copyField(record.firstName)}\t${copyField(record.lastName)}\t${copyField(record.dateOfBirth)}\t${copyField(record.operationType)}\t${copyField(record.referralDate)}\t${copyField(record.tciDate)}\t${copyField(record.surgeonName)}\t${copyField(record.priority)}\t${copyField(record.surgery)}\t${copyField(record.social)}\t{"height":${jsonValue(record.height)},"weight":${jsonValue(record.weight)},"sex":${jsonValue(record.sex)},"ethnicGroup":${jsonValue(record.ethnicGroup)},"smoking":${jsonValue(record.smoking)},"dateOfBirth":${jsonValue(record.dateOfBirth)}`;
  for (let i = 0; i < comorbidityCodes.length; i++) {
    line += comorbidityKeys[i]! + jsonValue(record.comorbidities[comorbidityCodes[i]!]);
  }
  return line;
}

/** Dates as JSON strings: an extract has few sample dates, and 100,000 patients nine each. */
const datesAsJson = new Map<string, string>();
function dateJson(date: string): string {
  let json = datesAsJson.get(date);
  if (json === undefined) {
    json = JSON.stringify(date);
    if (datesAsJson.size < 10_000) datesAsJson.set(date, json);
  }
  return json;
}

/**
 * The rest of a staged line after `stagedLineStart`: the patient's latest blood results closing the
 * clinical record, then their sample dates (the lab_dates field), or none for a row without bloods.
 */
export function stagedLineEnd(bloods?: BloodTestPatient): string {
  if (!bloods) return '}\t{}\n';
  let results = '';
  let sampleDates = '';
  for (let i = 0; i < labCodes.length; i++) {
    const value = bloods.results[labCodes[i]!];
    if (value !== undefined) results += `,${labKeys[i]!}${jsonValue(value)}`;
    const date = bloods.sampleDates[labCodes[i]!];
    if (date !== undefined) sampleDates += `${sampleDates === '' ? '' : ','}${labKeys[i]!}${dateJson(date)}`;
  }
  return `${results}}\t{${sampleDates}}\n`;
}

/** Blood results and list rows meet on the NHS number, else the local patient identifier. */
export const patientKey = (nhsNumber: string | null, localPatientIdentifier: string | null) =>
  nhsNumber ?? `L:${localPatientIdentifier ?? ''}`;

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field of COPY's text format: `\N` for NULL, and backslash, tab, newline and return escaped. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => copyEscapes[character]!) : text;
}
