import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';

/**
 * Records a demonstration history once its data is there: `state` says whether it is already
 * recorded (`done`), can be now (`ready`) or not yet (`waiting`); checked every few seconds for up
 * to an hour (the demonstration lists take about a minute to import and score on a first start).
 * The returned function stops it (the server closing).
 */
export function recordOnceReady(
  db: Db,
  log: { error(obj: object, msg?: string): void },
  history: {
    what: string;
    state: (db: Db) => Promise<'done' | 'ready' | 'waiting'>;
    record: (db: Db) => Promise<void>;
    firstCheckMs?: number;
  },
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (tries: number) => {
    if (stopped) return;
    try {
      const state = await history.state(db);
      if (state === 'done') return;
      if (state === 'ready') {
        await history.record(db);
        return;
      }
    } catch (error) {
      if (!stopped) log.error({ err: error }, `the demonstration ${history.what} was not recorded`);
      return;
    }
    if (tries < 720 && !stopped) timer = setTimeout(() => void attempt(tries + 1), 5_000);
  };
  timer = setTimeout(() => void attempt(0), history.firstCheckMs ?? 1_000);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/**
 * Where a demonstration trust's history stands: already recorded (`recorded`, a count of its rows,
 * is more than 0: `done`), its lists in and scored (every one of its `procedures` has active
 * pathways and none is waiting: `ready`), or not yet (`waiting`).
 */
export async function demonstrationState(
  db: Db,
  trustCode: string,
  procedures: number,
  recorded: SQL,
): Promise<'done' | 'ready' | 'waiting'> {
  const [row] = await queryRows<{
    procedures: number | string;
    waiting: number | string;
    recorded: number | string;
  }>(
    db,
    sql`select (select count(distinct procedure_code) from pathways where trust_code = ${trustCode} and is_active) as procedures,
      (select count(*) from pathways where trust_code = ${trustCode} and is_active and status = 'waiting') as waiting,
      (${recorded}) as recorded`,
  );
  if (Number(row?.recorded ?? 0) > 0) return 'done';
  return Number(row?.procedures ?? 0) === procedures && Number(row?.waiting ?? 0) === 0 ? 'ready' : 'waiting';
}
