import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadModel, type RiskModel } from '@esr/risk-engine/model';
import { withProbabilityMap } from '@esr/risk-engine/recalibrated-model';
import { modelFileMaxBytes, type ModelCard } from '@esr/contracts/models';
import { procedureCodes } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import { mlModels, trusts } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { ReceivedFile as UploadedFile } from '../../platform/http/multipart-files.js';
import {
  cardOf,
  defaultOutcomeHorizonDays,
  modelsRoot,
  type ModelFileField,
  type ModelFilesCheck,
  type ModelFilesInput,
  type StoredCard,
} from './model-files.js';
import { inSandboxLane, runSandboxed, SandboxFailure, sandboxTask, type SandboxLimits } from '../../platform/sandbox/sandbox.js';
import { requireAccess } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { recordChange } from '../change-log/index.js';
import { principalName, type Principal } from '../identity/index.js';

/** A model upload's check: both pickles decoded and the model run on a sample, on a sandbox thread. */
const modelFilesTask = sandboxTask('model-files', new URL('./model-files.worker.js', import.meta.url));

const systemUploader = 'Demonstration model (system)';
const megabytes = Math.round(modelFileMaxBytes / 1024 / 1024);

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Generous for real models (the default ones decode in about 40 MB), far below the server's memory. */
export const modelSandboxLimits: SandboxLimits = { heapMb: 384, stackMb: 4, timeoutMs: 30_000 };

const extensionError = (field: 'model' | 'wrapper') => `The ${field} file must be a .pkl file`;

const sandboxMessage = (failure: SandboxFailure) => {
  const file = failure.stage === 'wrapperFile' ? 'wrapper' : 'model';
  return `The ${file} file could not be read within the server's limits: it ${failure.message}`;
};

/**
 * Checks both files and builds the model on a sandbox thread, naming the file each problem is in
 * (docs/requirements.md §5, §8). A decoder that runs out of memory or time costs that thread, not the server.
 */
export async function validateModelFiles(
  procedureCode: string,
  modelFile: UploadedFile | undefined,
  wrapperFile: UploadedFile | undefined,
  limits: SandboxLimits = modelSandboxLimits,
): Promise<{ modelType: string; card: StoredCard }> {
  const errors: Partial<Record<ModelFileField, string[]>> = {};
  const fail = (field: ModelFileField, message: string) => (errors[field] ??= []).push(message);
  for (const [field, label, file] of [
    ['modelFile', 'model', modelFile],
    ['wrapperFile', 'wrapper', wrapperFile],
  ] as const) {
    if (!file) fail(field, `Select a ${label} file`);
    else if (!file.fileName.toLowerCase().endsWith('.pkl')) fail(field, extensionError(label));
    else if (file.truncated) fail(field, `The ${label} file is larger than ${megabytes} MB`);
    else if (file.bytes.length === 0) fail(field, `The ${label} file is empty`);
  }
  const problem = () => badRequest('The model could not be uploaded', errors);
  if (Object.keys(errors).length > 0) throw problem();

  let check: ModelFilesCheck;
  try {
    check = await inSandboxLane('model-files', () =>
      runSandboxed<ModelFilesInput, ModelFilesCheck>(
        modelFilesTask,
        { procedureCode, modelBytes: modelFile!.bytes, wrapperBytes: wrapperFile!.bytes },
        limits,
      ),
    );
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    fail(error.stage === 'wrapperFile' ? 'wrapperFile' : 'modelFile', sandboxMessage(error));
    throw problem();
  }
  if (!check.ok) {
    Object.assign(errors, check.errors);
    throw problem();
  }
  return { modelType: check.modelType, card: check.card };
}

/**
 * docs/requirements.md §7 model upload: checked, smoke-tested and stored as a new version, inactive
 * and proposed by its uploader: a clinical safety officer other than them makes it active (decision
 * 0060), and the active version stays active until then.
 */
