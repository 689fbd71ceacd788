import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminMessages } from '@esr/contracts/messages';
import { demoUsers } from '../../platform/db/seed.js';
import { changeLog } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { clientFor, queryString } from '../../test/admin-client.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { createDirectoryEntry, randomGuid, removeTrusts } from '../../test/factories/trusts.js';

let t: TestApp;
let sa: ReturnType<typeof clientFor>;
let ta: ReturnType<typeof clientFor>;
const made: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  sa = clientFor(t, await t.tokenFor(demoUsers[0].id));
  ta = clientFor(t, await t.tokenFor(demoUsers[1].id));
});
afterAll(async () => {
  await removeTrusts(t.app.db, made);
  await t?.close();
});

const contact = {
  primaryContactFirstName: 'Mira',
  primaryContactLastName: 'Jones',
  primaryContactEmail: 'mira.jones@nhs.net',
  primaryContactTelCode: '+44',
  primaryContactTelNumber: '2071234567',
};
const log = (client: ReturnType<typeof clientFor>, query: Record<string, string | number | undefined>) =>
  client.get(`/api/admin/changelog${queryString(query)}`);
type Entry = {
  action: string;
  createdBy: string;
  trustName: string;
  createdOn: string;
  changes: Record<string, unknown>;
};

describe('GET /api/admin/changelog', () => {
  it('records every create and update of a trust and a user, newest first, with before and after', async () => {
    const entry = await createDirectoryEntry(t.app.db, { trustName: 'Logged Test NHS Trust' });
    made.push(entry.trustCode);
    const code = entry.trustCode;
    const body = { trustCode: code, trustTenantId: randomGuid(), ...contact };
    expect((await sa.post(`/api/trusts/${code}/create`, body)).status).toBe(200);
    expect(
      (await sa.put(`/api/trusts/${code}/update`, { ...body, status: 1, primaryContactFirstName: 'Maya' }))
        .status,
    ).toBe(200);
    const created = await sa.post('/api/users/', {
      firstName: 'Lena',
      lastName: 'Ortiz',
      email: `lena.${Date.now().toString(36)}@nhs.net`,
      trustCode: code,
      roles: [{ code: 'cu' }],
    });
    expect(created.status).toBe(201);
    const { userId, email } = created.body;
    expect(
      (
        await sa.put(`/api/users/${userId}/`, {
          firstName: 'Lena',
          lastName: 'Ortiz',
          email,
          trustCode: code,
          status: 0,
          roles: [{ code: 'cu' }],
        })
      ).status,
    ).toBe(200);

    const page = await log(sa, { trustCode: code });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ pageNumber: 1, pageSize: 15, totalCount: 4 });
    expect(page.body.items.map((e: Entry) => e.action)).toEqual([
      'Updated user Lena Ortiz',
      'Created user Lena Ortiz',
      'Updated trust Logged Test NHS Trust',
      'Created trust Logged Test NHS Trust',
    ]);
    const [userUpdate, , trustUpdate] = page.body.items as Entry[];
    expect(userUpdate).toMatchObject({ createdBy: 'Priya Shah', trustName: 'Logged Test NHS Trust' });
    expect(userUpdate!.changes).toEqual({ status: { before: 1, after: 0 } });
    expect(trustUpdate!.changes).toEqual({ primaryContactFirstName: { before: 'Mira', after: 'Maya' } });
    // UTC instants (security baseline), shown in UK time by the web app.
    expect(userUpdate!.createdOn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('pages 15 at a time and filters by date, user making changes, trust and user-or-trust name', async () => {
    const trust = await createTrust(t.app.db, { trustName: `Pagelog ${Date.now().toString(36)} NHS Trust` });
    made.push(trust.trustCode);
    const target = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
    const rows = Array.from({ length: 17 }, (_, i) => ({
      createdOn: new Date(Date.UTC(2024, 0, 10, 12, 0, i)),
      createdBy: i % 2 === 0 ? 'Priya Shah' : 'Tom Hughes',
      trustCode: trust.trustCode,
      trustName: trust.trustName,
      action: `Updated user number ${i}`,
      entityType: 'user',
      entityId: target.id,
      changes: {},
    }));
    rows.push({ ...rows[0]!, createdOn: new Date(Date.UTC(2024, 6, 1, 22, 30)), action: 'Summer evening' });
    await t.app.db.insert(changeLog).values(rows);

    const first = await log(sa, { trustCode: trust.trustCode });
    expect(first.body.totalCount).toBe(18);
    expect(first.body.items).toHaveLength(15);
    expect(first.body.items[0].action).toBe('Summer evening');
    const second = await log(sa, { trustCode: trust.trustCode, pageNumber: 2 });
    expect(second.body.items.map((e: Entry) => e.action)).toEqual([
      'Updated user number 2',
      'Updated user number 1',
      'Updated user number 0',
    ]);
    const day = await log(sa, { trustCode: trust.trustCode, dateAndTime: '2024-01-10' });
    expect(day.body.totalCount).toBe(17);
    // 22:30 UTC on 1 July is 23:30 on 1 July in UK summer time: that UK day, not the next.
    expect((await log(sa, { trustCode: trust.trustCode, dateAndTime: '2024-07-01' })).body.totalCount).toBe(
      1,
    );
    expect((await log(sa, { trustCode: trust.trustCode, dateAndTime: '2024-07-02' })).body.totalCount).toBe(
      0,
    );
    const byTom = await log(sa, { trustCode: trust.trustCode, userMakingChanges: 'tom h' });
    expect(byTom.body.totalCount).toBe(8);
    expect(byTom.body.items.every((e: Entry) => e.createdBy === 'Tom Hughes')).toBe(true);
    const combined = await log(sa, {
      trustCode: trust.trustCode,
      userMakingChanges: 'PRIYA',
      dateAndTime: '2024-01-10',
    });
    expect(combined.body.totalCount).toBe(9);
    const byName = await log(sa, { userOrTrustName: trust.trustName.slice(0, 14) });
    expect(byName.body.totalCount).toBe(18);
    const bad = await log(sa, { dateAndTime: '2024-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ dateAndTime: [adminMessages.dateInvalid] });
  });

  it("gives trust admins their own trust's entries only, without those about super admins", async () => {
    const own = await log(ta, { pageSize: 100 });
    expect(own.status).toBe(200);
    expect(own.body.items.every((e: { trustCode: string }) => e.trustCode === 'RAN')).toBe(true);
    const boss = await sa.post('/api/users/', {
      firstName: 'Hidden',
      lastName: 'Boss',
      email: `hidden.boss.${Date.now().toString(36)}@nhs.net`,
      trustCode: 'RAN',
      roles: [{ code: 'sa' }],
    });
    expect(boss.status).toBe(201);
    const afterTa = await log(ta, {});
    expect(afterTa.body.items.map((e: Entry) => e.action)).not.toContain('Created user Hidden Boss');
    expect(afterTa.body.totalCount).toBe(own.body.totalCount);
    const afterSa = await log(sa, { trustCode: 'RAN' });
    expect(afterSa.body.items[0].action).toBe('Created user Hidden Boss');
  });

  it('searches by who made the change across people sharing the start of a name, newest first, in scope', async () => {
    const trust = await createTrust(t.app.db);
    made.push(trust.trustCode);
    // Entries cannot be removed (append-only), so the names are new on every run.
    const run = `zq${Date.now().toString(36)}`;
    const person = (name: string) => `${run.toUpperCase().slice(0, 1)}${run.slice(1)} ${name}`;
    let second = 0;
    const entry = (createdBy: string, trustCode: string, audience: 'trust' | 'super-admin' = 'trust') => ({
      createdOn: new Date(Date.UTC(2024, 2, 1, 9, 0, (second += 7) % 60, second)),
      createdBy,
      trustCode,
      trustName: trustCode,
      action: `Entry ${second} by ${createdBy}`,
      entityType: 'user',
      entityId: 'search-test',
      changes: {},
      audience,
    });
    const rows = [
      ...Array.from({ length: 10 }, () => entry(person('Quill'), trust.trustCode)),
      ...Array.from({ length: 9 }, () => entry(person('Quist'), trust.trustCode)),
      ...Array.from({ length: 3 }, () => entry(`${person('')}n Other`.replace(' n', 'n'), trust.trustCode)),
      ...Array.from({ length: 4 }, () => entry(person('Quill'), 'RAN')),
      ...Array.from({ length: 2 }, () => entry(person('Quill'), 'RAN', 'super-admin')),
    ].sort(() => Math.random() - 0.5);
    await t.app.db.insert(changeLog).values(rows);

    const newestFirst = (entries: typeof rows) =>
      [...entries].sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime()).map((e) => e.action);
    const inTrust = rows.filter((e) => e.trustCode === trust.trustCode && e.createdBy.includes(' Qui'));
    const search = { trustCode: trust.trustCode, userMakingChanges: `${run} QUI` };
    const [first, next, beyond] = [
      await log(sa, { ...search, pageNumber: 1 }),
      await log(sa, { ...search, pageNumber: 2 }),
      await log(sa, { ...search, pageNumber: 3 }),
    ];
    expect([...first.body.items, ...next.body.items].map((e: Entry) => e.action)).toEqual(
      newestFirst(inTrust),
    );
    expect([first.body.totalCount, next.body.totalCount, beyond.body.totalCount]).toEqual([19, 19, 19]);
    expect(beyond.body.items).toEqual([]);
    // Every trust for a super admin; the trust admin of RAN sees only its entries for trust admins.
    expect((await log(sa, { userMakingChanges: run })).body.totalCount).toBe(28);
    const own = await log(ta, { userMakingChanges: person('qu') });
    expect(own.body.totalCount).toBe(4);
    expect(own.body.items.map((e: Entry) => e.action)).toEqual(
      newestFirst(rows.filter((e) => e.trustCode === 'RAN' && e.audience === 'trust')),
    );
    // With another filter the search counts its matches instead.
    expect((await log(sa, { userMakingChanges: run, dateAndTime: '2024-03-01' })).body.totalCount).toBe(28);
  });

  it('keeps the per-person counters equal to the entries', async () => {
    const differences = await t.app.db.execute(
      sql`(select creator, trust_code, audience, entry_count from change_log_creator_counts
           except select lower(created_by), coalesce(trust_code, ''), audience, count(*) from change_log group by 1, 2, 3)
          union all
          (select lower(created_by), coalesce(trust_code, ''), audience, count(*) from change_log group by 1, 2, 3
           except select creator, trust_code, audience, entry_count from change_log_creator_counts)`,
    );
    expect((differences as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('is append-only in the database', async () => {
    await expect(
      t.app.db.execute(sql`update change_log set action = 'x' where id = (select min(id) from change_log)`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(sql`delete from change_log where id = (select min(id) from change_log)`),
    ).rejects.toThrow();
  });

  it('counts from the counters match a full count', async () => {
    const counted = await t.app.db.execute(sql`select count(*)::int as n from change_log`);
    const total = (await log(sa, {})).body.totalCount;
    expect(total).toBe((counted as unknown as { rows: { n: number }[] }).rows[0]!.n);
  });
});
