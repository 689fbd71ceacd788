import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedValuesParams, storedValuesQuery } from '../../test/stored-values.js';
import { PgliteThread } from './pglite-thread.js';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

describe('embedded database on its own thread', () => {
  let thread: PgliteThread;
  const maintenanceErrors: Error[] = [];
  beforeAll(async () => {
    thread = await PgliteThread.start({
      dataDir: 'memory://',
      migrationsFolder,
      onMaintenanceError: (error) => maintenanceErrors.push(error),
    });
    await thread.exec(`create table thread_items (id int primary key, name text not null unique);
      create function announce_item() returns trigger language plpgsql as $$
        begin perform pg_notify('thread_items', new.name); return new; end $$;
      create trigger thread_items_announce after insert on thread_items for each row execute function announce_item();`);
  });
  afterAll(() => thread.close());

  it('answers every type exactly as PGlite.query does, as objects and as arrays', async () => {
    const reference = await PGlite.create();
    try {
      for (const rowMode of ['object', 'array'] as const) {
        const expected = await reference.query(storedValuesQuery, storedValuesParams, { rowMode });
        const actual = await thread.query(storedValuesQuery, storedValuesParams, { rowMode });
        expect(actual.rows).toEqual(expected.rows);
        expect(actual.fields).toEqual(expected.fields);
      }
    } finally {
      await reference.close();
    }
  });

  it("applies the caller's parsers to the values of their types (drizzle keeps timestamps as text)", async () => {
    const { rows } = await thread.query<{ at: string; n: number }>(
      `select $1::timestamptz as at, 2 as n`,
      ['2026-01-02T03:04:05Z'],
      { parsers: { 1184: (value: string) => `raw:${value}` } },
    );
    expect(rows[0]!.at).toMatch(/^raw:2026-01-02 03:04:05/);
    expect(rows[0]!.n).toBe(2);
  });

  it('reports database errors with their code and constraint, and keeps working after one', async () => {
    await thread.query(`insert into thread_items (id, name) values ($1, $2)`, [1, 'first']);
    await expect(
      thread.query(`insert into thread_items (id, name) values ($1, $2)`, [2, 'first']),
    ).rejects.toMatchObject({ code: '23505', constraint: 'thread_items_name_key' });
    await expect(thread.query(`selec 1`)).rejects.toMatchObject({ code: '42601' });
    const { rows } = await thread.query<{ n: number }>(`select count(*)::int as n from thread_items`);
    expect(rows[0]!.n).toBe(1);
  });

  it('runs a batch of statements and answers each result', async () => {
    const results = await thread.exec(`select 1 as one; select 'two' as two`);
    expect(results.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 'two' }]]);
  });

  it('commits a transaction, and rolls it back when its callback throws or asks to', async () => {
    await thread.transaction(async (tx) => {
      await tx.query(`insert into thread_items (id, name) values ($1, $2)`, [10, 'committed']);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into thread_items (id, name) values ($1, $2)`, [11, 'thrown']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await thread.transaction(async (tx) => {
      await tx.query(`insert into thread_items (id, name) values ($1, $2)`, [12, 'rolled back']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query(`select 1`)).rejects.toThrow(/closed/);
    });
    const { rows } = await thread.query<{ name: string }>(
      `select name from thread_items where id >= 10 order by id`,
    );
    expect(rows.map((row) => row.name)).toEqual(['committed']);
  });

  it('holds other statements back until an open transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query(`insert into thread_items (id, name) values ($1, $2)`, [20, 'inside']);
      outside = thread
        .query<{ n: number }>(`select count(*)::int as n from thread_items where id = 20`)
        .then(({ rows }) => order.push(`outside saw ${rows[0]!.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);
  });

  it('delivers a notification before the answer of the statement that made it', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('thread_items', (payload) => heard.push(payload));
    await thread.query(`insert into thread_items (id, name) values ($1, $2)`, [30, 'announced']);
    expect(heard).toEqual(['announced']);
    await thread.transaction(async (tx) => {
      await tx.query(`insert into thread_items (id, name) values ($1, $2)`, [31, 'at commit']);
    });
    expect(heard).toEqual(['announced', 'at commit']);
    await stop();
    await thread.query(`insert into thread_items (id, name) values ($1, $2)`, [32, 'unheard']);
    expect(heard).toHaveLength(2);
  });

  it('reports no maintenance errors in normal use', () => {
    expect(maintenanceErrors).toEqual([]);
  });
});

describe('embedded database thread start and close', () => {
  it('refuses to start, with the reason, when its migrations cannot be read', async () => {
    await expect(
      PgliteThread.start({
        dataDir: 'memory://',
        migrationsFolder: path.join(os.tmpdir(), 'no-such-migrations-folder'),
        onMaintenanceError: () => undefined,
      }),
    ).rejects.toThrow(/migrat|journal|no such file/i);
  });

  it('keeps data across a close and a new start on the same folder, and refuses calls once closed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esr-thread-'));
    try {
      const first = await PgliteThread.start({
        dataDir,
        migrationsFolder,
        onMaintenanceError: () => undefined,
      });
      await first.query(`insert into app_settings (key, value) values ($1, $2::jsonb)`, [
        'thread-test',
        '{"kept": true}',
      ]);
      await first.close();
      await expect(first.query(`select 1`)).rejects.toThrow(/closed/);

      const second = await PgliteThread.start({
        dataDir,
        migrationsFolder,
        onMaintenanceError: () => undefined,
      });
      const { rows } = await second.query<{ value: { kept: boolean } }>(
        `select value from app_settings where key = $1`,
        ['thread-test'],
      );
      expect(rows[0]?.value).toEqual({ kept: true });
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses pending and later calls, and reports it, when the thread stops while in use', async () => {
    // A stand-in thread that is ready, then ends at the first statement it is sent.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', () => process.exit(3));
       parentPort.postMessage({ event: 'ready' });`,
      { eval: true },
    );
    const stops: Error[] = [];
    const thread = await PgliteThread.attach(worker, {
      onMaintenanceError: () => undefined,
      onStopped: (error) => stops.push(error),
    });
    await expect(thread.query(`select 1`)).rejects.toThrow(/stopped \(thread exit code 3\)/);
    await expect(thread.query(`select 2`)).rejects.toThrow(/stopped \(thread exit code 3\)/);
    expect(stops.map((error) => error.message)).toEqual([
      'The embedded database stopped (thread exit code 3)',
    ]);
  });
});