export async function uploadModel(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  files: { modelFile?: UploadedFile; wrapperFile?: UploadedFile },
): Promise<{ id: string; version: number; status: 'awaiting approval' }> {
  requireAccess(principal, 'models:upload', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const { modelType, card } = await validateModelFiles(procedureCode, files.modelFile, files.wrapperFile);
  const modelFile = files.modelFile!;
  const wrapperFile = files.wrapperFile!;
  const id = crypto.randomUUID();
  // An outcome counts in monitoring once this many days have passed since the operation (decision 0059).
  const horizonDays = card.outcome?.horizonDays ?? defaultOutcomeHorizonDays;

  const version = await db.transaction(async (tx) => {
    // Serialise uploads for one trust and procedure, so versions never clash.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${trustCode}/${procedureCode}`}))`);
    const [latest] = await tx
      .select({ version: sql<number>`coalesce(max(${mlModels.version}), 0)` })
      .from(mlModels)
      .where(and(eq(mlModels.trustCode, trustCode), eq(mlModels.procedureCode, procedureCode)));
    const next = Number(latest?.version ?? 0) + 1;
    await tx.insert(mlModels).values({
      id,
      trustCode,
      procedureCode,
      version: next,
      status: 'awaiting approval',
      isActive: false,
      modelFile: modelFile.bytes,
      wrapperFile: wrapperFile.bytes,
      modelSha256: sha256(modelFile.bytes),
      wrapperSha256: sha256(wrapperFile.bytes),
      modelFileName: path.basename(modelFile.fileName),
      wrapperFileName: path.basename(wrapperFile.fileName),
      modelType,
      card,
      uploadedByUserId: principal.userId,
      uploadedBy: principalName(principal),
      outcomeHorizonDays: horizonDays,
      proposedByUserId: principal.userId,
      proposedBy: principalName(principal),
      proposedAt: new Date(),
    });
    await recordChange(tx as unknown as Db, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Uploaded model version ${next} for ${procedure}; awaiting approval by a clinical safety officer`,
      entityType: 'model',
      entityId: id,
      after: {
        Status: 'awaiting approval',
        modelType,
        modelFileName: path.basename(modelFile.fileName),
        modelSha256: sha256(modelFile.bytes),
        wrapperFileName: path.basename(wrapperFile.fileName),
        wrapperSha256: sha256(wrapperFile.bytes),
      },
    });
    return next;
  });
  return { id, version, status: 'awaiting approval' };
}

type ModelRow = typeof mlModels.$inferSelect;

function toCard(row: ModelRow): ModelCard {
  const card = row.card as StoredCard;
  return {
    id: row.id,
    procedureCode: row.procedureCode,
    version: row.version,
    name: card.name,
    modelVersion: card.modelVersion,
    modelType: row.modelType,
    demonstration: card.demonstration,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    modelSha256: row.modelSha256,
    wrapperSha256: row.wrapperSha256,
    featureCount: card.featureCount,
    thresholds: card.thresholds,
    metrics: card.metrics,
  };
}

export async function activeModelCard(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
): Promise<ModelCard> {
  requireAccess(principal, 'models:read', trustCode);
  await procedureName(db, procedureCode);
  const [row] = await db
    .select()
    .from(mlModels)
    .where(activeModelOf(trustCode, procedureCode))
    .limit(1);
  if (!row) throw notFound('No model is active for this procedure');
  return toCard(row);
}

const activeModels = new Map<string, { id: string; model: RiskModel }>();

/** Another version was made active: every trust and procedure's active model is looked up afresh. */
export const forgetActiveModels = () => activeModels.clear();

/** The active model of a trust and procedure, decoded once and kept until a new upload. */
/** The condition that picks a trust and procedure's active model version. */
const activeModelOf = (trustCode: string, procedureCode: string) =>
  and(
    eq(mlModels.trustCode, trustCode),
    eq(mlModels.procedureCode, procedureCode),
    eq(mlModels.isActive, true),
  );

export async function activeRiskModel(
  db: Db,
  trustCode: string,
  procedureCode: string,
): Promise<{ id: string; model: RiskModel } | null> {
  const key = `${trustCode}/${procedureCode}`;
  const [row] = await db
    .select({ id: mlModels.id })
    .from(mlModels)
    .where(activeModelOf(trustCode, procedureCode))
    .limit(1);
  if (!row) return null;
  const cached = activeModels.get(key);
  if (cached?.id === row.id) return cached;
  const model = await riskModelById(db, row.id);
  if (!model) return null;
  const entry = { id: row.id, model };
  activeModels.set(key, entry);
  return entry;
}

/** Model versions loaded lately, by id: a stored version never changes, and past evaluations name theirs. */
const modelsById = new Map<string, RiskModel>();
/**
 * Loaded models by what they are made of (their files' hashes and any recalibration map): every
 * trust's demonstration model of a procedure is the same files, loaded once. Loading decodes and
 * compiles on the thread that answers HTTP (35–140 ms), so it is done as seldom as it can be.
 */
const modelsByContent = new Map<string, RiskModel>();
const modelsKept = 16;

const contentKey = (modelSha256: string, wrapperSha256: string, recalibration: unknown) =>
  `${modelSha256}/${wrapperSha256}/${recalibration ? JSON.stringify(recalibration) : ''}`;

function keep<K, V>(cache: Map<K, V>, key: K, value: V): V {
  // Most recently used last, so that the oldest is the one let go.
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > modelsKept) cache.delete(cache.keys().next().value!);
  return value;
}

/** A stored model version, loaded with its wrapper (the past evaluations' explanations need theirs). */
export async function riskModelById(db: Db, id: string): Promise<RiskModel | null> {
  const cached = modelsById.get(id);
  if (cached) return keep(modelsById, id, cached);
  const [version] = await db
    .select({
      modelSha256: mlModels.modelSha256,
      wrapperSha256: mlModels.wrapperSha256,
      recalibration: mlModels.recalibration,
    })
    .from(mlModels)
    .where(eq(mlModels.id, id));
  if (!version) return null;
  const key = contentKey(version.modelSha256, version.wrapperSha256, version.recalibration);
  const loaded = modelsByContent.get(key);
  if (loaded) return keep(modelsById, id, keep(modelsByContent, key, loaded));
  const [files] = await db
    .select({ modelFile: mlModels.modelFile, wrapperFile: mlModels.wrapperFile })
    .from(mlModels)
    .where(eq(mlModels.id, id));
  if (!files) return null;
  const base = loadModel(files.modelFile, files.wrapperFile);
  // A recalibrated version (decision 0046): the base model's probabilities through its map.
  const map = version.recalibration as { intercept: number; slope: number } | null;
  const model = map ? withProbabilityMap(base, map) : base;
  keep(modelsByContent, key, model);
  return keep(modelsById, id, model);
}

/**
 * Stores the shipped demonstration model of every procedure for every trust that has no model for
 * it yet, at first start and for trusts added later (docs/model-artifacts.md). Idempotent.
 */
export async function installDefaultModels(db: Db, trustCodes?: string[]): Promise<number> {
  const targets =
    trustCodes ?? (await db.select({ trustCode: trusts.trustCode }).from(trusts)).map((t) => t.trustCode);
  if (targets.length === 0) return 0;
  const existing = await db
    .select({ trustCode: mlModels.trustCode, procedureCode: mlModels.procedureCode })
    .from(mlModels)
    .where(inArray(mlModels.trustCode, targets));
  const have = new Set(existing.map((row) => `${row.trustCode}/${row.procedureCode}`));
  let installed = 0;
  for (const procedureCode of procedureCodes) {
    const missing = targets.filter((trustCode) => !have.has(`${trustCode}/${procedureCode}`));
    if (missing.length === 0) continue;
    const modelBytes = fs.readFileSync(path.join(modelsRoot, procedureCode, 'model.pkl'));
    const wrapperBytes = fs.readFileSync(path.join(modelsRoot, procedureCode, 'wrapper.pkl'));
    const model = loadModel(modelBytes, wrapperBytes);
    // Every trust's version of it is these files: loaded already for all of them.
    keep(modelsByContent, contentKey(sha256(modelBytes), sha256(wrapperBytes), null), model);
    const card = cardOf(model, model.wrapper!);
    for (const trustCode of missing) {
      await db
        .insert(mlModels)
        .values({
          id: crypto.randomUUID(),
          trustCode,
          procedureCode,
          version: 1,
          status: 'active',
          isActive: true,
          modelFile: modelBytes,
          wrapperFile: wrapperBytes,
          modelSha256: sha256(modelBytes),
          wrapperSha256: sha256(wrapperBytes),
          modelFileName: 'model.pkl',
          wrapperFileName: 'wrapper.pkl',
          modelType: model.info.description,
          card,
          uploadedBy: systemUploader,
          activatedAt: new Date(),
        })
        .onConflictDoNothing();
      installed += 1;
    }
  }
  return installed;
}
