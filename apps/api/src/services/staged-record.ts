/**
 * An imported row as it is staged and later applied to the active list: the pathway's list fields,
 * and the remodel record of spec §3 (what the model reads) with the patient's latest blood results.
 * Pure: it runs on the sandbox thread that reads the files.
 */
import { comorbidityCodes, type BloodTestPatient, type WaitingListRecord } from '@esr/import-files/types';

export type ClinicalRecord = Record<string, string | number | null>;

export function clinicalRecord(record: WaitingListRecord, bloods?: BloodTestPatient): ClinicalRecord {
  const clinical: ClinicalRecord = {
    height: record.height,
    weight: record.weight,
    sex: record.sex,
    ethnicGroup: record.ethnicGroup,
    smoking: record.smoking,
    dateOfBirth: record.dateOfBirth,
  };
  for (const code of comorbidityCodes) clinical[code] = record.comorbidities[code];
  if (bloods) Object.assign(clinical, bloods.results);
  return clinical;
}

export function stagedRecord(record: WaitingListRecord, bloods?: BloodTestPatient) {
  return {
    nhsNumber: record.nhsNumber,
    localPatientIdentifier: record.localPatientIdentifier,
    firstName: record.firstName,
    lastName: record.lastName,
    dateOfBirth: record.dateOfBirth,
    operationType: record.operationType,
    referralDate: record.referralDate,
    tciDate: record.tciDate,
    surgeonName: record.surgeonName,
    priority: record.priority,
    surgery: record.surgery,
    social: record.social,
    clinical: clinicalRecord(record, bloods),
    labDates: bloods?.sampleDates ?? {},
  };
}

/** Blood results and list rows meet on the NHS number, else the local patient identifier. */
export const patientKey = (nhsNumber: string | null, localPatientIdentifier: string | null) =>
  nhsNumber ?? `L:${localPatientIdentifier ?? ''}`;

/** One CSV field as COPY reads it: NULL unquoted and empty, text always quoted. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}
