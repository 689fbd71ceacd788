import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { copyField } from '../../modules/waiting-list/stage/staged-record.js';

const columns = ['id', 'label', 'doc'] as const;
const line = (id: number, label: string | null, doc: string) => `${id}\t${copyField(label)}\t${doc}\n`;

describe('a bulk load written in parts (openCopy)', () => {
  let t: TestApp;
  const rows = async () =>
    (await t.app.database.executeSql('select id, label, doc from copy_writer_test order by id')).rows;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.database.executeSql(
      'create table copy_writer_test (id integer primary key, label text, doc jsonb not null)',
    );
  });
  afterAll(async () => {
    await t?.app.database.executeSql('drop table if exists copy_writer_test');
    await t?.close();
  });

  it('stores every part, over two connections, with tabs, line breaks, backslashes and NULLs as written', async () => {
    await t.app.database.executeSql('truncate copy_writer_test');
    const copy = await t.app.database.openCopy('copy_writer_test', columns, { connections: 2 });
    const labels = ['tab\there', 'two\nlines\r\n', 'C:\\path\\N', null, '\\N', 'Siobhán "Ó" Brien'];
    for (let part = 0; part < 6; part += 1) {
      // Each part as the reading thread sends it: UTF-8 bytes of several rows.
      const text = [0, 1, 2]
        .map((n) => line(part * 3 + n, labels[part]!, `{"part":${part},"n":${n}}`))
        .join('');
      await copy.write(new TextEncoder().encode(text));
    }
    expect(await copy.end()).toBe(18);
    const stored = await rows();
    expect(stored).toHaveLength(18);
    expect(stored.map((row) => row.label)).toEqual(labels.flatMap((label) => [label, label, label]));
    expect(stored[17]).toEqual({ id: 17, label: labels[5], doc: { part: 5, n: 2 } });
    // Every connection went back to the pool in working order.
    expect((await t.app.database.executeSql('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('keeps nothing uncommitted of an aborted load on PostgreSQL, and the database goes on answering', async () => {
    await t.app.database.executeSql('truncate copy_writer_test');
    const copy = await t.app.database.openCopy('copy_writer_test', columns, { connections: 2 });
    await copy.write(line(1, 'first', '{}'));
    await copy.write(line(2, 'second', '{}'));
    await copy.abort(new Error('The reading thread stopped'));
    // The embedded database commits each part as it comes (the caller deletes them).
    expect((await rows()).length).toBe(t.app.database.kind === 'postgres' ? 0 : 2);
    expect((await t.app.database.executeSql('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('fails on a row the database refuses, and the database goes on answering', async () => {
    await t.app.database.executeSql('truncate copy_writer_test');
    const copy = await t.app.database.openCopy('copy_writer_test', columns, { connections: 2 });
    const finished = (async () => {
      await copy.write(line(1, 'fine', '{}'));
      await copy.write(line(2, 'not json', '{not json'));
      return copy.end();
    })();
    await expect(finished).rejects.toThrow(/json/i);
    await copy.abort(new Error('failed'));
    expect((await rows()).filter((row) => row.id === 2)).toEqual([]);
    expect((await t.app.database.executeSql('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });
});
