/**
 * An imported row as it is staged and later applied to the active list: the pathway's list fields,
 * and the remodel record of spec §3 (what the model reads) with the patient's latest blood results.
 * Pure: it runs on the sandbox thread that reads the files.
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
 * The clinical record a pathway keeps (what the model reads, the remodel record of spec §3) as JSON:
 * height, weight, sex, ethnic group, smoking and date of birth, each comorbidity flag, and the
 * patient's latest blood results. Written out directly: the staging makes one per row, and building
 * an object only to serialise it was most of the cost of making a staged row.
 */
export function clinicalJson(record: WaitingListRecord, bloods?: BloodTestPatient): string {
  let json = `{"height":${jsonValue(record.height)},"weight":${jsonValue(record.weight)},"sex":${jsonValue(record.sex)},"ethnicGroup":${jsonValue(record.ethnicGroup)},"smoking":${jsonValue(record.smoking)},"dateOfBirth":${jsonValue(record.dateOfBirth)}`;
  for (let i = 0; i < comorbidityCodes.length; i++) {
    json += comorbidityKeys[i]! + jsonValue(record.comorbidities[comorbidityCodes[i]!]);
  }
  if (bloods) {
    for (let i = 0; i < labCodes.length; i++) {
      const value = bloods.results[labCodes[i]!];
      if (value !== undefined) json += `,${labKeys[i]!}${jsonValue(value)}`;
    }
  }
  return `${json}}`;
}

/** `JSON.stringify` of a patient's sample dates, written out directly for the same reason. */
export function labDatesJson(bloods?: BloodTestPatient): string {
  if (!bloods) return '{}';
  let json = '';
  for (let i = 0; i < labCodes.length; i++) {
    const date = bloods.sampleDates[labCodes[i]!];
    if (date !== undefined) json += `${json === '' ? '' : ','}${labKeys[i]!}${jsonValue(date)}`;
  }
  return `{${json}}`;
}

/**
 * The columns of a staged row (table staged_pathways), in the order `stagedCopyLine` writes them: the
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
 * One staged row as a line of COPY's text format; `batchField` is the batch id already made a field.
 * Text rather than CSV: JSON, full of double quotes, goes in as it is instead of with each quote
 * doubled, which took most of the time of making the line. The two JSON fields need no escaping:
 * their strings are checked codes and dates, and JSON has no raw tab or line break.
 */
export function stagedCopyLine(
  batchField: string,
  rowNumber: number,
  record: WaitingListRecord,
  bloods?: BloodTestPatient,
): string {
  return `${batchField}\t${rowNumber}\t${copyField(record.nhsNumber)}\t${copyField(record.localPatientIdentifier)}\t${copyField(record.firstName)}\t${copyField(record.lastName)}\t${copyField(record.dateOfBirth)}\t${copyField(record.operationType)}\t${copyField(record.referralDate)}\t${copyField(record.tciDate)}\t${copyField(record.surgeonName)}\t${copyField(record.priority)}\t${copyField(record.surgery)}\t${copyField(record.social)}\t${clinicalJson(record, bloods)}\t${labDatesJson(bloods)}\n`;
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
