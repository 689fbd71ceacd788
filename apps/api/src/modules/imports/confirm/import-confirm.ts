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
import type { PatientRecord } from '@esr/risk-engine/evaluate';
import { queryRows, type BulkWriter, type Database, type Db } from '../../../platform/db/client.js';
import { importBatches, users } from '../../../platform/db/schema.js';
import { rowsAsArrays } from '../../../platform/db/bulk-rows.js';
import { recordChange } from '../../change-log/index.js';
import { procedureName } from '../../library/index.js';
import {
  activeModelVersion,
  bloodResultMaxAgeDays,
  evaluationDay,
  evaluationInsert,
  evaluationInsertParams,
  pathwayStateColumns,
  recordInferenceRun,
  nextTurn,
  daysBefore,
  prepareRecord,
  scoreForWriting,
  type RecordToScore,
  scoringChunk,
  started,
  type LabDates,
  type ScoredState,
  type ScoringScope,
} from '../../evaluations/index.js';
import { timeOrderedUuid } from '../../../platform/db/time-ordered-ids.js';
import { archiveUnlisted, matchedPathwaysUpdate, newPathwaysInsert } from '../../pathways/index.js';
import {
  copiedColumns,
  matchedRows,
  matchedValue,
  prioritySetColumns,
  type MatchRow,
} from './list-changes.js';

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

/** How many pathways a statement wrote, and how many of them it left waiting for a scoring run. */
const written = (statement: string) =>
  `with written as (${statement} returning p.status)
  select count(*) as n, count(*) filter (where status = 'waiting') as waiting from written`;

/** A staged row as read for scoring: its record and blood results' dates as JSON text, and its operation. */
interface StagedText extends Record<string, unknown> {
  row_number: number;
  clinical: string;
  lab_dates: string | null;
  operation: string | null;
}

interface StagedRow {
  row_number: number;
  pathway_id: string | null;
  /** The model's record as JSON text. */
  clinical: string;
  /** When its blood results were taken, as JSON text. */
  lab_dates: string | null;
  operation: string | null;
  /** The matched pathway keeps its current result: its data is unchanged and the active model scored it. */
  keeps: boolean;
  /** Its data is unchanged, and a model scored it before (a different one: it is scored again). */
  rescored: boolean;
}

/** A staged row's outcome, as the chunk's statements read it (as arrays, `rowsAsArrays`). */
interface RowOutcome extends Partial<Omit<ScoredState, 'status'>> {
  status?: ScoredState['status'] | 'waiting';
  row: number;
  id: string;
  keep: boolean;
  modelId: string | null;
}

/** What the pathway statements read of each outcome (`v`). */
const pathwayOutcomeColumns = [
  ['row', 'integer'],
  ['id', 'uuid'],
  ['keep', 'boolean'],
  ['modelId', 'uuid'],
  ...pathwayStateColumns,
] as const;

/**
 * Where the outcomes' parameters start: after the batch and the chunk's first and last row, and for
 * the insert the trust and procedure.
 */
const updateOutcomesFrom = 4;
const insertOutcomesFrom = 6;

/** The chunk's staged rows, found by key: the batch ($1) and the chunk's first and last row ($2, $3). */
const chunkRows = `s.batch_id = $1 and s.row_number between $2 and $3 and s.row_number = v.row`;

/** A staged column's value as a new pathway's column takes it: the records' JSON text is checked as JSON. */
const stagedValue = (column: string) =>
  column === 'clinical' || column === 'lab_dates' ? `s.${column}::json` : `s.${column}`;

const chunkOutcomes = (from: number) => ({
  source: rowsAsArrays([], pathwayOutcomeColumns, from).source,
  where: chunkRows,
});
const updateMatched = matchedPathwaysUpdate(
  [
    ...copiedColumns.map((column) => `${column} = ${matchedValue(column)}`),
    ...prioritySetColumns.map(({ column, value }) => `${column} = ${value}`),
  ],
  chunkOutcomes(updateOutcomesFrom),
);
const insertNew = newPathwaysInsert(
  copiedColumns,
  copiedColumns.map(stagedValue),
  chunkOutcomes(insertOutcomesFrom),
);

