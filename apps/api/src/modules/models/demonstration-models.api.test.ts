import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ModelVersion } from '@esr/contracts/models';
import { mlModels } from '../../platform/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { createDirectoryEntry, randomGuid, removeTrusts } from '../../test/factories/trusts.js';

/**
 * Decision 0060: the demonstration models come with the demonstration data only. A service started
 * with SEED_DEMO_DATA=false (a trust's own) installs none, and a trust added to it has no model of
 * any procedure, and says so, until a technical admin uploads one and a clinical safety officer
 * approves it.
 */
let t: TestApp;
const made: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_DATA: 'false' });
});
afterAll(async () => {
  if (t) await removeTrusts(t.app.db, made);
  await t?.close();
});

describe('a service without the demonstration data', () => {
  it('gives a new trust no model of any procedure, and its model screens say that none is active', async () => {
    // Without the demonstration data there is no demonstration trust: the super admin's own is made.
    const home = await createTrust(t.app.db);
    made.push(home.trustCode);
    const superAdmin = await t.tokenFor((await createUser(t.app.db, { trustCode: home.trustCode, roles: ['sa'] })).id);
    const entry = await createDirectoryEntry(t.app.db, {});
    made.push(entry.trustCode);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/trusts/${entry.trustCode}/create`,
      headers: bearer(superAdmin),
      payload: {
        trustCode: entry.trustCode,
        trustTenantId: randomGuid(),
        primaryContactFirstName: 'Mira',
        primaryContactLastName: 'Jones',
        primaryContactEmail: 'mira.jones@nhs.net',
        primaryContactTelCode: '+44',
        primaryContactTelNumber: '2071234567',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const models = await t.app.db.select().from(mlModels).where(eq(mlModels.trustCode, entry.trustCode));
    expect(models).toEqual([]);

    const admin = await t.tokenFor((await createUser(t.app.db, { trustCode: entry.trustCode, roles: ['tca'] })).id);
    const base = `/api/trusts/${entry.trustCode}/machine-learning/procedures/knee/models`;
    const versions = await t.app.inject({ method: 'GET', url: base, headers: bearer(admin) });
    expect(versions.statusCode).toBe(200);
    expect(versions.json<{ items: ModelVersion[] }>().items).toEqual([]);
    const active = await t.app.inject({ method: 'GET', url: `${base}/active`, headers: bearer(admin) });
    expect(active.statusCode).toBe(404);
    expect(active.json<{ detail: string }>().detail).toBe('No model is active for this procedure');
  });

  it('installs no demonstration model at start, for any trust', async () => {
    if (!process.env.DATABASE_URL) {
      // The embedded database is new to this service: nothing at all was installed at its start.
      expect(await t.app.db.select({ id: mlModels.id }).from(mlModels)).toEqual([]);
      return;
    }
    // A shared PostgreSQL database holds other runs' models: a trust without any, then a start.
    const trust = await createTrust(t.app.db);
    made.push(trust.trustCode);
    const restarted = await createTestApp({ SEED_DEMO_DATA: 'false' });
    try {
      const models = await restarted.app.db
        .select({ id: mlModels.id })
        .from(mlModels)
        .where(eq(mlModels.trustCode, trust.trustCode));
      expect(models).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
