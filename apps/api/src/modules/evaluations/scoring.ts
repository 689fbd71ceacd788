/**
 * Scoring (the infer-batch job; docs/model-artifacts.md; docs/architecture.md, Jobs): every active pathway of a trust and procedure without
 * a current evaluation gets one from the active model. A pathway is `waiting` until scored, then
 * `processed`, or `failed` with the fields at fault when the model cannot score it.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  contributionsInModelOrder,
  evaluateMany,
  explainMany,
  type EvaluationResult,
  type PatientRecord,
} from '@esr/risk-engine/evaluate';
import type { RiskModel } from '@esr/risk-engine/model';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';
import { mlModels } from '../../platform/db/schema.js';
import { rowsAsArrays } from '../../platform/db/bulk-rows.js';
import { packContributions } from './contributions.js';
import { activeRiskModel } from '../models/index.js';
import { scoredPathwaysUpdate } from '../pathways/index.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { evaluationInsert, evaluationInsertParams } from './evaluation-writer.js';
import {
  defaultBloodResultMaxAgeDays,
  missingInputs,
  missingRequiredInputs,
  prepareRecord,
  type LabDates,
  type PreparedRecord,
  type ScoringFacts,
} from './model-safeguards.js';

import type { EvaluationReason } from '@esr/contracts/patients';

export type { EvaluationReason };

/** Rows read, scored and written per round: large enough for bulk statements, small enough for memory. */
export const scoringChunk = 2000;

export interface ModelVersion {
  id: string;
  version: number;
  name: string;
  cardVersion: string;
  demonstration: boolean;
  model: RiskModel;
}

export async function activeModelVersion(
  db: Db,
  trustCode: string,
  procedureCode: string,
): Promise<ModelVersion | null> {
  const active = await activeRiskModel(db, trustCode, procedureCode);
  if (!active) return null;
  const [row] = await db
    .select({ version: mlModels.version, card: mlModels.card })
    .from(mlModels)
    .where(and(eq(mlModels.id, active.id)))
    .limit(1);
  const card = row?.card as { name: string; modelVersion: string; demonstration: boolean } | undefined;
  return {
    id: active.id,
    version: row?.version ?? 0,
    name: card?.name ?? '',
    cardVersion: card?.modelVersion ?? '',
    demonstration: card?.demonstration ?? false,
    model: active.model,
  };
}

const isMissing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The record fields the model needed and did not get (features without a default). */
export function fieldsAtFault(model: RiskModel, record: PatientRecord): string[] {
  const fields = new Set<string>();
  for (const feature of model.wrapper?.features ?? []) {
    if (feature.default !== null) continue;
    const source = feature.source;
    if (source.kind === 'field') {
      if (isMissing(record[source.field])) fields.add(source.field);
    } else if (source.derivation === 'ageYears') {
      if (isMissing(record.dateOfBirth)) fields.add('dateOfBirth');
    } else {
      if (isMissing(record.height)) fields.add('height');
      if (isMissing(record.weight)) fields.add('weight');
    }
  }
  return [...fields];
}

/** The day an evaluation reads ages on, as the engine takes it and the evaluation stores it (UTC). */
export const evaluationDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * What an evaluation row stores of a result (decision 0028): the band, the probability, whether
 * defaults were used, and each feature's contribution in the model's feature order, in full. The
 * factors, values, units and advice shown are rebuilt from these, the inputs and the model version.
 */
export function evaluationColumns(model: RiskModel, result: EvaluationResult) {
  return {
    probability: result.probability,
    prediction: result.prediction,
    isDefaultValueUsed: result.isDefaultValueUsed,
    /** As base64 text of the stored bytes, the form both writers hand it to the database in. */
    contributions: packContributions(contributionsInModelOrder(model, result)),
  };
}

export interface ScoringScope {
  trustCode: string;
  procedureCode: string;
  model: ModelVersion;
  /** The oldest blood result the model may use, in days before the day of scoring (decision 0057). */
  bloodResultMaxAgeDays: number;
}

/**
 * A pathway's state once scored, as the pathway's row stores it, with its new evaluation's own
 * columns (the model's come from the scope, the inputs from the record the database already holds),
 * ready for a bulk statement: the fields at fault as JSON, the contributions as an array literal.
 */
