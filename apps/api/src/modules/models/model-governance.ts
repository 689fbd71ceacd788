/**
 * Model governance (decisions 0046 and 0060): every version with where it came from, what it
 * scored and how it did on the trust's outcomes; a technical admin proposes a version to be active
 * (an upload, a rollback, a recalibration) and a clinical safety officer, never the proposer,
 * approves or declines it; and fitting a recalibrated version on the trust's outcomes. A recalibrated version keeps its base version's files and adds the map: its
 * predictions are the base model's probability passed through logit(p′) = a + b·logit(p).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  modelMessages,
  type ModelStatus,
  type ModelVersion,
  type Recalibration,
  type RecalibrationRequest,
} from '@esr/contracts/models';
import type { z } from 'zod';
import type { modelProposalSchema } from '@esr/contracts/models';

type ModelProposal = z.infer<typeof modelProposalSchema>;
import { queryRows, type Db } from '../../platform/db/client.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { recordChange } from '../change-log/index.js';
import { principalName, requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { requestScoringWherePending } from '../evaluations/index.js';
import type { JobQueue } from '../../platform/queue/job-definition.js';
import { versionOutcomes } from '../model-performance/index.js';
import { forgetActiveModels } from './models.js';
import { fitRecalibration, mapIntervals, recalibrationMinEvents } from './recalibration/fit.js';

interface VersionRow extends Record<string, unknown> {
  id: string;
  version: number;
  status: string;
  is_active: boolean;
  model_type: string;
  model_file_name: string;
  wrapper_file_name: string;
  model_sha256: string;
  uploaded_by: string;
  uploaded_by_user_id: string | null;
  uploaded_at: string | Date;
  activated_at: string | Date | null;
  activated_by: string | null;
  base_model_id: string | null;
  base_version: number | null;
  recalibration: Recalibration | null;
  pathways_scored: number | string | null;
  proposed_by: string | null;
  proposed_by_user_id: string | null;
  proposed_at: string | Date | null;
  declined_by: string | null;
  declined_at: string | Date | null;
  decline_reason: string | null;
}

const versionColumns = sql`m.id, m.version, m.status, m.is_active, m.model_type, m.model_file_name,
  m.wrapper_file_name, m.model_sha256, m.uploaded_by, m.uploaded_by_user_id, m.uploaded_at,
  m.activated_at, m.activated_by, m.base_model_id, b.version as base_version, m.recalibration,
  m.proposed_by, m.proposed_by_user_id, m.proposed_at, m.declined_by, m.declined_at, m.decline_reason`;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

async function versionsOf(db: Db, trustCode: string, procedureCode: string, id?: string): Promise<VersionRow[]> {
  return queryRows<VersionRow>(
    db,
    sql`select ${versionColumns}, s.pathways_scored
      from ml_models m
      left join ml_models b on b.id = m.base_model_id
      left join (select model_id, count(distinct pathway_id) as pathways_scored from evaluations
        where trust_code = ${trustCode} and procedure_code = ${procedureCode} group by model_id) s
        on s.model_id = m.id
      where m.trust_code = ${trustCode} and m.procedure_code = ${procedureCode}
        ${id ? sql`and m.id = ${id}` : sql``}
      order by m.version desc`,
  );
}

async function versionOf(db: Db, trustCode: string, procedureCode: string, id: string): Promise<VersionRow> {
  const [row] = await versionsOf(db, trustCode, procedureCode, id);
  if (!row) throw notFound(modelMessages.notFound);
  return row;
}

async function toVersion(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  row: VersionRow,
): Promise<ModelVersion> {
  const figures = (await versionOutcomes(db, trustCode, procedureCode, { modelVersion: row.version })).figures();
  return {
    id: row.id,
    version: row.version,
    status: row.status as ModelStatus,
    isActive: row.is_active,
    modelType: row.model_type,
    modelFileName: row.model_file_name,
    wrapperFileName: row.wrapper_file_name,
    modelSha256: row.model_sha256,
    uploadedBy: row.uploaded_by,
    uploadedAt: iso(row.uploaded_at)!,
    source: row.base_model_id ? 'recalibrated' : 'uploaded',
    baseVersion: row.base_version === null ? null : Number(row.base_version),
    smokeTest: 'passed',
    pathwaysScored: Number(row.pathways_scored ?? 0),
    localPerformance:
      figures.n > 0
        ? {
            n: figures.n,
            events: figures.events,
            oe: figures.oe?.ratio ?? null,
            auroc: figures.auroc?.value ?? null,
            enoughEvents: figures.enoughEvents,
          }
        : null,
    activatedAt: iso(row.activated_at),
    activatedBy: row.activated_by,
    createdByYou: row.uploaded_by_user_id !== null && row.uploaded_by_user_id === principal.userId,
    proposal:
      row.proposed_at === null
        ? null
        : {
            by: row.proposed_by ?? '',
            at: iso(row.proposed_at)!,
            byYou: row.proposed_by_user_id !== null && row.proposed_by_user_id === principal.userId,
          },
    declined:
      row.status === 'declined' && row.declined_at !== null
        ? { by: row.declined_by ?? '', at: iso(row.declined_at)!, reason: row.decline_reason ?? '' }
        : null,
    recalibration: row.recalibration,
  };
}

/** GET …/models: every version, newest first. */
export async function modelVersions(db: Db, principal: Principal, trustCode: string, procedureCode: string) {
  requireAccess(principal, 'models:read', trustCode);
  await procedureName(db, procedureCode);
  const rows = await versionsOf(db, trustCode, procedureCode);
  const items: ModelVersion[] = [];
  for (const row of rows) items.push(await toVersion(db, principal, trustCode, procedureCode, row));
  return { items };
}

