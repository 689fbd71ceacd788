/**
 * Applying a confirmed upload to the active list (the confirm-batch job; decision 0023): in one
 * transaction the file's pathways become the active list for the trust and procedure, each one
 * already scored. Rows with an NHS number match an active pathway by NHS number, rows without one by
 * local patient identifier; matched pathways are updated, new ones created, and active pathways
 * absent from the file archived. Each pathway the active model has not scored on its new data is
 * scored here, a chunk at a time, so that it is written once with its result and its evaluation
 * (decision 0028); a later scoring run picks up only what this could not score.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../../platform/db/client.js';
import { importBatches, users } from '../../../platform/db/schema.js';
import { recordChange } from '../../change-log/index.js';
import { procedureName } from '../../library/index.js';
import {
  activeModelVersion,
  bloodResultMaxAgeDays,
  evaluationDay,
  recordInferenceRun,
} from '../../evaluations/index.js';
import { writeStagedRows } from './write-staged-rows.js';
import { archiveUnlisted } from '../../pathways/index.js';

export interface AppliedImport {
  trustCode: string;
  procedureCode: string;
  created: number;
  /** Matched pathways whose data changed. */
  updated: number;
  /** Matched pathways the file holds as they were (decision 0037). */
  unchanged: number;
  archived: number;
  /** Pathways scored in the confirm (with or without a result); the rest wait for a scoring run. */
  scored: number;
  /** Pathways left waiting for a scoring run: there was no active model, or one changed meanwhile. */
  waiting: number;
  /** The model version the confirm scored with, if any. */
  modelId: string | null;
}

/** A count in words, with thousands separators. */
const counted = (n: number) => n.toLocaleString('en-GB');

/** A confirm that adds or archives at least this many pathways refreshes the planner's statistics. */
export const statisticsRefreshRows = 1_000;

/**
 * The database's statistics of the pathways and their evaluations, refreshed after a confirm that
 * changed a list by many rows. Statements are prepared once per connection with one generic plan
 * (decisions 0013 and 0015); a plan made while a list was empty looked each row up by reading the
 * whole list, and was kept until the statistics next changed: a 100,000-pathway list confirmed
 * again within the minute before autovacuum analysed it took ten minutes. ANALYZE gives the
 * planner the list's new size and has every connection plan its statements again.
 *
 * The embedded database holds every other statement back while it analyses, and plans every
 * statement generically, with no parameter's value: what it reads of the statistics is each
 * table's size and each column's number of distinct values, not the most common values or
 * histograms. There a sample of 9,000 rows (a statistics target of 30) gives those, in a quarter of
 * the time of the default 30,000 (decision 0033).
 */
export async function refreshListStatistics(
  database: Pick<Database, 'executeSql' | 'bulkWrite' | 'kind'>,
  applied: Pick<AppliedImport, 'created' | 'archived'>,
): Promise<boolean> {
  if (applied.created + applied.archived < statisticsRefreshRows) return false;
  if (database.kind === 'postgres') await database.executeSql('analyze pathways, evaluations');
  else
    await database.bulkWrite(async (writer) => {
      await writer.query(`set local default_statistics_target = ${embeddedStatisticsTarget}`);
      await writer.query('analyze pathways, evaluations');
    });
  return true;
}

/** The statistics target of the embedded database's refresh after a confirm. */
export const embeddedStatisticsTarget = 30;

