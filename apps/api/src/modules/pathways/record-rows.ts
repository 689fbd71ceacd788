/**
 * The rows of the open pathways as the lists and their reports read them (docs/requirements.md §3
 * active and archived records): their columns, and each row as the API answers it.
 */
import { sql } from 'drizzle-orm';
import type { ActiveRecord, ArchivedRecord, RecordStatus } from '@esr/contracts/open-pathways';
import { bandOfStored } from '@esr/contracts/risk-band';
import { recordStatuses } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { shownScoringColumns } from '../prediction-suspension/index.js';
import { incompleteText, modelInputOf as inputOf } from '@esr/contracts/patient-wording';
import { isoTime } from './record-pages.js';

/** A JSON list of field names as stored (text or JSON), its strings only. */
export const fieldList = (value: unknown): string[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
};

/**
 * The model was given a default for an input the record lacks (decision 0057): the pathway's
 * `defaulted_inputs` is a list with something in it (null when none was defaulted).
 */
export const missingInputsSql = sql`coalesce(jsonb_typeof(p.defaulted_inputs) = 'array'
  and p.defaulted_inputs <> '[]'::jsonb, false)`;
/** The columns an active record is read with (reports add their own). */
export const activeColumns = sql`p.id, p.nhs_number, p.first_name, p.last_name, p.operation_type,
  p.local_patient_identifier, p.date_of_birth::text as date_of_birth, ${shownScoringColumns}, p.prediction,
  p.tci_date::text as tci_date, p.surgeon_name, p.referral_date::text as referral_date, p.social,
  p.surgery, p.failed_fields, p.exclusion, p.defaulted_inputs`;

/** The columns that name a pathway's patient and operation, as every list reads them. */
export interface PatientColumns extends Record<string, unknown> {
  nhs_number: string | null;
  first_name: string | null;
  last_name: string | null;
  operation_type: string;
  local_patient_identifier: string | null;
}

/** Who a pathway's patient is, as a pathway (or a staged row of a list) holds it. */
export interface PatientIdentityColumns extends Record<string, unknown> {
  nhs_number: string | null;
  local_patient_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
}

/** What an active and an archived record both hold: the patient, the dates and the surgeon. */
export interface RecordRow extends PatientColumns, PatientIdentityColumns {
  id: string;
  tci_date: string | null;
  surgeon_name: string | null;
  referral_date: string | null;
}

export interface ActiveRow extends RecordRow {
  status: string;
  prediction: string | null;
  /** Read by the list (not by activeColumns, to which a report adds it itself). */
  probability?: number | string | null;
  social: string | null;
  surgery: string | null;
  /** Read by the total table only: the current evaluation's anomaly flag and its reason. */
  is_anomaly?: boolean | null;
  anomaly_reason?: string | null;
  /** Decision 0057: an incomplete record's missing required inputs, an excluded one's reason, the defaulted inputs. */
  failed_fields?: string[] | null;
  exclusion?: string | null;
  defaulted_inputs?: string[] | null;
}

const asStatus = (status: string): RecordStatus =>
  (recordStatuses as readonly string[]).includes(status) ? (status as RecordStatus) : 'waiting';

/** What a record lacks or why it is not scored, in words (decision 0057). */
function statusDetailOf(row: ScoringStateRow, status: RecordStatus): string | null {
  if (status === 'excluded') return row.exclusion ?? null;
  if (status === 'suspended') return row.suspended_on ?? null;
  const missing = fieldList(row.failed_fields);
  if (status !== 'incomplete' || missing.length === 0) return null;
  return incompleteText(missing.map(inputOf)).slice('Incomplete: '.length);
}

/** The columns a pathway's scoring is shown from (decision 0057), as every list reads them. */
export interface ScoringStateRow {
  /** As `shownScoringColumns` reads it: `suspended` while the procedure's predictions are (decision 0063). */
  status: string;
  suspended_on?: string | null;
  failed_fields?: unknown;
  exclusion?: string | null;
  defaulted_inputs?: unknown;
}

/**
 * A pathway's status, what it lacks or why it is not scored, and the inputs the model was given a
 * default for by name (decision 0057): the same in the total table, the worklist and the reports.
 */
export function scoringStateOf(row: ScoringStateRow): {
  status: RecordStatus;
  statusDetail: string | null;
  defaultedInputs: string[];
} {
  const status = asStatus(row.status);
  return {
    status,
    statusDetail: statusDetailOf(row, status),
    defaultedInputs: fieldList(row.defaulted_inputs).map((field) => inputOf(field).label),
  };
}

export function toActiveRecord(row: ActiveRow): ActiveRecord {
  const { status, statusDetail, defaultedInputs } = scoringStateOf(row);
  return {
    id: row.id,
    nhsNumber: row.nhs_number,
    firstName: row.first_name,
    lastName: row.last_name,
    operationType: row.operation_type,
    hospitalNumber: row.local_patient_identifier,
    dateOfBirth: row.date_of_birth,
    status,
    statusDetail,
    defaultedInputs,
    // docs/requirements.md §3: a prediction is shown only for a processed record (a re-queued one keeps its old band).
    prediction: status === 'processed' ? bandOfStored(row.prediction) : null,
    probability:
      status === 'processed' && row.probability !== null && row.probability !== undefined
        ? Number(row.probability)
        : null,
    tciDate: row.tci_date,
    surgeonName: row.surgeon_name,
    referralDate: row.referral_date,
    social: row.social as ActiveRecord['social'],
    surgery: row.surgery as ActiveRecord['surgery'],
    ...(row.is_anomaly !== undefined
      ? { anomaly: row.is_anomaly ? { reason: row.anomaly_reason ?? null } : null }
      : {}),
  };
}
/** The archive's order: most recently removed first. */
export const archivedOrder = sql`p.date_removed desc nulls last, p.id desc nulls last`;

export const archivedColumns = sql`p.id, p.nhs_number, p.first_name, p.last_name, p.operation_type,
  p.procedure_code, p.local_patient_identifier, p.date_of_birth::text as date_of_birth,
  coalesce(p.date_of_operation, p.tci_date)::text as tci_date, p.surgeon_name, p.referral_date::text as referral_date,
  ${isoTime(sql`coalesce(p.date_removed, p.updated_at)`)} as date_removed,
  p.last_batch_id::text as last_batch_id`;

export interface ArchivedRow extends RecordRow {
  procedure_code: ProcedureCode;
  date_removed: string;
  last_batch_id: string | null;
  /** Read by the list (not by archivedColumns, which the archive's report shares). */
  status?: string;
  prediction?: string | null;
  probability?: number | string | null;
}

/** The risk a pathway had when it left the list: a processed one's band and probability. */
const lastRiskOf = (row: ArchivedRow) =>
  row.status === 'processed' && row.probability !== null && row.probability !== undefined
    ? { prediction: bandOfStored(row.prediction), probability: Number(row.probability) }
    : { prediction: null, probability: null };

export const toArchivedRecord = (row: ArchivedRow): ArchivedRecord => ({
  id: row.id,
  nhsNumber: row.nhs_number,
  firstName: row.first_name,
  lastName: row.last_name,
  operationType: row.operation_type,
  procedureCode: row.procedure_code,
  hospitalNumber: row.local_patient_identifier,
  dateOfBirth: row.date_of_birth,
  dateOfOperation: row.tci_date,
  surgeonName: row.surgeon_name,
  referralDate: row.referral_date,
  dateRemoved: row.date_removed,
  lastWaitingListId: row.last_batch_id,
  ...lastRiskOf(row),
});
