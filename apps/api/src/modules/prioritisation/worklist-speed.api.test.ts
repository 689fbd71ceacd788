import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import { addDays, type Matrix, type Worklist } from '@esr/contracts/prioritisation';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { insertPathways, type PathwayValues } from '../../test/factories/pathways.js';

/**
 * What migration 0027 adds for the worklist's speed (decision 0044): the matrix and the worklist's
 * total kept per list version, which every write of a list's pathways moves on (so that nothing kept
 * is ever served after a change), the surgeon names kept the same way, and prioritisation entries
 * that can be neither changed nor removed except with their pathway.
 */

let t: TestApp;
const today = todayInLondon();
const daysAgo = (days: number) => addDays(today, -days);

async function freshList(pathways: PathwayValues[]) {
  const trust = await createTrust(t.app.db);
  const cu = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
  const cl = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cl'] });
  const ids = await insertPathways(t.app.db, trust.trustCode, 'knee', pathways);
  return {
    trustCode: trust.trustCode,
    ids,
    cu: await t.tokenFor(cu.id),
    cl: await t.tokenFor(cl.id),
    list: (path: string) =>
      `/api/trusts/${trust.trustCode}/waiting-list/procedures/knee/prioritisation/${path}`,
    pathway: (id: string, path: string) =>
      `/api/trusts/${trust.trustCode}/procedures/knee/patients/${id}/${path}`,
  };
}