/** What a chunk's evaluations statement reads of each new evaluation. */
const evaluationOutcomeColumns = [
  ['id', 'uuid'],
  ['evaluationId', 'uuid'],
  ['reason', 'text'],
  ['defaultUsed', 'boolean'],
  ['contributions', 'text'],
  ['band', 'text'],
  ['modelProbability', 'float8'],
  ['withheldInputs', 'jsonb'],
  ['unusedInputs', 'jsonb'],
] as const;

/**
 * A chunk's pathway statement and, in the same statement, the evaluation of each pathway it wrote
 * with a new one, whose inputs are the record the pathway took as the statement returns it: the
 * database neither reads the staged rows twice nor checks their records' JSON again. The
 * evaluations' parameters follow the pathways' from `from`: the model version's eight, then the
 * evaluations' columns. A data-modifying WITH runs to its end whether or not the query reads it.
 */
const writtenAndEvaluated = (statement: string, from: number) => `with written as (
    ${statement} returning p.id, p.status, p.clinical, p.lab_dates, p.current_evaluation_id, p.surgeon_name,
      p.surgery, p.social),
  evaluated as (${evaluationInsert('w', from)}
    from written w join ${rowsAsArrays([], evaluationOutcomeColumns, from + 8).source}
      on v.id = w.id and v."evaluationId" = w.current_evaluation_id
    returning 1)
  select count(*) as n, count(*) filter (where status = 'waiting') as waiting from written`;

const evaluationsAfter = (outcomesFrom: number) => outcomesFrom + pathwayOutcomeColumns.length;
const updateEvaluated = writtenAndEvaluated(updateMatched, evaluationsAfter(updateOutcomesFrom));
const insertEvaluated = writtenAndEvaluated(insertNew, evaluationsAfter(insertOutcomesFrom));
const updateAlone = written(updateMatched);
const insertAlone = written(insertNew);
/**
 * Scores and writes the staged rows a chunk at a time, as a pipeline: while the database writes one
 * chunk and reads the next, this thread scores the one between. Statements go one after another on
 * the transaction's connection.
 */
