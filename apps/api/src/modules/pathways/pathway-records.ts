/**
 * The one owner of a pathway's row: every module that reads one pathway or changes it calls these
 * (eslint.boundaries.js fails on any other file that writes `pathways`). The statements that write
 * a whole list at once are in list-writes.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { patientMessages } from '@esr/contracts/patients';
import { queryRows, type Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';

/** Which pathway: another trust's, or one of another procedure, is not found, and its existence is not told. */
export interface PathwayKey {
  trustCode: string;
  procedureCode: string;
  id: string;
}

/**
 * The pathway's `columns` (read from the alias `p`), locked for the caller's transaction when
 * `lock`; not found is the patient screens' 404.
 */
export async function findPathway<Row extends Record<string, unknown>>(
  db: Db,
  { trustCode, procedureCode, id }: PathwayKey,
  columns: SQL,
  lock = false,
): Promise<Row> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from pathways p
      where p.id = ${id} and p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound(patientMessages.notFound);
  return row;
}

/**
 * What the model reads, hashed, so that a write that changes nothing keeps its prediction: the
 * record's JSON text (the `clinical` column of the row `alias`), written in one order of keys by the
 * import, the remodel and the blood results alike. Every writer of a record hashes it with this one
 * expression, since a pathway's current evaluation is kept only while the hashes agree.
 */
export const inputsHashOf = (alias: string) => `md5(${alias}.clinical)`;

/**
 * Writes the record the model reads and its hash in one statement (a remodel, blood results): the
 * record is stored as the JSON text given, and the hash is of that text. `labDatesJson` is stored as
 * given (SQL null when null); a date of birth, when given, replaces the pathway's.
 */
export async function writeClinicalRecord(
  tx: Db,
  pathwayId: string,
  record: { clinicalJson: string; labDatesJson: string | null; dateOfBirth?: string | null },
): Promise<void> {
  await tx.execute(sql`update pathways p set
      clinical = r.clinical::json,
      inputs_hash = ${sql.raw(inputsHashOf('r'))},
      lab_dates = ${record.labDatesJson}::json,
      date_of_birth = coalesce(${record.dateOfBirth ?? null}::date, p.date_of_birth),
      updated_at = now()
    from (select ${record.clinicalJson}::text as clinical) r
    where p.id = ${pathwayId}`);
}

/** The pathway waits to be scored (when its procedure has a model again). */
export async function setWaiting(tx: Db, pathwayId: string): Promise<void> {
  await tx.execute(sql`update pathways set status = 'waiting', updated_at = now() where id = ${pathwayId}`);
}

/** What a scoring of one pathway leaves on it: its current evaluation (or none) and its state. */
export interface PathwayScoring {
  status: string;
  evaluationId: string | null;
  prediction: string | null;
  probability: number | null;
  modelId: string;
  exclusion: string | null;
  /** JSON text, or null. */
  failedFields: string | null;
  failureReason: string | null;
  /** JSON text, or null. */
  defaultedInputs: string | null;
}

/** Makes one scoring the pathway's current state (evaluations/evaluation-writer.ts writes its evaluation). */
export async function recordScoring(tx: Db, pathwayId: string, scoring: PathwayScoring): Promise<void> {
  await tx.execute(sql`update pathways set
      status = ${scoring.status}, current_evaluation_id = ${scoring.evaluationId},
      prediction = ${scoring.prediction}, probability = ${scoring.probability},
      scored_model_id = ${scoring.modelId}, exclusion = ${scoring.exclusion},
      failed_fields = ${scoring.failedFields}::jsonb, failure_reason = ${scoring.failureReason},
      defaulted_inputs = ${scoring.defaultedInputs}::jsonb,
      processed_at = now(), updated_at = now()
    where id = ${pathwayId}`);
}

/** The surgeon, readiness for surgery and social aspects, as a clinician edits them. */
export async function setSurgicalRiskFactors(
  tx: Db,
  pathwayId: string,
  factors: { surgeonName: string; surgery: string; social: string },
): Promise<void> {
  await tx.execute(sql`update pathways set surgeon_name = ${factors.surgeonName}, surgery = ${factors.surgery},
      social = ${factors.social}, updated_at = now() where id = ${pathwayId}`);
}

/** The date of birth accepted for this pathway's patient (decision 0055). */
export async function acceptDateOfBirth(tx: Db, pathwayId: string, dateOfBirth: string): Promise<void> {
  await tx.execute(sql`update pathways set accepted_date_of_birth = ${dateOfBirth}, updated_at = now()
      where id = ${pathwayId}`);
}

/** A clerical change waits for a clinician's review (from the first such change), or no longer does. */
export async function setClericalChangeUnreviewed(
  tx: Db,
  pathwayId: string,
  unreviewed: boolean,
): Promise<void> {
  await tx.execute(
    unreviewed
      ? sql`update pathways
          set clerical_change_unreviewed_at = coalesce(clerical_change_unreviewed_at, now()), updated_at = now()
          where id = ${pathwayId}`
      : sql`update pathways set clerical_change_unreviewed_at = null, updated_at = now()
          where id = ${pathwayId}`,
  );
}

/** The pathway leaves the active list (a validation's removal). */
export async function archivePathway(tx: Db, pathwayId: string): Promise<void> {
  await tx.execute(sql`update pathways set is_active = false, date_removed = now(), updated_at = now()
      where id = ${pathwayId}`);
}