/** One version's transaction, holding the trust and procedure's lock so that versions never clash. */
async function withVersion<T>(
  db: Db,
  trustCode: string,
  procedureCode: string,
  id: string,
  work: (txDb: Db, row: VersionRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`select pg_advisory_xact_lock(hashtext(${`${trustCode}/${procedureCode}`}))`);
    return work(txDb, await versionOf(txDb, trustCode, procedureCode, id));
  });
}

/**
 * POST …/models/{id}/propose: a technical admin proposes making an earlier version active again (a
 * rollback); it waits for a clinical safety officer's approval (decision 0060) while the active
 * version stays active.
 */
export async function proposeModelVersion(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  id: string,
): Promise<ModelProposal> {
  requireAccess(principal, 'models:upload', trustCode);
  const procedure = await procedureName(db, procedureCode);
  return withVersion(db, trustCode, procedureCode, id, async (txDb, row) => {
    if (row.is_active) throw conflict(modelMessages.alreadyActive);
    if (row.proposed_at !== null) throw conflict(modelMessages.alreadyProposed);
    await txDb.execute(sql`update ml_models set status = 'awaiting approval', proposed_at = now(),
        proposed_by = ${principalName(principal)}, proposed_by_user_id = ${principal.userId}::uuid
      where id = ${id}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Proposed making model version ${row.version} active for ${procedure}; awaiting approval by a clinical safety officer`,
      entityType: 'model',
      entityId: id,
      before: { Status: row.status },
      after: { Status: 'awaiting approval' },
    });
    return { id, version: row.version, status: 'awaiting approval' as const };
  });
}

/**
 * POST …/models/{id}/approve: a clinical safety officer, never the one who proposed it, makes a
 * proposed version the active one; the caller re-scores the list through the normal scoring run,
 * and earlier evaluations are kept as they are.
 */
export async function approveModelVersion(
  db: Db,
  queue: JobQueue,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  id: string,
): Promise<{ id: string; version: number; status: 'active' }> {
  requireAccess(principal, 'models:approve', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const result = await withVersion(db, trustCode, procedureCode, id, async (txDb, row) => {
    if (row.is_active) throw conflict(modelMessages.alreadyActive);
    if (row.proposed_at === null) throw conflict(modelMessages.nothingToApprove);
    if (row.proposed_by_user_id !== null && row.proposed_by_user_id === principal.userId)
      throw conflict(modelMessages.proposerCannotApprove);
    const [previous] = await queryRows<{ version: number }>(
      txDb,
      sql`update ml_models set is_active = false, status = 'superseded'
        where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active
        returning version`,
    );
    await txDb.execute(sql`update ml_models set is_active = true, status = 'active', activated_at = now(),
        activated_by = ${principalName(principal)}, activated_by_user_id = ${principal.userId}::uuid,
        proposed_at = null, proposed_by = null, proposed_by_user_id = null
      where id = ${id}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Approved model version ${row.version} for ${procedure}${row.base_model_id ? ' (recalibrated)' : ''}, proposed by ${row.proposed_by ?? 'a technical admin'}: it is now the active version`,
      entityType: 'model',
      entityId: id,
      before: previous ? { 'Active version': previous.version } : null,
      after: { 'Active version': row.version },
    });
    return { id, version: row.version, status: 'active' as const };
  });
  forgetActiveModels();
  // The list is re-scored by the normal scoring run; earlier evaluations are kept as they are.
  await requestScoringWherePending(db, queue, { trustCode, procedureCode });
  return result;
}

