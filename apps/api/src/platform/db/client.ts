import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { from as copyFrom } from 'pg-copy-streams';
import { PgliteThread } from './pglite-thread.js';
import { createPreparingPool } from './postgres-statements.js';
import * as schema from './schema.js';
import type { AppConfig } from '../config.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type SqlRows = { rows: Record<string, unknown>[] };

export interface BulkWriter {
  /** The same transaction through the query builder, for the ordinary statements among the bulk ones. */
  db: Db;
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

/** Rows for COPY as text, or already as UTF-8 bytes (as the import's reading thread hands them over). */
export type CopyText = string | Uint8Array;

export interface CopyWriter {
  /** Rows in COPY's text format, as text or UTF-8 bytes. */
  write(rows: CopyText): Promise<void>;
  /** Ends the load; the rows written. */
  end(): Promise<number>;
  abort(reason: Error): Promise<void>;
}

const utf8 = (rows: CopyText) => (typeof rows === 'string' ? new TextEncoder().encode(rows) : rows);

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for the job queue: one call is one statement batch (pg-boss's contract). */
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
  connectionString?: string;
  /**
   * A bulk load written as it is made, for rows in COPY's text format (tab-separated, `\N` for
   * NULL, backslash escapes) that arrive in parts (an import's staging). On
   * PostgreSQL it is one COPY per connection asked for (one by default), each committed by `end`;
   * the embedded database, whose one session a long COPY would hold, commits each part as it comes.
   * `abort` discards what PostgreSQL has not committed; what was committed (by the embedded
   * database, or by a COPY that ended before another failed) is left to the caller to delete.
   */
  openCopy(
    table: string,
    columns: readonly string[],
    options?: { connections?: number },
  ): Promise<CopyWriter>;
  /** One transaction of raw statements, for bulk writes that must commit together. */
  bulkWrite<T>(work: (writer: BulkWriter) => Promise<T>): Promise<T>;
  /** LISTEN on a channel (embedded database only); returns how to stop listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/** Table and column names are the code's own constants; checked all the same, as they are not parameters. */
function copyStatement(table: string, columns: readonly string[], source: 'stdin' | 'blob'): string {
  if (!identifier.test(table) || !columns.every((column) => identifier.test(column))) {
    throw new Error(`COPY into ${table} (${columns.join(', ')}): not plain identifiers`);
  }
  const from = source === 'stdin' ? 'stdin' : `'/dev/blob'`;
  return `copy ${table} (${columns.join(', ')}) from ${from} with (format text)`;
}

/** One COPY on a connection of its own, fed part by part, with the stream's backpressure honoured. */
async function openPostgresCopy(
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
): Promise<CopyWriter> {
  const client = await pool.connect();
  const stream = client.query(copyFrom(copyStatement(table, columns, 'stdin')));
  let failure: Error | null = null;
  let released = false;
  const release = (broken: boolean) => {
    if (released) return;
    released = true;
    client.release(broken);
  };
  const failed = new Promise<never>((_, reject) => {
    stream.once('error', (error: Error) => {
      failure = error;
      reject(error);
    });
  });
  failed.catch(() => undefined);
  return {
    async write(text) {
      if (failure) throw failure;
      const bytes =
        typeof text === 'string'
          ? Buffer.from(text)
          : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
      if (!stream.write(bytes)) await Promise.race([once(stream, 'drain'), failed]);
    },
    async end() {
      try {
        if (failure) throw failure;
        stream.end();
        await Promise.race([once(stream, 'finish'), failed]);
        release(false);
        return stream.rowCount ?? 0;
      } catch (error) {
        release(true);
        throw error;
      }
    },
    async abort(reason) {
      if (released) return;
      if (!failure) {
        stream.destroy(reason);
        await failed.catch(() => undefined);
      }
      // The connection went through a failed COPY: it is not given back to the pool.
      release(true);
    },
  };
}

/**
 * Several COPYs into one table, each part going to the next in turn: PostgreSQL parses each COPY
 * on one core, and while one connection's server process takes in its part the next part goes to
 * another. Each COPY commits on its own at `end`.
 */
async function openParallelCopy(
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
  connections: number,
): Promise<CopyWriter> {
  const copies: CopyWriter[] = [];
  try {
    for (let i = 0; i < connections; i++) copies.push(await openPostgresCopy(pool, table, columns));
  } catch (error) {
    await Promise.all(copies.map((copy) => copy.abort(error as Error)));
    throw error;
  }
  let next = 0;
  return {
    write(text) {
      const copy = copies[next]!;
      next = (next + 1) % copies.length;
      return copy.write(text);
    },
    async end() {
      const ended = await Promise.allSettled(copies.map((copy) => copy.end()));
      const failed = ended.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      return ended.reduce((rows, outcome) => rows + (outcome.status === 'fulfilled' ? outcome.value : 0), 0);
    },
    async abort(reason) {
      await Promise.all(copies.map((copy) => copy.abort(reason)));
    },
  };
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const migrationLockKey = 727_341_001;

/**
 * PGlite has no lock of its own and can corrupt a folder opened twice (stack notes): one process
 * owns the folder through a lock file holding its pid; a stale lock (dead pid) is taken over.
 */
function takeFolderLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    let alive = false;
    try {
      if (holder && holder !== process.pid) {
        process.kill(holder, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(
        `The data folder ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => fs.rmSync(lockPath, { force: true });
}

export interface OpenOptions {
  /** Where a failed maintenance run of the embedded database is reported (it is tried again later). */
  onMaintenanceError?: (error: Error) => void;
  /** Where it is reported that the embedded database stopped while in use. */
  onStopped?: (error: Error) => void;
  /** An in-memory embedded database starts as this data-folder archive (see StartOptions.startFrom). */
  embeddedStartFrom?: string;
}

const warnMaintenanceFailed = (error: Error) =>
  process.emitWarning(`Embedded database maintenance failed: ${error.message}`);

/** PostgreSQL (DATABASE_URL): a pool, migrated by one process at a time. */
async function openPostgres(url: string): Promise<Database> {
  const pool = createPreparingPool({ connectionString: url, max: 20 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    // Several API processes may start at once in production: one migrates, the others wait.
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    client.release();
  }
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    executeSql: async (text, values) => {
      const result = await pool.query(text, values as unknown[] | undefined);
      const results = Array.isArray(result) ? (result as pg.QueryResult[]) : [result];
      return { rows: results.flatMap((r) => r.rows ?? []) };
    },
    openCopy: (table, columns, options) =>
      openParallelCopy(pool, table, columns, Math.max(1, options?.connections ?? 1)),
    bulkWrite: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          db: drizzlePg(client, { schema }) as unknown as Db,
          query: async (text, params) => (await client.query(text, params)).rows,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async () => {
      throw new Error('Only the embedded database delivers notifications in-process');
    },
    close: () => pool.end(),
  };
}

/** The embedded PGlite, on a thread of its own, in its folder (locked) or in memory. */
async function openPglite(
  config: Extract<AppConfig['database'], { kind: 'pglite' }>,
  options: OpenOptions,
): Promise<Database> {
  const inMemory = config.dataDir === 'memory://';
  const releaseLock = inMemory ? () => undefined : takeFolderLock(config.dataDir);
  let thread: PgliteThread;
  try {
    // The database runs on a thread of its own, beside the one serving HTTP (decision 0014).
    thread = await PgliteThread.start({
      dataDir: inMemory ? 'memory://' : path.join(config.dataDir, 'pglite'),
      migrationsFolder,
      startFrom: inMemory ? options.embeddedStartFrom : undefined,
      onMaintenanceError: options.onMaintenanceError ?? warnMaintenanceFailed,
      onStopped:
        options.onStopped ??
        ((error) => process.emitWarning(`The embedded database stopped: ${error.message}`)),
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // drizzle-orm/pglite calls only query and transaction on its client, which the thread answers.
  const db = drizzlePglite(thread as unknown as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    openCopy: (table, columns) => {
      const statement = copyStatement(table, columns, 'blob');
      let rows = 0;
      return Promise.resolve({
        write: async (text) => {
          rows += await thread.copyFrom(statement, utf8(text));
        },
        end: () => Promise.resolve(rows),
        abort: () => Promise.resolve(),
      });
    },
    bulkWrite: (work) =>
      thread.transaction((tx) =>
        work({
          db: drizzlePglite(tx as unknown as PGlite, { schema }) as unknown as Db,
          query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await tx.query<R>(text, params)).rows,
        }),
      ),
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await thread.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await thread.exec(text);
      return { rows: results.flatMap((r) => r.rows as Record<string, unknown>[]) };
    },
    listen: (channel, onNotify) => thread.listen(channel, onNotify),
    close: async () => {
      try {
        await thread.close();
      } finally {
        releaseLock();
      }
    },
  };
}

export async function openDatabase(
  config: AppConfig['database'],
  options: OpenOptions = {},
): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config, options);
}

/** Rows of a raw SQL query; both drivers answer with `{rows}`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
