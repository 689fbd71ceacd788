import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagedLineEnd } from '../../modules/waiting-list/stage/staged-record.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

const migration = fs.readFileSync(
  path.join(import.meta.dirname, '../../../drizzle/0022_sample_dates_once.sql'),
  'utf8',
);

describe('migration 0022: sample dates kept once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rewrites each pathway’s dates as an import now writes them, leaving empty and missing ones', async () => {
    const before: (Record<string, string> | null)[] = [
      {
        haemoglobin: '2026-10-01',
        whiteBloodCount: '2026-10-01',
        creatinine: '2026-09-28',
        crp: '2026-10-01',
        albumin: '2026-09-30',
      },
      { sodium: '2025-01-10' },
      {},
      null,
    ];
    await t.app.database.executeSql('create table pathways_before (id int primary key, lab_dates json)');
    try {
      await t.app.database.executeSql(
        `insert into pathways_before select ord, v::json from unnest($1::text[]) with ordinality as t(v, ord)`,
        [before.map((dates) => (dates === null ? null : JSON.stringify(dates)))],
      );
      await t.app.database.executeSql(migration.replaceAll('"pathways"', 'pathways_before'));
      const { rows } = await t.app.database.executeSql(
        'select lab_dates::text as dates from pathways_before order by id',
      );
      // What an import writes for the same dates, from the staged line's end.
      const written = (sampleDates: Record<string, string>) => {
        const line = stagedLineEnd({
          nhsNumber: null,
          localPatientIdentifier: 'X',
          results: {},
          sampleDates,
          rowNumbers: [],
        });
        return line.slice(line.indexOf('\t') + 1, -1);
      };
      expect(rows.map((row) => row.dates)).toEqual([written(before[0]!), written(before[1]!), '{}', null]);
      expect(JSON.parse(rows[0]!.dates as string)).toEqual({
        sampled: '2026-10-01',
        creatinine: '2026-09-28',
        albumin: '2026-09-30',
      });
    } finally {
      await t.app.database.executeSql('drop table pathways_before');
    }
  });
});
