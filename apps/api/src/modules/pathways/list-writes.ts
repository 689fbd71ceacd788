/**
 * The statements that write many pathways at once, set-based, for the modules that build them into
 * their own statements: the confirm of a list (modules/waiting-list), a scoring run
 * (modules/evaluations), outcomes recorded (modules/outcomes) and a demonstration history. The
 * record's hash is `inputsHashOf`, as every other writer's.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import { inputsHashOf } from './pathway-records.js';

/**
 * A scoring run's chunk: the pathways of `source` (`v`, with the hash scored as `hash`) take their
 * scored state where their data is still what was scored (`inputs_hash`), and only those still
 * waiting for the model version `$1`, returning their ids.
 */
export const scoredPathwaysUpdate = (source: string) => `update pathways p set
    status = v.status,
    current_evaluation_id = v."evaluationId",
    prediction = v.prediction,
    probability = v.probability,
    failed_fields = v."failedFields",
    failure_reason = v."failureReason",
    exclusion = v.exclusion,
    defaulted_inputs = v."defaultedInputs",
    scored_model_id = $1,
    processed_at = now(),
    updated_at = now()
  from ${source}
  where p.id = v.id and p.inputs_hash = v.hash and p.is_active
    and (p.status = 'waiting' or p.scored_model_id is distinct from $1)
  returning p.id`;

/** How a confirm's staged rows (`s`) and their outcomes (`v`, from `source`, matched by `where`) reach the pathways. */
export interface ConfirmedRows {
  /** The outcomes' rows, as `rowsAsArrays` hands them over. */
  source: string;
  /** The condition that joins the chunk's staged rows to their outcomes. */
  where: string;
}

/**
 * The pathway's own result when it keeps it: its data, checked again under the row's lock, is still
 * what it was scored on. One changed since it was read (a remodel) waits for the scoring run. The
 * staged row's hash is made once (`h`, kept from being inlined by `offset 0`), not once per column.
 */
const kept = `v.keep and p.inputs_hash = h.inputs_hash`;
const keptOr = (column: string, value: string, changedMeanwhile = 'null') =>
  `case when ${kept} then p.${column} when v.keep then ${changedMeanwhile} else ${value} end`;

/**
 * The confirm's update of its matched pathways (`$1` the batch): each takes the staged row's
 * columns (`assignments`, as `column = value`), its hash, and its outcome's result unless it keeps
 * its own.
 */
export const matchedPathwaysUpdate = (assignments: string[], rows: ConfirmedRows) => `update pathways p set
    local_patient_identifier = coalesce(s.local_patient_identifier, p.local_patient_identifier),
    ${assignments.join(', ')},
    inputs_hash = h.inputs_hash,
    status = ${keptOr('status', 'v.status', `'waiting'`)},
    prediction = ${keptOr('prediction', 'v.prediction')},
    probability = ${keptOr('probability', 'v.probability')},
    current_evaluation_id = ${keptOr('current_evaluation_id', 'v."evaluationId"')},
    scored_model_id = ${keptOr('scored_model_id', 'v."modelId"')},
    failed_fields = ${keptOr('failed_fields', 'v."failedFields"')},
    failure_reason = ${keptOr('failure_reason', 'v."failureReason"')},
    exclusion = ${keptOr('exclusion', 'v.exclusion')},
    defaulted_inputs = ${keptOr('defaulted_inputs', 'v."defaultedInputs"')},
    processed_at = ${keptOr('processed_at', `case when v.status = 'waiting' then null else now() end`)},
    last_batch_id = $1,
    updated_at = now()
  from staged_pathways s cross join lateral (select ${inputsHashOf('s')} as inputs_hash offset 0) h,
    ${rows.source}
  where ${rows.where} and p.id = v.id and p.is_active`;

/**
 * The confirm's insert of its new pathways (`$1` the batch, `$4` and `$5` the trust and procedure),
 * in the staged rows' order: the staged `columns` with their `values`, the hash, and the outcome.
 */
export const newPathwaysInsert = (
  columns: readonly string[],
  values: string[],
  rows: ConfirmedRows,
) => `insert into pathways as p (id, trust_code, procedure_code, nhs_number, local_patient_identifier,
    ${columns.join(', ')}, inputs_hash, is_active, status, prediction, probability,
    current_evaluation_id, scored_model_id, failed_fields, failure_reason, exclusion, defaulted_inputs, processed_at,
    first_batch_id, last_batch_id)
  select v.id, $4, $5, s.nhs_number, s.local_patient_identifier,
    ${values.join(', ')}, ${inputsHashOf('s')}, true, v.status, v.prediction, v.probability,
    v."evaluationId", v."modelId", v."failedFields", v."failureReason", v.exclusion, v."defaultedInputs",
    case when v.status = 'waiting' then null else now() end, $1, $1
  from staged_pathways s, ${rows.source}
  where ${rows.where}
  order by s.row_number`;

/** Archives the active pathways of the list that the confirmed batch did not write; answers how many. */
export async function archiveUnlisted(
  tx: Db,
  list: { trustCode: string; procedureCode: string; batchId: string },
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`with removed as (
      update pathways set is_active = false, date_removed = now(), updated_at = now()
      where trust_code = ${list.trustCode} and procedure_code = ${list.procedureCode} and is_active
        and last_batch_id is distinct from ${list.batchId}
      returning 1
    ) select count(*) as n from removed`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Outcomes recorded: the pathways of `incoming` (a query of the caller's statement, with
 * `pathway_id`, `date_of_operation` and `same`) whose outcome is new are archived as operated.
 */
export const operatedPathwaysUpdate = sql`update pathways p set is_active = false, updated_at = now(),
    date_removed = case when p.is_active then now() else p.date_removed end,
    date_of_operation = incoming.date_of_operation
  from incoming where p.id = incoming.pathway_id and not incoming.same
  returning p.id`;

/**
 * Writes a demonstration history's pathways in one statement, handed its rows as one JSON value:
 * each a copy of a scored pathway (`source_id`, whose record, blood results' dates and hash it
 * takes), archived as operated (`removed`, an ISO time), with its evaluation's id, band and
 * probability and the columns named in the statement's record type.
 */
export async function insertDemonstrationPathways(
  tx: Db,
  list: { trustCode: string; procedureCode: string; modelId: string },
  pathways: readonly Record<string, unknown>[],
): Promise<void> {
  await tx.execute(sql`insert into pathways (id, trust_code, procedure_code, nhs_number, local_patient_identifier,
      first_name, last_name, date_of_birth, operation_type, referral_date, clock_start, priority_date, surgeon_name,
      clinical, lab_dates, inputs_hash, is_active, status, prediction, probability, current_evaluation_id,
      scored_model_id, processed_at, date_removed)
    select n.id, ${list.trustCode}, ${list.procedureCode}, n.nhs_number, n.local_patient_identifier,
      n.first_name, n.last_name, n.date_of_birth, n.operation_type, n.referral_date, n.referral_date,
      n.referral_date, n.surgeon_name, s.clinical, s.lab_dates, s.inputs_hash, false, 'processed',
      n.prediction, n.probability, n.evaluation_id, ${list.modelId}, n.removed::timestamptz, n.removed::timestamptz
    from json_to_recordset(${JSON.stringify(pathways)}::json) as n(id uuid,
      nhs_number text, local_patient_identifier text, first_name text, last_name text, date_of_birth date,
      operation_type text, referral_date date, surgeon_name text, probability double precision,
      prediction text, source_id uuid, evaluation_id uuid, removed text)
    join pathways s on s.id = n.source_id`);
}
