import { comorbidityColumns, waitingListColumns } from './headers.js';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { ComorbidityCode, WaitingListRecord } from './types.js';

// The fields of a waiting list's record, as the row reader and the header checks name them.

export const labels = new Map(waitingListColumns.map((c) => [c.key, c.label]));

export interface Column {
  key: string;
  label: string;
  index: number;
}

export const fieldKeys = [
  'nhsNumber',
  'localPatientIdentifier',
  'firstName',
  'lastName',
  'dateOfBirth',
  'sex',
  'ethnicGroup',
  'height',
  'weight',
  'smoking',
  'operationType',
  'referralDate',
  'clockStart',
  'tciDate',
  'surgeonName',
  'priority',
  'priorityDate',
  'lastValidatedOn',
  'surgery',
  'social',
] as const;
export type FieldKey = (typeof fieldKeys)[number];

export function emptyComorbidities(): Record<ComorbidityCode, 0 | 1 | null> {
  return {
    hypt: null,
    af: null,
    ihd: null,
    ang: null,
    valv: null,
    hfl: null,
    pvd: null,
    copd: null,
    dem: null,
    alz: null,
    pa: null,
    ps: null,
    idd: null,
    nidd: null,
    hypo: null,
    hype: null,
    ra: null,
    foa: null,
  };
}

/** The inputs whose blank cells the active model fills in with a named default (decision 0057). */
export const modelInputFields: string[] = ['ethnicGroup', 'smoking', ...comorbidityColumns.map((c) => c.key)];

/** A record with the row's names and nothing else, which the row's reading fills in. */
export function blankRecord(
  procedure: ProcedureCode,
  firstName: string | null,
  lastName: string | null,
): WaitingListRecord {
  return {
    nhsNumber: null,
    localPatientIdentifier: null,
    firstName,
    lastName,
    dateOfBirth: null,
    sex: null,
    ethnicGroup: null,
    height: null,
    weight: null,
    smoking: null,
    operationType: procedure,
    operation: null,
    referralDate: null,
    clockStart: null,
    tciDate: null,
    surgeonName: null,
    priority: null,
    priorityDate: null,
    lastValidatedOn: null,
    surgery: null,
    social: null,
    comorbidities: emptyComorbidities(),
  };
}
