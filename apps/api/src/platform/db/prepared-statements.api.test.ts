import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedValuesParams, storedValuesQuery } from '../../test/stored-values.js';
import { PreparedStatementClient, statementCacheSize } from './pglite-statements.js';
import { StatementNames, createPreparingPool } from './postgres-statements.js';

describe('PGlite prepared statements', () => {
  let pglite: PGlite;
  let client: PreparedStatementClient;
  const heard: [string, string][] = [];
  beforeAll(async () => {
    pglite = await PGlite.create();
    client = new PreparedStatementClient(pglite, (channel, payload) => heard.push([channel, payload]));
    await pglite.exec(`create table prepared_items (id int primary key, name text not null unique)`);
  });
  afterAll(() => pglite.close());

  it('reads every type exactly as PGlite.query does, as objects and as arrays', async () => {
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await pglite.query(storedValuesQuery, storedValuesParams, { rowMode });
      const actual = await client.query(storedValuesQuery, storedValuesParams, { rowMode });
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
  });

  it('reads text in any script, and answers larger than its first buffer, byte for byte', async () => {
    const names = ["Zoë Ó'Brien", 'Łukasz Wójcik', 'Nguyễn Thị', '王芳', 'Ayşe 🙂'];
    const { rows } = await client.query<{ name: string }>(`select unnest($1::text[]) as name`, [names]);
    expect(rows.map((row) => row.name)).toEqual(names);
    const large = await client.query<{ n: number; filler: string }>(
      `select n, repeat('é', 100) as filler from generate_series(1, 3000) n`,
    );
    expect(large.rows).toHaveLength(3000);
    expect(large.rows[2999]).toEqual({ n: 3000, filler: 'é'.repeat(100) });
    expect(await client.query(`select $1::text as t`, ['after'])).toMatchObject({ rows: [{ t: 'after' }] });
  });

  it('hands on the notifications its executions carry, and reports every field of an error', async () => {
    await pglite.exec(`listen prepared_channel`);
    await client.query(`select pg_notify($1, $2)`, ['prepared_channel', 'hello']);
    expect(heard).toEqual([['prepared_channel', 'hello']]);
    await expect(client.query(`select 1 / $1::int as impossible`, [0])).rejects.toMatchObject({
      code: '22012',
      severity: 'ERROR',
      message: 'division by zero',
      routine: expect.any(String),
    });
  });

  it('uses the parsers a caller passes (drizzle keeps timestamps as text)', async () => {
    const keepText = { 1184: (value: string) => `raw:${value}` };
    const { rows } = await client.query<{ at: string }>(
      `select $1::timestamptz as at`,
      ['2026-01-02T03:04:05Z'],
      {
        parsers: keepText,
      },
    );
    expect(rows[0]!.at).toMatch(/^raw:2026-01-02 03:04:05/);
  });

  it('prepares a text once and binds it afterwards', async () => {
    const before = client.preparedCount;
    for (let n = 0; n < 5; n += 1) {
      const { rows } = await client.query<{ doubled: number }>(`select $1::int * 2 as doubled`, [n]);
      expect(rows[0]!.doubled).toBe(n * 2);
    }
    expect(client.preparedCount).toBe(before + 1);
  });

  it('counts affected rows and reports constraint errors with their code and constraint', async () => {
    const inserted = await client.query(`insert into prepared_items (id, name) values ($1, $2), ($3, $4)`, [
      1,
      'one',
      2,
      'two',
    ]);
    expect(inserted.affectedRows).toBe(2);
    await expect(
      client.query(`insert into prepared_items (id, name) values ($1, $2)`, [3, 'one']),
    ).rejects.toMatchObject({ code: '23505', constraint: 'prepared_items_name_key' });
    // The session is usable after the error.
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from prepared_items`);
    expect(rows[0]!.n).toBe(2);
  });

  it('rejects a statement that does not parse, and keeps nothing of it', async () => {
    const before = client.preparedCount;
    await expect(client.query(`selec 1`)).rejects.toMatchObject({ code: '42601' });
    expect(client.preparedCount).toBe(before);
  });

  it('commits and rolls back transactions whose queries go through the statements', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`insert into prepared_items (id, name) values ($1, $2)`, [10, 'ten']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into prepared_items (id, name) values ($1, $2)`, [11, 'eleven']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await client.query<{ id: number }>(
      `select id from prepared_items where id >= $1 order by id`,
      [10],
    );
    expect(rows.map((row) => row.id)).toEqual([10]);
  });

  it('makes a query outside a transaction wait until the transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into prepared_items (id, name) values ($1, $2)`, [20, 'twenty']);
      opened();
      await held;
    });
    await open;
    const outside = client.query<{ n: number }>(
      `select count(*)::int as n from prepared_items where id = $1`,
      [20],
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await outside).rows[0]!.n).toBe(1);
  });

  it('prepares again when a table changes under a prepared statement', async () => {
    await pglite.exec(`create table prepared_reshaped (id int)`);
    await pglite.exec(`insert into prepared_reshaped values (1)`);
    const text = `select * from prepared_reshaped`;
    expect((await client.query(text)).fields.map((field) => field.name)).toEqual(['id']);
    await pglite.exec(`alter table prepared_reshaped add column label text default 'x'`);
    const { rows } = await client.query(text);
    expect(rows).toEqual([{ id: 1, label: 'x' }]);
  });

  it(`keeps at most ${statementCacheSize} statements, closing the least recently used`, async () => {
    for (let n = 0; n < statementCacheSize + 10; n += 1) await client.query(`select ${n} as n`);
    expect(client.preparedCount).toBe(statementCacheSize);
    const { rows } = await pglite.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements`,
    );
    expect(rows[0]!.n).toBe(statementCacheSize);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL prepared statements', () => {
  const names = new StatementNames(3);
  const pool = createPreparingPool({ connectionString: process.env.DATABASE_URL, max: 2 }, names);
  afterAll(() => pool.end());

  it('keeps one generic plan per statement on every connection', async () => {
    const generic = createPreparingPool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const { rows } = await generic.query<{ mode: string }>(
      `select current_setting('plan_cache_mode') as mode`,
    );
    expect(rows[0]!.mode).toBe('force_generic_plan');
    const text = `select count(*)::int as n from generate_series(1, 10) g where g >= $1`;
    const client = await generic.connect();
    try {
      for (let n = 0; n < 3; n += 1) await client.query({ text, values: [n] });
      const plans = await client.query(
        `select generic_plans, custom_plans from pg_prepared_statements where statement = $1`,
        [text],
      );
      expect(plans.rows[0]).toEqual({ generic_plans: '3', custom_plans: '0' });
    } finally {
      client.release();
      await generic.end();
    }
  });

  it('names each statement text once and runs it prepared on every connection', async () => {
    const text = 'select $1::int + 1 as next';
    for (let n = 0; n < 6; n += 1) {
      const { rows } = await pool.query({ text, values: [n] });
      expect(rows[0].next).toBe(n + 1);
    }
    const name = names.nameFor(text);
    expect(name).toMatch(/^esr_\d+$/);
    const client = await pool.connect();
    try {
      await client.query({ text, values: [1] });
      const prepared = await client.query(`select statement from pg_prepared_statements where name = $1`, [
        name,
      ]);
      expect(prepared.rows[0]?.statement).toBe(text);
    } finally {
      client.release();
    }
  });

  it('leaves texts beyond the limit, texts without values and calls with their own name unnamed', async () => {
    for (const text of ['select $1::int as a', 'select $1::int as b', 'select $1::int as c'])
      expect(Object.values((await pool.query(text, [1])).rows[0])).toEqual([1]);
    expect(names.nameFor('select $1::int as d')).toBeUndefined();
    const { rows } = await pool.query({ name: 'caller-named', text: 'select $1::int as e', values: [5] });
    expect(rows[0].e).toBe(5);
    // A text without values may hold several statements: it is never named.
    const several = await pool.query('select 1 as f; select 2 as g');
    expect(Array.isArray(several)).toBe(true);
  });

  it('prepares a statement again under a new name after its table changed shape', async () => {
    const unlimited = new StatementNames();
    const single = createPreparingPool({ connectionString: process.env.DATABASE_URL, max: 1 }, unlimited);
    try {
      await single.query('drop table if exists prepared_reshaped; create table prepared_reshaped (id int)');
      const text = 'select * from prepared_reshaped where id is distinct from $1';
      await single.query({ text, values: [0] });
      const first = unlimited.nameFor(text);
      await single.query('alter table prepared_reshaped add column label text');
      const { fields } = await single.query({ text, values: [0] });
      expect(fields.map((field) => field.name)).toEqual(['id', 'label']);
      expect(unlimited.nameFor(text)).not.toBe(first);
      // Inside a transaction the error stands: the transaction is already aborted.
      const client = await single.connect();
      try {
        await client.query('alter table prepared_reshaped add column note text');
        await client.query('begin');
        await expect(client.query({ text, values: [0] })).rejects.toMatchObject({ code: '0A000' });
        await client.query('rollback');
        expect((await client.query({ text, values: [0] })).fields).toHaveLength(3);
      } finally {
        client.release();
      }
    } finally {
      await single.query('drop table if exists prepared_reshaped');
      await single.end();
    }
  });
});
