import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoUsers } from '../../platform/db/seed.js';
import { queryRows } from '../../platform/db/client.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { clientFor } from '../../test/admin-client.js';
import { createTrust, createUser, setUserStatus } from '../../test/factories/users.js';
import { removeTrusts } from '../../test/factories/trusts.js';

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

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(t.app.db, query))[0]!.n);

describe('dashboards (docs/requirements.md §2, §3 counters)', () => {
  it('super admin: active trusts and active users, as the tables hold them', async () => {
    const response = await sa.get('/api/super-admin/dashboard/');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      counters: {
        activeTrusts: await count(sql`select count(*) as n from trusts where status = 1`),
        activeUsers: await count(sql`select count(*) as n from users where status = 1`),
      },
    });
  });

  it('super admin counters follow new, disabled and moved users and trusts', async () => {
    const before = (await sa.get('/api/super-admin/dashboard/')).body.counters;
    const trust = await createTrust(t.app.db);
    made.push(trust.trustCode);
    const a = await createUser(t.app.db, { trustCode: trust.trustCode });
    await createUser(t.app.db, { trustCode: trust.trustCode });
    await setUserStatus(t.app.db, a.id, 0);
    const after = (await sa.get('/api/super-admin/dashboard/')).body.counters;
    expect(after).toEqual({ activeTrusts: before.activeTrusts + 1, activeUsers: before.activeUsers + 1 });
  });

  it("trust admin: active users of the caller's trust, without super admins", async () => {
    const response = await ta.get('/api/trust-admin/dashboard');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      counters: {
        activeUsers: await count(
          sql`select count(*) as n from users u where u.trust_code = 'RAN' and u.status = 1
              and not exists (select 1 from user_roles r where r.user_id = u.id and r.role_code = 'sa')`,
        ),
      },
    });
    const list = await ta.get('/api/users/?filters[status]=1');
    expect(list.body.totalCount).toBe(response.body.counters.activeUsers);
  });
});