/** The change-log entry of a confirmed list: who confirmed it, what it added, updated, kept and archived. */
async function recordConfirmedList(
  tx: Db,
  batch: typeof importBatches.$inferSelect,
  {
    created,
    updated,
    unchanged,
    archived,
  }: Pick<AppliedImport, 'created' | 'updated' | 'unchanged' | 'archived'>,
): Promise<void> {
  const { trustCode, procedureCode } = batch;
  const batchId = batch.id;
  const actorId = batch.decidedByUserId ?? batch.createdByUserId;
  const [actor] = actorId
    ? await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, actorId))
    : [];
  const [names] = await queryRows<{ trust_name: string }>(
    tx,
    sql`select trust_name from trusts where trust_code = ${trustCode}`,
  );
  const principal = {
    userId: actorId,
    firstName: actor?.firstName ?? batch.decidedBy ?? batch.createdBy,
    lastName: actor?.lastName ?? '',
  };
  const procedure = await procedureName(tx, procedureCode);
  // The number the clerk typed when the summary warned of the archive (decision 0053).
  const acknowledged = batch.archiveAcknowledged;
  await recordChange(tx, {
    principal,
    trustCode,
    trustName: names?.trust_name ?? '',
    action:
      `Confirmed the ${procedure} waiting list ${batch.waitingListFileName}: ${counted(created)} added, ${counted(updated)} updated, ${counted(unchanged)} unchanged, ${counted(archived)} archived` +
      (acknowledged === null
        ? ''
        : `; archive of ${counted(acknowledged)} acknowledged by typing the number`),
    entityType: 'import',
    entityId: batchId,
    before: { uploadStatus: 'Confirming' },
    after: {
      uploadStatus: 'Imported',
      waitingListFileName: batch.waitingListFileName,
      bloodTestFileName: batch.bloodTestFileName,
      pathwaysAdded: created,
      pathwaysUpdated: updated,
      pathwaysUnchanged: unchanged,
      pathwaysArchived: archived,
      ...(acknowledged === null ? {} : { archiveAcknowledged: acknowledged }),
    },
  });
}

/**
 * Idempotent: the batch row is locked and applied only from CONFIRMING, so a retried job, a second
 * worker or a restart after a crash applies each import once or not at all (the transaction).
 */
export async function applyConfirmedImport(
  database: Pick<Database, 'bulkWrite' | 'kind' | 'executeSql'>,
  db: Db,
  batchId: string,
  options: { now?: () => Date } = {},
): Promise<AppliedImport | null> {
  const [found] = await db
    .select({ trustCode: importBatches.trustCode, procedureCode: importBatches.procedureCode })
    .from(importBatches)
    .where(eq(importBatches.id, batchId));
  if (!found) return null;
  // Loaded before the transaction opens: the first use of a model decodes its files on a sandbox
  // thread. A model uploaded meanwhile re-scores the list after this confirm (the scoring run).
  const model = await activeModelVersion(db, found.trustCode, found.procedureCode);
  const maxAgeDays = await bloodResultMaxAgeDays(db, found.trustCode);
  return database.bulkWrite(async (writer) => {
    const tx = writer.db;
    const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, batchId)).for('update');
    if (!batch || batch.status !== 'CONFIRMING') return null;
    const { trustCode, procedureCode } = batch;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list/${trustCode}/${procedureCode}`}))`);

    const { created, updated, unchanged, scored, waiting } = await writeStagedRows(
      database,
      writer,
      { id: batchId, trustCode, procedureCode },
      model && { trustCode, procedureCode, model, bloodResultMaxAgeDays: maxAgeDays },
      evaluationDay((options.now ?? (() => new Date()))()),
    );

    const archived = await archiveUnlisted(tx, { trustCode, procedureCode, batchId });
    if (model) await recordInferenceRun(tx, trustCode, procedureCode, scored);

    await tx
      .update(importBatches)
      .set({ status: 'IMPORTED', createdCount: created, updatedCount: updated, archivedCount: archived })
      .where(eq(importBatches.id, batchId));
    await tx.execute(sql`delete from staged_pathways where batch_id = ${batchId}`);

    await recordConfirmedList(tx, batch, { created, updated, unchanged, archived });
    return {
      trustCode,
      procedureCode,
      created,
      updated,
      unchanged,
      archived,
      scored,
      waiting,
      modelId: model?.id ?? null,
    };
  });
}