export interface ScoredState {
  /** incomplete: scored without a band (a required input missing); excluded: outside the population, not scored. */
  status: 'processed' | 'failed' | 'incomplete' | 'excluded';
  evaluationId: string | null;
  prediction: string | null;
  probability: number | null;
  failedFields: string | null;
  failureReason: string | null;
  reason: EvaluationReason | null;
  defaultUsed: boolean | null;
  contributions: string | null;
  /** The band and probability the model gave, kept with the evaluation even when the pathway shows none. */
  band: string | null;
  modelProbability: number | null;
  /** JSON: the required inputs missing (incomplete), and the results too old to use. */
  withheldInputs: string | null;
  unusedInputs: string | null;
  /** Why an excluded pathway is outside the population. */
  exclusion: string | null;
  /** JSON: the fields the model read that the record lacked (the lists' "Missing inputs"). */
  defaultedInputs: string | null;
}

/** The columns of a ScoredState that the pathway's row takes, as `rowsAsArrays` hands them over. */
export const pathwayStateColumns = [
  ['status', 'text'],
  ['evaluationId', 'uuid'],
  ['prediction', 'text'],
  ['probability', 'float8'],
  ['failedFields', 'jsonb'],
  ['failureReason', 'text'],
  ['exclusion', 'text'],
  ['defaultedInputs', 'jsonb'],
] as const;

/** The columns of a ScoredState that only its new evaluation takes, as `rowsAsArrays` hands them over. */
export const evaluationStateColumns = [
  ['reason', 'text'],
  ['defaultUsed', 'boolean'],
  ['contributions', 'text'],
  ['band', 'text'],
  ['modelProbability', 'float8'],
  ['withheldInputs', 'jsonb'],
  ['unusedInputs', 'jsonb'],
] as const;

/** Every column of a ScoredState, as `rowsAsArrays` hands them over. */
const scoredStateColumns = [...pathwayStateColumns, ...evaluationStateColumns] as const;

/** A pathway to score: the model's record, when its results were taken, its operation, and why. */
export interface RecordToScore extends ScoringFacts {
  reason: EvaluationReason;
}

type Explained = { ok: true; state: ScoredState } | { ok: false; fields: string[]; reason: string };

/**
 * Scores records at once (one by one only when the chunk holds one the model refuses), keeping of
 * each what its evaluation stores: no risk summary is built.
 */
function explainForWriting(model: RiskModel, records: PatientRecord[], evaluationDate: string): Explained[] {
  const explain = (batch: PatientRecord[]): Explained[] => {
    const explained = explainMany(model, batch, { evaluationDate });
    const f = explained.nFeatures;
    return batch.map((record, i) => {
      const missing = missingRequiredInputs(model, record);
      const defaulted = missingInputs(model, record);
      return {
        ok: true,
        state: {
          status: missing.length > 0 ? 'incomplete' : 'processed',
          evaluationId: timeOrderedUuid(),
          // An incomplete pathway shows no band and no probability but on its summary (decision 0057).
          prediction: missing.length > 0 ? null : explained.prediction[i]!,
          probability: missing.length > 0 ? null : explained.probability[i]!,
          // An incomplete pathway keeps the required inputs it lacks with it, for the lists to name.
          failedFields: missing.length > 0 ? JSON.stringify(missing) : null,
          failureReason: null,
          exclusion: null,
          reason: null,
          defaultUsed: explained.isDefaultValueUsed[i]!,
          contributions: packContributions(explained.contributions, i * f, (i + 1) * f),
          band: explained.prediction[i]!,
          modelProbability: explained.probability[i]!,
          withheldInputs: missing.length > 0 ? JSON.stringify(missing) : null,
          unusedInputs: null,
          defaultedInputs: defaulted.length > 0 ? JSON.stringify(defaulted) : null,
        },
      };
    });
  };
  try {
    return explain(records);
  } catch {
    return records.map((record) => {
      try {
        return explain([record])[0]!;
      } catch (error) {
        return {
          ok: false,
          fields: fieldsAtFault(model, record),
          reason: error instanceof Error ? error.message : 'The model could not score this record',
        };
      }
    });
  }
}

/**
 * How long scoring may hold the thread that answers HTTP before letting other requests in. A chunk
 * of 2,000 scored at once held it for 60–110 ms, and a second on a cold start while the code warms
 * up: longer than a liveness probe may wait (docs/operations.md, "Health and logs").
 */
export const scoringTurnMs = 8;

/** Lets the other requests waiting on this thread in before the next slice of work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each record's new state for a bulk write, scored a slice at a time between turns of the event
 * loop. The slice grows while a turn stays short and shrinks when it runs long, so a cold start's
 * slow first records and a warm run's fast ones both keep each turn to a few milliseconds.
 */