async function get<T>(url: string, token: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function post(url: string, token: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
}

async function versionOf(trustCode: string): Promise<string | null> {
  const [row] = await queryRows<{ version: string | number }>(
    t.app.db,
    sql`select version from pathway_list_versions where trust_code = ${trustCode} and procedure_code = 'knee'`,
  );
  return row ? String(row.version) : null;
}

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the matrix and the worklist total, kept per list version', () => {
  it('show a validation, a priority change and a removal at once', async () => {
    const list = await freshList(
      Array.from({ length: 3 }, () => ({ clockStart: daysAgo(200), priority: 'P4' })),
    );
    const totals = async () => ({
      all: (await get<Matrix>(list.list('matrix'), list.cu)).total,
      due: (await get<Matrix>(list.list('matrix'), list.cu)).flags.validation_due,
      dueMatrix: (await get<Matrix>(list.list('matrix?flag=validation_due'), list.cu)).total,
      dueList: (await get<Worklist>(list.list('worklist?flag=validation_due'), list.cu)).totalCount,
      p2Matrix: (await get<Matrix>(list.list('matrix?priority=P2'), list.cu)).total,
      p2List: (await get<Worklist>(list.list('worklist?priority=P2'), list.cu)).totalCount,
    });
    // Read twice: the second answers come from what the first kept.
    expect(await totals()).toEqual({ all: 3, due: 3, dueMatrix: 3, dueList: 3, p2Matrix: 0, p2List: 0 });
    expect(await totals()).toEqual({ all: 3, due: 3, dueMatrix: 3, dueList: 3, p2Matrix: 0, p2List: 0 });

    await post(list.pathway(list.ids[0]!, 'validations'), list.cu, { outcome: 'remain', contact: 'phone' });
    expect(await totals()).toEqual({ all: 3, due: 2, dueMatrix: 2, dueList: 2, p2Matrix: 0, p2List: 0 });

    await post(list.pathway(list.ids[1]!, 'priority'), list.cl, { priorityCode: 'P2', reason: 'Worse pain' });
    expect(await totals()).toEqual({ all: 3, due: 2, dueMatrix: 2, dueList: 2, p2Matrix: 1, p2List: 1 });
    const p2 = await get<Worklist>(list.list('worklist?priority=P2'), list.cu);
    expect(p2.items.map((item) => item.id)).toEqual([list.ids[1]]);

    await post(list.pathway(list.ids[2]!, 'validations'), list.cu, {
      outcome: 'remove',
      contact: 'in_person',
      note: 'Surgery no longer indicated',
    });
    expect(await totals()).toEqual({ all: 2, due: 1, dueMatrix: 1, dueList: 1, p2Matrix: 1, p2List: 1 });
  });

  it('moves a list’s version on every write of its active pathways, bulk or not, as a replica too', async () => {
    const list = await freshList(
      Array.from({ length: 20 }, (_, i) => ({ clockStart: daysAgo(10), isActive: i < 18 })),
    );
    const other = await freshList([{ clockStart: daysAgo(10) }]);
    const first = await versionOf(list.trustCode);
    expect(first).not.toBeNull();
    const cell = (matrix: Matrix, wait: string) =>
      matrix.cells.find((c) => c.risk === 'not_processed' && c.wait === wait)!.count;
    const before = await get<Matrix>(list.list('matrix'), list.cu);
    expect([before.total, cell(before, '0-18'), cell(before, '52-65')]).toEqual([18, 18, 0]);

    // As an import's confirm writes a list on the embedded database: one statement, the session a replica.
    await t.app.database.bulkWrite(async (writer) => {
      await writer.query('set local session_replication_role = replica');
      await writer.query(
        `update pathways set clock_start = clock_start - 400, updated_at = now() where trust_code = $1 and is_active`,
        [list.trustCode],
      );
    });
    const moved = await versionOf(list.trustCode);
    expect(moved).not.toBe(first);
    const after = await get<Matrix>(list.list('matrix'), list.cu);
    expect([after.total, cell(after, '0-18'), cell(after, '52-65')]).toEqual([18, 0, 18]);
    expect((await get<Worklist>(list.list('worklist?wait=52-65'), list.cu)).totalCount).toBe(18);

    // A statement that writes only archived pathways changes no list.
    await t.app.database.executeSql(
      `update pathways set updated_at = now() where trust_code = $1 and not is_active`,
      [list.trustCode],
    );
    expect(await versionOf(list.trustCode)).toBe(moved);

    // One statement over two lists moves both; archiving and deleting move the list too.
    const otherBefore = await versionOf(other.trustCode);
    await t.app.database.executeSql(
      `update pathways set updated_at = now() where trust_code in ($1, $2) and is_active`,
      [list.trustCode, other.trustCode],
    );
    const both = await versionOf(list.trustCode);
    expect(both).not.toBe(moved);
    expect(await versionOf(other.trustCode)).not.toBe(otherBefore);

    await t.app.database.executeSql(
      `update pathways set is_active = false, date_removed = now() where id = any($1::uuid[])`,
      [list.ids.slice(0, 3)],
    );
    const archived = await versionOf(list.trustCode);
    expect(archived).not.toBe(both);
    expect((await get<Matrix>(list.list('matrix'), list.cu)).total).toBe(15);
    expect((await get<Worklist>(list.list('worklist'), list.cu)).totalCount).toBe(15);

    await t.app.database.executeSql(`delete from pathways where id = $1`, [list.ids[3]]);
    expect(await versionOf(list.trustCode)).not.toBe(archived);
    expect((await get<Worklist>(list.list('worklist'), list.cu)).totalCount).toBe(14);
  });

  it('finds a surgeon added after the list’s surgeons were read, by any part of the name', async () => {
    const list = await freshList([
      { clockStart: daysAgo(30), surgeonName: 'Miss L Okonkwo' },
      { clockStart: daysAgo(40), surgeonName: 'Mr A Shah' },
    ]);
    expect((await get<Worklist>(list.list('worklist?surgeonName=HAMID'), list.cu)).totalCount).toBe(0);
    expect((await get<Worklist>(list.list('worklist?surgeonName=konk'), list.cu)).totalCount).toBe(1);
    const [added] = await insertPathways(t.app.db, list.trustCode, 'knee', [
      { clockStart: daysAgo(50), surgeonName: "Mr H Hamid-O'Neil" },
    ]);
    const found = await get<Worklist>(list.list('worklist?surgeonName=%20hamid%20'), list.cu);
    expect([found.totalCount, found.items.map((item) => item.id)]).toEqual([1, [added]]);
    expect((await get<Matrix>(list.list("matrix?surgeonName=O'neil"), list.cu)).total).toBe(1);
    // "a" is in two of the three names; the longest wait first.
    const a = await get<Worklist>(list.list('worklist?surgeonName=a'), list.cu);
    expect(a.items.map((item) => item.id)).toEqual([added, list.ids[1]]);
  });

  it('reads deep pages, every sort, and nothing past the end', async () => {
    const list = await freshList(
      Array.from({ length: 40 }, (_, i) => ({
        clockStart: i % 10 === 0 ? null : daysAgo(100 + (i % 7)),
        priority: i % 6 === 0 ? null : `P${2 + (i % 3)}`,
        nhsNumber: `99911${String(i).padStart(5, '0')}`,
        ...(i % 4 === 0 ? {} : { scored: { prediction: 'Low' as const, probability: (i % 5) / 10 } }),
      })),
    );
    for (const sort of ['longest_wait', 'priority', 'highest_risk'] as const) {
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          get<Worklist>(list.list(`worklist?sort=${sort}&pageNumber=${page}`), list.cu),
        ),
      );
      const ids = pages.flatMap((page) => page.items.map((item) => item.id));
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      const items = pages.flatMap((page) => page.items);
      // Each page in the order the sort promises, ties broken by id.
      const key = (item: Worklist['items'][number]) =>
        sort === 'longest_wait'
          ? [item.clockStart ?? '~', item.id]
          : sort === 'priority'
            ? [item.priority ?? '~', item.clockStart ?? '~', item.id]
            : [
                item.probability === null ? '~' : String(1 - item.probability),
                item.clockStart ?? '~',
                item.id,
              ];
      const keys = items.map((item) => key(item).join('|'));
      expect(keys).toEqual([...keys].sort());
      const past = await get<Worklist>(list.list(`worklist?sort=${sort}&pageNumber=4`), list.cu);
      expect([past.items, past.totalCount]).toEqual([[], 40]);
    }
    const byNhs = await get<Worklist>(list.list('worklist?nhsNumber=999110001'), list.cu);
    expect(byNhs.items.map((item) => item.nhsNumber).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `99911000${10 + i}`),
    );
  });
});

describe('prioritisation entries', () => {
  it('refuses an update, a delete and a truncate, and go with their pathway', async () => {
    const list = await freshList([{ clockStart: daysAgo(100), priority: 'P4' }]);
    const [id] = list.ids;
    await post(list.pathway(id!, 'priority'), list.cl, { priorityCode: 'P3', reason: 'Pain' });
    const entries = async () =>
      Number(
        (
          await queryRows<{ n: number | string }>(
            t.app.db,
            sql`select count(*) as n from prioritisation_entries where pathway_id = ${id!}`,
          )
        )[0]!.n,
      );
    expect(await entries()).toBe(1);
    await expect(
      t.app.database.executeSql(
        `update prioritisation_entries set reason = 'Changed' where pathway_id = $1`,
        [id],
      ),
    ).rejects.toThrow(/never changed: UPDATE refused/);
    await expect(
      t.app.database.executeSql(`delete from prioritisation_entries where pathway_id = $1`, [id]),
    ).rejects.toThrow(/never changed: DELETE refused/);
    await expect(t.app.database.executeSql(`truncate prioritisation_entries`)).rejects.toThrow(
      /never changed: TRUNCATE refused/,
    );
    expect(await entries()).toBe(1);
    await t.app.database.executeSql(`delete from pathways where id = $1`, [id]);
    expect(await entries()).toBe(0);
  });
});
