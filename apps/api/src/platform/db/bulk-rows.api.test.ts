import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { rowsAsArrays } from './bulk-rows.js';

describe('rows as arrays, read back by the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives back every value as it was, text with quotes, commas, braces and backslashes included', async () => {
    const rows = [
      {
        id: 1,
        text: 'O\'Brien, "Siobhán" {left} \\ C:\\path',
        amount: 0.1 + 0.2,
        flag: true,
        json: '["height"]',
      },
      { id: 2, text: 'NULL', amount: -1e-7, flag: false, json: null },
      { id: 3, text: null, amount: null, flag: null, json: '{"a":"b \\"c\\""}' },
      { id: 4, text: '', amount: 123456789.123, flag: true, json: '[]' },
    ];
    const { source, params } = rowsAsArrays(
      rows,
      [
        ['id', 'integer'],
        ['text', 'text'],
        ['amount', 'float8'],
        ['flag', 'boolean'],
        ['json', 'jsonb'],
      ],
      1,
    );
    const { rows: read } = await t.app.database.executeSql(
      `select v.id, v.text, v.amount, v.flag, v.json from ${source} order by v.id`,
      params,
    );
    expect(read).toEqual(
      rows.map((row) => ({ ...row, json: row.json === null ? null : JSON.parse(row.json) })),
    );
  });
});