export async function scoreForWriting(
  scope: ScoringScope,
  records: RecordToScore[],
  evaluationDate: string,
): Promise<ScoredState[]> {
  const model = scope.model.model;
  const prepared: PreparedRecord[] = [];
  const outcomeOf = new Map<number, Explained>();
  let slice = 16;
  for (let start = 0, end = 0; start < records.length; start = end) {
    if (start > 0) await nextTurn();
    const began = performance.now();
    end = Math.min(start + slice, records.length);
    // Each record is prepared in its slice, inside the turn's time: 2,000 prepared at once held
    // this thread for 15–25 ms.
    const inside: number[] = [];
    for (let index = start; index < end; index++) {
      const item = prepareRecord(model, records[index]!, evaluationDate, scope.bloodResultMaxAgeDays);
      prepared.push(item);
      // Only the pathways inside the model's population are scored.
      if (item.exclusion === null) inside.push(index);
    }
    if (inside.length > 0) {
      const explained = explainForWriting(
        model,
        inside.map((index) => prepared[index]!.record),
        evaluationDate,
      );
      inside.forEach((recordIndex, at) => outcomeOf.set(recordIndex, explained[at]!));
    }
    const took = performance.now() - began;
    if (took < scoringTurnMs / 2) slice = Math.min(slice * 2, 1024);
    else if (took > scoringTurnMs) slice = Math.max(4, Math.floor(slice / 2));
  }
  return records.map((record, index): ScoredState => {
    const { exclusion, unused } = prepared[index]!;
    const empty = {
      evaluationId: null,
      prediction: null,
      probability: null,
      failedFields: null,
      failureReason: null,
      exclusion: null,
      reason: null,
      defaultUsed: null,
      contributions: null,
      band: null,
      modelProbability: null,
      withheldInputs: null,
      unusedInputs: null,
      defaultedInputs: null,
    };
    if (exclusion !== null) return { ...empty, status: 'excluded', exclusion };
    const outcome = outcomeOf.get(index)!;
    if (!outcome.ok)
      return {
        ...empty,
        status: 'failed',
        failedFields: JSON.stringify(outcome.fields),
        failureReason: outcome.reason.slice(0, 500),
      };
    return {
      ...outcome.state,
      reason: record.reason,
      unusedInputs: unused === null ? null : JSON.stringify(unused),
    };
  });
}

/**
 * When scoring last finished for the trust and procedure, and the scored list's mean probability
 * (the summary's average): after a scoring run, or a confirm that scored its pathways itself.
 */
export async function recordInferenceRun(
  db: Db,
  trustCode: string,
  procedureCode: string,
  scored: number,
): Promise<void> {
  await db.execute(sql`insert into inference_runs (trust_code, procedure_code, last_run, scored, average_probability)
    values (${trustCode}, ${procedureCode}, now(), ${scored}, (
      select avg(probability) from pathways
      where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active and status = 'processed'))
    on conflict (trust_code, procedure_code) do update set last_run = excluded.last_run,
      scored = excluded.scored, average_probability = excluded.average_probability`);
}

type Outcome = { ok: true; result: EvaluationResult } | { ok: false; fields: string[]; reason: string };

/** Scores a chunk at once, and one by one only when the chunk holds a record the model refuses. */
export function scoreRecords(
  model: RiskModel,
  records: PatientRecord[],
  evaluationDate: string | Date,
): Outcome[] {
  try {
    return evaluateMany(model, records, { evaluationDate }).map((result) => ({ ok: true, result }));
  } catch {
    return records.map((record) => {
      try {
        const [result] = evaluateMany(model, [record], { evaluationDate });
        return { ok: true, result: result! };
      } catch (error) {
        return {
          ok: false,
          fields: fieldsAtFault(model, record),
          reason: error instanceof Error ? error.message : 'The model could not score this record',
        };
      }
    });
  }
}

interface PendingRow extends Record<string, unknown> {
  id: string;
  clinical: PatientRecord;
  lab_dates: LabDates | null;
  operation: string | null;
  inputs_hash: string;
  status: string;
}

/** The trust's limit on the age of a blood result the model may use (decision 0057). */
export async function bloodResultMaxAgeDays(db: Db, trustCode: string): Promise<number> {
  const [row] = await queryRows<{ days: number | null }>(
    db,
    sql`select blood_result_max_age_days as days from trusts where trust_code = ${trustCode}`,
  );
  return row?.days ?? defaultBloodResultMaxAgeDays;
}

/**
 * A promise of a pipeline's statement, given a handler at once: it may fail while another is awaited,
 * and is awaited itself later, where its failure is thrown.
 */
