import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { packContributions, unpackContributions } from './contributions.js';

const migration = fs.readFileSync(
  path.join(import.meta.dirname, '../../../drizzle/0021_contributions_as_bytes.sql'),
  'utf8',
);

describe('contributions kept as bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const contributions = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
    minLength: 1,
    maxLength: 40,
  });

  it('gives back every contribution exactly, written as base64 and read as stored bytes', async () => {
    const samples = fc.sample(contributions, 50);
    const { rows } = await t.app.database.executeSql(
      `select ord, decode(packed, 'base64') as bytes from unnest($1::text[]) with ordinality as t(packed, ord) order by ord`,
      [samples.map((values) => packContributions(values))],
    );
    expect(rows.map((row) => [...unpackContributions(row.bytes as Uint8Array)])).toEqual(samples);
    expect(packContributions(Float64Array.of(1, 2, 3, 4), 1, 3)).toBe(packContributions([2, 3]));
    expect(() => unpackContributions(new Uint8Array(7))).toThrow(/8-byte/);
  });

  it('converts the arrays evaluations stored before migration 0021 into the same bytes', async () => {
    // Every sample holds a negative zero, whose sign toPrecision drops: the conversion must keep it.
    const samples = fc.sample(contributions, 20).map((values) => [...values, -0]);
    const asArrayElement = (value: number) => (Object.is(value, -0) ? '-0' : value.toPrecision(17));
    await t.app.database.executeSql(
      'create table contributions_before (id int primary key, feature_contributions double precision[])',
    );
    try {
      await t.app.database.executeSql(
        `insert into contributions_before
          select ord, case when ord = 1 then null else v::double precision[] end
          from unnest($1::text[]) with ordinality as t(v, ord)`,
        [[null, ...samples.map((values) => `{${values.map(asArrayElement).join(',')}}`)]],
      );
      for (const statement of migration.split('--> statement-breakpoint'))
        await t.app.database.executeSql(statement.replaceAll('"evaluations"', 'contributions_before'));
      const { rows } = await t.app.database.executeSql(
        'select feature_contributions as bytes from contributions_before order by id',
      );
      expect(rows[0]!.bytes).toBeNull();
      expect(rows.slice(1).map((row) => [...unpackContributions(row.bytes as Uint8Array)])).toEqual(samples);
    } finally {
      await t.app.database.executeSql('drop table contributions_before');
    }
  });
});
