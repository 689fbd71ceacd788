import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Which jobs still have a live process, as the database itself knows it (docs/architecture.md, Jobs). A process
 * holds a session advisory lock for each job it runs; PostgreSQL drops a session's locks when its
 * connection ends, however the process ended (SIGKILL, a lost machine). A job pg-boss still shows
 * active with no such lock has no one working on it, and is handed on at once instead of after its
 * expiry (5 to 20 minutes), which a process that lives too long must still be given.
 */

/** The first key of every job's lock: the second is drawn from the job's id. */
export const runningJobLockClass = 727_341_002;

/**
 * The first key of a list's lock (decision 0069), held by the run of a list's job: the second is the
 * database's hash of the queue and the list.
 */
export const runningKeyLockClass = 727_341_004;

/** A job's own key, from the random low bits of its id (pg-boss ids are random UUIDs). */
export const runningJobKey = (jobId: string) =>
  Number.parseInt(jobId.replace(/-/g, '').slice(-8), 16) & 0x7fffffff;

/**
 * How long a job may show active without its lock: between pg-boss handing it over and the lock
 * being taken, and longer than any statement the embedded database's one session may be busy with.
 */
export const orphanGraceSeconds = 20;

/** How often a working process looks for jobs whose process has stopped. */
export const orphanSweepSeconds = 10;

export interface RunningJobLocks {
  /** Taken as the job starts; false when it could not be (the job then relies on its expiry). */
  hold(jobId: string): Promise<boolean>;
  release(jobId: string): Promise<void>;
  /**
   * Taken as the run of a key (a queue's list) starts: false while another run holds it, in this
   * process or another. Throws when the database cannot be asked, so that the job is tried again.
   */
  holdKey(key: string): Promise<boolean>;
  releaseKey(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The locks of this process's running jobs. On PostgreSQL they live on a connection of their own,
 * which lives as long as the process: a pooled connection would take a job's lock back to the pool.
 * The embedded database has one session, which ends with the process that owns it.
 */
export function runningJobLocks(
  database: Pick<Database, 'kind' | 'executeSql' | 'connectionString'>,
  onError: (error: Error) => void,
): RunningJobLocks {
  let connection: Promise<pg.Client> | null = null;
  const query = async (text: string, values: unknown[]) => {
    if (database.kind !== 'postgres') return (await database.executeSql(text, values)).rows;
    connection ??= (async () => {
      const client = new pg.Client({
        connectionString: database.connectionString,
        application_name: 'esr-running-jobs',
      });
      // A lost connection takes this process's locks with it: its running jobs may then be handed
      // on while they still run, which their idempotent handlers allow. The next job connects again.
      client.on('error', (error) => {
        connection = null;
        onError(error);
      });
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return (await (await connection).query(text, values)).rows as Record<string, unknown>[];
  };
  // A session takes an advisory lock it holds again (the embedded database's one session, or this
  // process's connection), so the runs of this process are told apart here.
  const keysHeld = new Set<string>();
  return {
    async hold(jobId) {
      try {
        const [row] = await query('select pg_try_advisory_lock($1, $2) as held', [
          runningJobLockClass,
          runningJobKey(jobId),
        ]);
        return row?.held === true;
      } catch (error) {
        onError(error as Error);
        return false;
      }
    },
    async release(jobId) {
      await query('select pg_advisory_unlock($1, $2)', [runningJobLockClass, runningJobKey(jobId)]).catch(
        (error: unknown) => onError(error as Error),
      );
    },
    async holdKey(key) {
      if (keysHeld.has(key)) return false;
      keysHeld.add(key);
      try {
        const [row] = await query('select pg_try_advisory_lock($1, hashtext($2)) as held', [
          runningKeyLockClass,
          key,
        ]);
        if (row?.held === true) return true;
      } catch (error) {
        keysHeld.delete(key);
        throw error;
      }
      keysHeld.delete(key);
      return false;
    },
    async releaseKey(key) {
      await query('select pg_advisory_unlock($1, hashtext($2))', [runningKeyLockClass, key]).catch(
        (error: unknown) => onError(error as Error),
      );
      keysHeld.delete(key);
    },
    async close() {
      const open = connection;
      connection = null;
      await open?.then((client) => client.end()).catch(() => undefined);
    },
  };
}

/**
 * The jobs of these queues that pg-boss shows active, started more than the grace period ago, whose
 * lock no session holds: the process that ran them has stopped.
 */
export async function orphanedJobs(
  database: Pick<Database, 'executeSql'>,
  queueNames: string[],
  graceSeconds = orphanGraceSeconds,
): Promise<{ name: string; id: string }[]> {
  const { rows: active } = await database.executeSql(
    `select name, id::text as id from pgboss.job
      where name = any($1::text[]) and state = 'active' and started_on < now() - make_interval(secs => $2)`,
    [queueNames, graceSeconds],
  );
  if (active.length === 0) return [];
  // Read after the jobs: a job that ended in between has let its lock go, and pg-boss refuses to
  // fail a job that has completed.
  const { rows: locks } = await database.executeSql(
    `select objid::text as key from pg_locks
      where locktype = 'advisory' and classid = $1 and objsubid = 2
        and database = (select oid from pg_database where datname = current_database())`,
    [runningJobLockClass],
  );
  const held = new Set(locks.map((lock) => Number(lock.key)));
  return (active as { name: string; id: string }[]).filter((job) => !held.has(runningJobKey(job.id)));
}
