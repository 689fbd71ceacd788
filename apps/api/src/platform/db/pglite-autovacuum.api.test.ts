import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedAutovacuum } from './pglite-autovacuum.js';

// PostgreSQL reports table activity at the end of a transaction at most once a second.
const reportActivity = async (pglite: PGlite) => {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await pglite.query('select 1');
};

describe('embedded autovacuum (PGlite)', () => {
  let pglite: PGlite;
  const errors: unknown[] = [];
  let autovacuum: EmbeddedAutovacuum;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table churned (id int primary key, label text);
      create table untouched (id int primary key); create table empty_table (id int primary key)`);
    autovacuum = new EmbeddedAutovacuum(pglite, (error) => errors.push(error));
  });
  afterAll(async () => {
    await autovacuum.stop();
    await pglite.close();
  });

  const statsOf = async (table: string) =>
    (
      await pglite.query<{ reltuples: number; analysed: boolean; vacuumed: boolean }>(
        `select c.reltuples, s.last_analyze is not null as analysed, s.last_vacuum is not null as vacuumed
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
        [table],
      )
    ).rows[0]!;

  it('leaves empty and unchanged tables without statistics', async () => {
    await pglite.exec('insert into untouched values (1)');
    await reportActivity(pglite);
    expect(await autovacuum.runOnce()).toEqual([]);
    expect(await statsOf('empty_table')).toEqual({ reltuples: -1, analysed: false, vacuumed: false });
  });

  it('vacuums and analyses a table once its inserts and deletes pass the thresholds', async () => {
    await pglite.exec(`insert into churned select g, 'row ' || g from generate_series(1, 3000) g;
      delete from churned where id <= 1000`);
    await reportActivity(pglite);
    expect(await autovacuum.runOnce()).toEqual(['VACUUM (ANALYZE) public.churned']);
    expect(await statsOf('churned')).toEqual({ reltuples: 2000, analysed: true, vacuumed: true });
    await reportActivity(pglite);
    expect(await autovacuum.runOnce()).toEqual([]);
  });

  it('runs one pass at a time, and reports a failed run to its caller', async () => {
    const [first, second] = [autovacuum.runOnce(), autovacuum.runOnce()];
    expect(first).toBe(second);
    await first;
    const broken = new EmbeddedAutovacuum(
      { query: () => Promise.reject(new Error('database closed')) } as unknown as PGlite,
      (error) => errors.push(error),
    );
    await expect(broken.runOnce()).rejects.toThrow('database closed');
    broken.start(5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await broken.stop();
    expect(errors.length).toBeGreaterThan(0);
  });
});
