/**
 * The confirm's writing of its staged rows (import-confirm.ts): each chunk's rows matched, scored
 * where their data changed, and written with their evaluations in one statement per group, while
 * the next chunk is read.
 */
import type { PatientRecord } from '@esr/risk-engine/evaluate';
import { type BulkWriter, type Database } from '../../../platform/db/client.js';
import { rowsAsArrays } from '../../../platform/db/bulk-rows.js';
import {
  evaluationInsert,
  evaluationInsertParams,
  evaluationStateColumns,
  pathwayStateColumns,
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
import { matchedPathwaysUpdate, newPathwaysInsert } from '../../pathways/index.js';
import {
  copiedColumns,
  matchedRows,
  matchedValue,
  prioritySetColumns,
  type MatchRow,
} from './list-changes.js';

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
  ...evaluationStateColumns,
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
/** What the staged rows' statements wrote: pathways created and updated (changed), unchanged, scored and left waiting. */
export interface StagedRowsWritten {
  created: number;
  updated: number;
  unchanged: number;
  scored: number;
  waiting: number;
}

/** What a confirm's chunks share: where they read and write, the batch, the scoring, and the totals. */
interface Confirming {
  database: Pick<Database, 'kind' | 'executeSql'>;
  writer: BulkWriter;
  batch: { id: string; trustCode: string; procedureCode: string };
  scope: ScoringScope | null;
  evaluationDate: string;
  /** Each staged row's active pathway, by row number. */
  matches: Map<number, MatchRow>;
  totals: { created: number; updated: number; scored: number; waiting: number };
}

/**
 * On PostgreSQL the staged rows are read on a connection of their own while the transaction
 * writes: validation committed them, and they do not change while the batch is confirming. The
 * embedded database has one session, so there they are read in the transaction.
 */
const readBeside = async <T extends Record<string, unknown>>(
  { database, writer }: Confirming,
  text: string,
  params: unknown[],
): Promise<T[]> =>
  database.kind === 'postgres'
    ? ((await database.executeSql(text, params)).rows as T[])
    : await writer.query<T>(text, params);

/**
 * The chunk of staged rows after row `after`, with their matches. The records come as the text they
 * were staged as, and only those to be scored are parsed, here: the embedded database's thread,
 * which every statement waits for, neither checks nor parses them.
 */
async function readStaged(confirming: Confirming, after: number): Promise<StagedRow[]> {
  const model = confirming.scope?.model ?? null;
  const rows = await readBeside<StagedText>(
    confirming,
    `select s.row_number, s.clinical, s.lab_dates, s.operation from staged_pathways s
      where s.batch_id = $1 and s.row_number > $2
      order by s.row_number
      limit $3`,
    [confirming.batch.id, after, scoringChunk],
  );
  const staged = rows.map((row) => {
    const match = confirming.matches.get(row.row_number);
    const unchanged = match?.unchanged === true;
    return {
      ...row,
      pathway_id: match?.id ?? null,
      keeps: unchanged && (!model || (match!.status !== 'waiting' && match!.scored_model_id === model.id)),
      rescored: unchanged && match!.status !== 'waiting',
    };
  });
  await rescoreWhereResultsAged(confirming, staged);
  return staged;
}

/**
 * An unchanged pathway keeps its result unless one of its blood results has grown too old since
 * (decision 0057: counted back from the extract's day): then it is scored again without it. Only
 * rows with a result past the limit are looked at, and their current evaluations read.
 */
async function rescoreWhereResultsAged(confirming: Confirming, rows: StagedRow[]): Promise<void> {
  const { scope, evaluationDate } = confirming;
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
    // and prepared a slice at a time, as those to be scored are (prepareChunk, below).
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
  const current = await readBeside<{ id: string; unused_inputs: Record<string, string> | null }>(
    confirming,
    `select p.id, e.unused_inputs from pathways p left join evaluations e on e.id = p.current_evaluation_id
      where p.id = any($1::uuid[])`,
    [`{${aged.map(({ row }) => row.pathway_id).join(',')}}`],
  );
  const before = new Map(
    current.map((row) => [
      row.id,
      Object.keys(row.unused_inputs ?? {})
        .sort()
        .join(','),
    ]),
  );
  for (const { row, unused } of aged) if (before.get(row.pathway_id!) !== unused) row.keeps = false;
}

/** Scores the chunk's rows that do not keep their result, or leaves them waiting when there is no model. */
async function scoreChunk(confirming: Confirming, toScore: { row: StagedRow; outcome: RowOutcome }[]) {
  const { scope, evaluationDate } = confirming;
  if (!scope) {
    for (const { outcome } of toScore) outcome.status = 'waiting';
    return;
  }
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
  const states = await scoreForWriting(scope, records, evaluationDate);
  toScore.forEach(({ outcome }, index) => Object.assign(outcome, states[index], { modelId: scope.model.id }));
  confirming.totals.scored += toScore.length;
}

/**
 * A group's parameters: the `leading` ones, its outcomes' and, when any has a new evaluation, the
 * evaluations'. A group with no new evaluation (a list re-imported unchanged) is written without
 * the evaluations' part, which would return every record it wrote for nothing.
 */
function groupOf(
  { scope, evaluationDate }: Confirming,
  outcomes: RowOutcome[],
  leading: unknown[],
  outcomesFrom: number,
) {
  const evaluated = scope ? outcomes.filter((outcome) => outcome.evaluationId) : [];
  const evaluationParams =
    scope && evaluated.length > 0
      ? [
          ...evaluationInsertParams(scope, evaluationDate),
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
}

/** A chunk's outcomes, scored, and its two groups' parameters (matched and new pathways). */
async function prepareChunk(confirming: Confirming, rows: StagedRow[]) {
  const { batch } = confirming;
  const outcomes = rows.map((row): RowOutcome => ({
    row: row.row_number,
    id: row.pathway_id ?? timeOrderedUuid(),
    keep: row.keeps,
    modelId: null,
  }));
  await scoreChunk(
    confirming,
    rows.flatMap((row, index) => (row.keeps ? [] : [{ row, outcome: outcomes[index]! }])),
  );
  // Made here, while the database is busy with the previous chunk.
  const bounds = [rows[0]!.row_number, rows[rows.length - 1]!.row_number];
  const matched = outcomes.filter((_, index) => rows[index]!.pathway_id !== null);
  const added = outcomes.filter((_, index) => rows[index]!.pathway_id === null);
  return {
    matched:
      matched.length > 0 ? groupOf(confirming, matched, [batch.id, ...bounds], updateOutcomesFrom) : null,
    added:
      added.length > 0
        ? groupOf(
            confirming,
            added,
            [batch.id, ...bounds, batch.trustCode, batch.procedureCode],
            insertOutcomesFrom,
          )
        : null,
  };
}

/**
 * A chunk's statements are sent at once, in order; the connection runs them one after another.
 * Neither waits for this thread, busy scoring the next chunk, to send it.
 */
async function writeChunk(
  { writer, totals }: Confirming,
  { matched, added }: Awaited<ReturnType<typeof prepareChunk>>,
): Promise<void> {
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
}

/**
 * On the embedded database the chunks' statements skip the foreign-key checks of each row they
 * write, over a quarter of their time there (decision 0033): the batch's trust and procedure are
 * those of its locked batch row, each evaluation refers to a pathway the same statement wrote, and
 * nothing else runs on the database's one session meanwhile. The triggers that keep the list's
 * counters still fire (migration 0023). The checks are back on before anything else runs.
 */
async function referenceChecks({ database, writer }: Confirming, on: boolean): Promise<void> {
  if (database.kind === 'pglite')
    await writer.query(`set local session_replication_role = ${on ? 'origin' : 'replica'}`);
}

/**
 * Scores and writes the staged rows a chunk at a time, as a pipeline: while the database writes one
 * chunk and reads the next, this thread scores the one between. Statements go one after another on
 * the transaction's connection.
 */
export async function writeStagedRows(
  database: Pick<Database, 'kind' | 'executeSql'>,
  writer: BulkWriter,
  batch: { id: string; trustCode: string; procedureCode: string },
  scope: ScoringScope | null,
  evaluationDate: string,
): Promise<StagedRowsWritten> {
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
  const confirming: Confirming = {
    database,
    writer,
    batch,
    scope,
    evaluationDate,
    matches,
    totals: { created: 0, updated: 0, scored: 0, waiting: 0 },
  };
  const lastRow = (rows: StagedRow[]) => rows[rows.length - 1]!.row_number;
  await referenceChecks(confirming, false);
  let rows = await readStaged(confirming, 0);
  let writing: Promise<void> = Promise.resolve();
  while (rows.length > 0) {
    // The next chunk is asked for before this one is scored. On the embedded database, whose one
    // session takes statements in turn, it is read after the previous chunk's statements and before
    // this chunk's: this thread scores each chunk while the database writes the one before.
    const reading = rows.length === scoringChunk ? started(readStaged(confirming, lastRow(rows))) : null;
    const prepared = await prepareChunk(confirming, rows);
    await writing;
    writing = started(writeChunk(confirming, prepared));
    rows = reading ? await reading : [];
  }
  await writing;
  await referenceChecks(confirming, true);
  const { totals } = confirming;
  return { ...totals, updated: totals.updated - unchanged, unchanged };
}