/** POST …/models/{id}/decline: a clinical safety officer does not approve a proposed version, saying why. */
export async function declineModelVersion(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  id: string,
  request: { reason: string },
): Promise<ModelProposal> {
  requireAccess(principal, 'models:approve', trustCode);
  const procedure = await procedureName(db, procedureCode);
  return withVersion(db, trustCode, procedureCode, id, async (txDb, row) => {
    if (row.proposed_at === null) throw conflict(modelMessages.nothingToApprove);
    await txDb.execute(sql`update ml_models set status = 'declined', proposed_at = null, proposed_by = null,
        proposed_by_user_id = null, declined_at = now(), declined_by = ${principalName(principal)},
        decline_reason = ${request.reason}
      where id = ${id}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Declined model version ${row.version} for ${procedure}, proposed by ${row.proposed_by ?? 'a technical admin'}`,
      entityType: 'model',
      entityId: id,
      before: { Status: 'awaiting approval' },
      after: { Status: 'declined', Reason: request.reason },
    });
    return { id, version: row.version, status: 'declined' as const };
  });
}

/**
 * POST …/models/{id}/recalibrate: fits the map on the trust's current outcomes judged against this
 * version's predictions (operated between from and to), and stores a new inactive version with the
 * base version's files and the map. Refused below 100 complications.
 */
export async function recalibrateModelVersion(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  id: string,
  request: RecalibrationRequest,
): Promise<ModelVersion> {
  requireAccess(principal, 'models:upload', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const base = await versionOf(db, trustCode, procedureCode, id);
  const { outcomes } = await versionOutcomes(db, trustCode, procedureCode, {
    modelVersion: base.version,
    ...(request.from ? { from: request.from } : {}),
    ...(request.to ? { to: request.to } : {}),
  });
  const events = outcomes.filter((outcome) => outcome.event).length;
  if (events < recalibrationMinEvents) throw new HttpError(422, modelMessages.tooFewEvents(events));
  // A map applies to the uploaded version's probabilities (its files are the ones kept): recalibrating
  // a recalibrated version fits on the first map's outputs, so the two compose into one map of the
  // uploaded version's, logit p₂ = a₂ + b₂·(a₁ + b₁·logit p₀).
  const fit = fitRecalibration(outcomes, request.method);
  if (fit.method === 'none') throw new HttpError(422, modelMessages.noUpdateNeeded);
  const previousMap = base.recalibration;
  const composed = previousMap
    ? { intercept: fit.intercept + fit.slope * previousMap.intercept, slope: fit.slope * previousMap.slope }
    : { intercept: fit.intercept, slope: fit.slope };
  const recalibration: Recalibration = {
    requested: request.method,
    method: fit.method,
    intercept: composed.intercept,
    slope: composed.slope,
    baseVersion: base.version,
    from: request.from ?? null,
    to: request.to ?? null,
    n: fit.n,
    events: fit.events,
    tests: fit.tests,
    before: fit.before,
    after: fit.after,
    ...(fit.covariance
      ? { intervals: mapIntervals(composed, fit.covariance, fit.method === 'logistic', previousMap ?? undefined) }
      : {}),
  };
  const newId = crypto.randomUUID();
  const version = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`select pg_advisory_xact_lock(hashtext(${`${trustCode}/${procedureCode}`}))`);
    const [latest] = await queryRows<{ version: number }>(
      txDb,
      sql`select coalesce(max(version), 0) as version from ml_models
        where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
    );
    const next = Number(latest?.version ?? 0) + 1;
    await txDb.execute(sql`insert into ml_models (id, trust_code, procedure_code, version, status, is_active,
        model_file, wrapper_file, model_sha256, wrapper_sha256, model_file_name, wrapper_file_name,
        model_type, card, uploaded_by_user_id, uploaded_by, base_model_id, recalibration,
        outcome_horizon_days, proposed_by_user_id, proposed_by, proposed_at)
      select ${newId}, trust_code, procedure_code, ${next}, 'awaiting approval', false, model_file,
        wrapper_file, model_sha256, wrapper_sha256, model_file_name, wrapper_file_name, model_type, card,
        ${principal.userId}::uuid, ${principalName(principal)}, coalesce(base_model_id, id),
        ${JSON.stringify(recalibration)}::jsonb, outcome_horizon_days,
        ${principal.userId}::uuid, ${principalName(principal)}, now()
      from ml_models where id = ${id}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Recalibrated model version ${base.version} for ${procedure} as version ${next}, proposed for approval by a clinical safety officer`,
      entityType: 'model',
      entityId: newId,
      after: {
        Method: fit.method,
        Intercept: Number(recalibration.intercept.toFixed(4)),
        Slope: Number(recalibration.slope.toFixed(4)),
        Patients: fit.n,
        Complications: fit.events,
        'Operated from': request.from ?? 'any date',
        'Operated to': request.to ?? 'any date',
      },
    });
    return next;
  });
  void version;
  return toVersion(db, principal, trustCode, procedureCode, await versionOf(db, trustCode, procedureCode, newId));
}