export function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Scores every active pathway of the trust and procedure that has no evaluation from the active
 * model on its current data. Idempotent and safe to run twice: a pathway whose data changed while it
 * was being scored is left waiting for the next round.
 */
export async function scorePending(
  db: Db,
  database: Pick<Database, 'bulkWrite' | 'kind'>,
  trustCode: string,
  procedureCode: string,
  options: { reason?: EvaluationReason; chunk?: number; now?: () => Date } = {},
): Promise<number> {
  const model = await activeModelVersion(db, trustCode, procedureCode);
  if (!model) return 0;
  const chunk = options.chunk ?? scoringChunk;
  const now = options.now ?? (() => new Date());
  let scored = 0;
  // The pending pathways are listed once, then read a chunk at a time by id: a search for the
  // next chunk would look over every pathway of the list again, so the run grew with its square.
  const pending = await queryRows<{ id: string }>(
    db,
    sql`select id from pathways
      where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active
        and (status = 'waiting' or scored_model_id is distinct from ${model.id})
      order by id`,
  );
  const readChunk = (start: number) =>
    // Checked again: a remodel or a new import may have changed a pathway since it was listed.
    queryRows<PendingRow>(
      db,
      sql`select id, clinical, lab_dates, operation, inputs_hash, status from pathways
        where id = any(${`{${pending
          .slice(start, start + chunk)
          .map((row) => row.id)
          .join(',')}}`}::uuid[]) and is_active
          and (status = 'waiting' or scored_model_id is distinct from ${model.id})`,
    );
  const scope = {
    trustCode,
    procedureCode,
    model,
    bloodResultMaxAgeDays: await bloodResultMaxAgeDays(db, trustCode),
  };
  const prepare = async (rows: PendingRow[]) => {
    const evaluationDate = evaluationDay(now());
    const states = await scoreForWriting(
      scope,
      rows.map((row) => ({
        clinical: row.clinical,
        labDates: row.lab_dates,
        operation: row.operation,
        reason: options.reason ?? (row.status === 'waiting' ? 'batch' : 'rescore'),
      })),
      evaluationDate,
    );
    const scored = rows.map((row, index) => ({ id: row.id, hash: row.inputs_hash, ...states[index]! }));
    return {
      evaluationDate,
      pathways: rowsAsArrays(scored, [['id', 'uuid'], ['hash', 'text'], ...scoredStateColumns], 2),
      evaluations: rowsAsArrays(
        scored.filter((row) => row.evaluationId),
        [['id', 'uuid'], ...scoredStateColumns],
        10,
      ),
    };
  };
  const write = ({ evaluationDate, pathways, evaluations }: Awaited<ReturnType<typeof prepare>>) =>
    database.bulkWrite(async (writer) => {
      // Only pathways whose data is still what was scored take the new evaluation, and only those
      // still waiting for this model: a run that overlaps another of the same list (a retry of a
      // job whose worker was thought gone, or a confirm scoring the same rows) waits for the other's
      // rows and then leaves them, so that no pathway gets two evaluations of one model version.
      const written = await writer.query<{ id: string }>(scoredPathwaysUpdate(pathways.source), [
        model.id,
        ...pathways.params,
      ]);
      if (written.length > 0)
        await writer.query(
          `${evaluationInsert('p')}
          from ${evaluations.source} join pathways p on p.id = v.id
          where p.current_evaluation_id = v."evaluationId" and p.scored_model_id = $9`,
          [...evaluationInsertParams(scope, evaluationDate), model.id, ...evaluations.params],
        );
      return written.length;
    });

  // A pipeline: while the database writes and reads, this thread scores the chunk between. PostgreSQL
  // writes two chunks at once (a connection each); the embedded database runs one statement at a
  // time, so one is enough there.
  const writesAtOnce = database.kind === 'postgres' ? 2 : 1;
  const writing: Promise<number>[] = [];
  let reading = pending.length > 0 ? started(readChunk(0)) : null;
  for (let start = 0; reading; start += chunk) {
    const rows = await reading;
    reading = start + chunk < pending.length ? started(readChunk(start + chunk)) : null;
    const prepared = rows.length > 0 ? await prepare(rows) : null;
    if (writing.length >= writesAtOnce) scored += await writing.shift()!;
    if (prepared) writing.push(started(write(prepared)));
  }
  for (const inFlight of writing) scored += await inFlight;
  await recordInferenceRun(db, trustCode, procedureCode, scored);
  return scored;
}