async function writeStagedRows(
  database: Pick<Database, 'kind' | 'executeSql'>,
  writer: BulkWriter,
  batch: { id: string; trustCode: string; procedureCode: string },
  scope: ScoringScope | null,
  evaluationDate: string,
): Promise<Omit<AppliedImport, 'trustCode' | 'procedureCode' | 'archived' | 'modelId'>> {
  const model = scope?.model ?? null;
  const totals = { created: 0, updated: 0, scored: 0, waiting: 0 };
  // Each staged row's active pathway, found for the whole batch at once before anything is written
  // (list-changes.ts, whose statement the validation summary's counts run too). A lookup per row in
  // the chunks' statements would have the planner guess the size of a list that this transaction
  // is filling.
  const matches = new Map(
    (await writer.query<MatchRow>(matchedRows, [batch.id, batch.trustCode, batch.procedureCode])).map(
      (match) => [match.row_number, match],
    ),
  );
  // The matched pathways the file holds as they were: written all the same (the list that last
  // held them), but counted apart from those the file changes.
  let unchanged = 0;
  for (const match of matches.values()) if (match.same) unchanged += 1;
  // On PostgreSQL the staged rows are read on a connection of their own while the transaction
  // writes: validation committed them, and they do not change while the batch is confirming. The
  // embedded database has one session, so there they are read in the transaction.
  // The records come as the text they were staged as, and only those to be scored are parsed, here:
  // the embedded database's thread, which every statement waits for, neither checks nor parses them.
  const read = async (after: number): Promise<StagedRow[]> => {
    const text = `select s.row_number, s.clinical, s.lab_dates, s.operation from staged_pathways s
      where s.batch_id = $1 and s.row_number > $2
      order by s.row_number
      limit $3`;
    const params = [batch.id, after, scoringChunk];
    const rows =
      database.kind === 'postgres'
        ? ((await database.executeSql(text, params)).rows as StagedText[])
        : await writer.query<StagedText>(text, params);
    const staged = rows.map((row) => {
      const match = matches.get(row.row_number);
      const unchanged = match?.unchanged === true;
      return {
        ...row,
        pathway_id: match?.id ?? null,
        keeps: unchanged && (!model || (match!.status !== 'waiting' && match!.scored_model_id === model.id)),
        rescored: unchanged && match!.status !== 'waiting',
      };
    });
    await rescoreWhereResultsAged(staged);
    return staged;
  };
  /**
   * An unchanged pathway keeps its result unless one of its blood results has grown too old since
   * (decision 0057: counted back from the extract's day): then it is scored again without it. Only
   * rows with a result past the limit are looked at, and their current evaluations read.
   */
  const rescoreWhereResultsAged = async (rows: StagedRow[]) => {
    if (!scope) return;
    const oldest = daysBefore(evaluationDate, scope.bloodResultMaxAgeDays);
    const aged: { row: StagedRow; unused: string }[] = [];
    let parsed = 0;
    for (const row of rows) {
      if (!row.keeps || row.lab_dates === null) continue;
      const labDates = JSON.parse(row.lab_dates) as LabDates;
      // Most rows' results are all recent: their records are not parsed.
      if (!Object.values(labDates).some((day) => day < oldest)) continue;
      // A list re-imported a season later may have grown old throughout: its records are parsed
      // and prepared a slice at a time, as those to be scored are (prepare, below).
      if (++parsed % 250 === 0) await nextTurn();
      const facts = {
        clinical: JSON.parse(row.clinical) as PatientRecord,
        labDates,
        operation: row.operation,
      };
      const unused = prepareRecord(
        scope.model.model,
        facts,
        evaluationDate,
        scope.bloodResultMaxAgeDays,
      ).unused;
      if (unused !== null) aged.push({ row, unused: Object.keys(unused).sort().join(',') });
    }
    if (aged.length === 0) return;
    const text = `select p.id, e.unused_inputs from pathways p left join evaluations e on e.id = p.current_evaluation_id
      where p.id = any($1::uuid[])`;
    const params = [`{${aged.map(({ row }) => row.pathway_id).join(',')}}`];
    const current =
      database.kind === 'postgres'
        ? ((await database.executeSql(text, params)).rows as {
            id: string;
            unused_inputs: Record<string, string> | null;
          }[])
        : await writer.query<{ id: string; unused_inputs: Record<string, string> | null }>(text, params);
    const before = new Map(
      current.map((row) => [
        row.id,
        Object.keys(row.unused_inputs ?? {})
          .sort()
          .join(','),
      ]),
    );
    for (const { row, unused } of aged) if (before.get(row.pathway_id!) !== unused) row.keeps = false;
  };
  const prepare = async (rows: StagedRow[]) => {
    const outcomes = rows.map((row): RowOutcome => ({
      row: row.row_number,
      id: row.pathway_id ?? timeOrderedUuid(),
      keep: row.keeps,
      modelId: null,
    }));
    const toScore = rows.flatMap((row, index) => (row.keeps ? [] : [{ row, outcome: outcomes[index]! }]));
    if (model) {
      // Read a slice at a time, as they are scored: 2,000 records parsed at once hold this thread,
      // which answers HTTP too, for tens of milliseconds.
      const records: RecordToScore[] = [];
      for (let index = 0; index < toScore.length; index++) {
        if (index > 0 && index % 250 === 0) await nextTurn();
        const { row } = toScore[index]!;
        records.push({
          clinical: JSON.parse(row.clinical) as PatientRecord,
          labDates: row.lab_dates === null ? null : (JSON.parse(row.lab_dates) as LabDates),
          operation: row.operation,
          reason: row.rescored ? 'rescore' : 'batch',
        });
      }
      const states = await scoreForWriting(scope!, records, evaluationDate);
      toScore.forEach(({ outcome }, index) => Object.assign(outcome, states[index], { modelId: model.id }));
      totals.scored += toScore.length;
    } else {
      for (const { outcome } of toScore) outcome.status = 'waiting';
    }
    // Made here, while the database is busy with the previous chunk.
    const bounds = [rows[0]!.row_number, rows[rows.length - 1]!.row_number];
    const matched = outcomes.filter((_, index) => rows[index]!.pathway_id !== null);
    const added = outcomes.filter((_, index) => rows[index]!.pathway_id === null);
    // A group with no new evaluation (a list re-imported unchanged) is written without the
    // evaluations' part, which would return every record it wrote for nothing.
    const group = (outcomes: RowOutcome[], leading: unknown[], outcomesFrom: number) => {
      const evaluated = model ? outcomes.filter((outcome) => outcome.evaluationId) : [];
      const evaluationParams =
        model && evaluated.length > 0
          ? [
              ...evaluationInsertParams(scope!, evaluationDate),
              ...rowsAsArrays(evaluated, evaluationOutcomeColumns, evaluationsAfter(outcomesFrom) + 8).params,
            ]
          : [];
      return {
        evaluated: evaluationParams.length > 0,
        params: [
          ...leading,
          ...rowsAsArrays(outcomes, pathwayOutcomeColumns, outcomesFrom).params,
          ...evaluationParams,
        ],
      };
    };
    return {
      matched: matched.length > 0 ? group(matched, [batch.id, ...bounds], updateOutcomesFrom) : null,
      added:
        added.length > 0
          ? group(added, [batch.id, ...bounds, batch.trustCode, batch.procedureCode], insertOutcomesFrom)
          : null,
    };
  };
  // A chunk's statements are sent at once, in order; the connection runs them one after another.
  // Neither waits for this thread, busy scoring the next chunk, to send it.
  const write = async ({ matched, added }: Awaited<ReturnType<typeof prepare>>) => {
    const statements = [
      [matched, updateEvaluated, updateAlone, 'updated'],
      [added, insertEvaluated, insertAlone, 'created'],
    ] as const;
    const writes = statements.map(([group, withEvaluations, alone, total]) =>
      group
        ? started(
            writer
              .query<{ n: number | string; waiting: number | string }>(
                group.evaluated ? withEvaluations : alone,
                group.params,
              )
              .then(([row]) => ({ row, total })),
          )
        : null,
    );
    for (const pathwayWrite of writes) {
      if (!pathwayWrite) continue;
      const { row, total } = await pathwayWrite;
      totals[total] += Number(row?.n ?? 0);
      totals.waiting += Number(row?.waiting ?? 0);
    }
  };

  // On the embedded database the chunks' statements skip the foreign-key checks of each row they
  // write, over a quarter of their time there (decision 0033): the batch's trust and procedure are
  // those of its locked batch row, each evaluation refers to a pathway the same statement wrote, and
  // nothing else runs on the database's one session meanwhile. The triggers that keep the list's
  // counters still fire (migration 0023). The checks are back on before anything else runs.
  const referenceChecks = async (on: boolean) => {
    if (database.kind === 'pglite')
      await writer.query(`set local session_replication_role = ${on ? 'origin' : 'replica'}`);
  };
  const lastRow = (rows: StagedRow[]) => rows[rows.length - 1]!.row_number;
  await referenceChecks(false);
  let rows = await read(0);
  let writing: Promise<void> = Promise.resolve();
  while (rows.length > 0) {
    // The next chunk is asked for before this one is scored. On the embedded database, whose one
    // session takes statements in turn, it is read after the previous chunk's statements and before
    // this chunk's: this thread scores each chunk while the database writes the one before.
    const reading = rows.length === scoringChunk ? started(read(lastRow(rows))) : null;
    const prepared = await prepare(rows);
    await writing;
    writing = started(write(prepared));
    rows = reading ? await reading : [];
  }
  await writing;
  await referenceChecks(true);
  return { ...totals, updated: totals.updated - unchanged, unchanged };
}

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
