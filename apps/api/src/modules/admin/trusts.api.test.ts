import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminMessages, invalidNhsEmailMessage, messages } from '@esr/contracts/messages';
import nhsTrusts from '../../data/nhs-trusts-england.json' with { type: 'json' };
import { demoUsers } from '../../platform/db/seed.js';
import { changeLog, mlModels, trusts } from '../../platform/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
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

async function directoryEntry(overrides: Parameters<typeof createDirectoryEntry>[1] = {}) {
  const entry = await createDirectoryEntry(t.app.db, overrides);
  made.push(entry.trustCode);
  return entry;
}
async function madeTrust(overrides: Parameters<typeof createTrust>[1] = {}) {
  const trust = await createTrust(t.app.db, overrides);
  made.push(trust.trustCode);
  return trust;
}
const createBody = (trustCode: string, extra: Record<string, unknown> = {}) => ({
  trustCode,
  trustTenantId: randomGuid(),
  ...contact,
  ...extra,
});

describe('NHS trust list (data/nhs-trusts-england.json)', () => {
  it('holds England’s trusts with unique three-character ODS codes and the seven NHS England regions', () => {
    expect(nhsTrusts.length).toBeGreaterThan(190);
    const codes = nhsTrusts.map((entry) => entry.trustCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of nhsTrusts) {
      expect(entry.trustCode).toMatch(/^[A-Z0-9]{3}$/);
      expect(entry.country).toBe('England');
      expect(entry.trustName).toMatch(/ Trust$/);
    }
    const regions = Object.fromEntries(nhsTrusts.map((e) => [e.regionCode, e.region]));
    expect(regions).toEqual({
      Y56: 'London',
      Y58: 'South West',
      Y59: 'South East',
      Y60: 'Midlands',
      Y61: 'East of England',
      Y62: 'North West',
      Y63: 'North East and Yorkshire',
    });
  });
});

describe('GET /api/trusts/ (selectors)', () => {
  it('gives super admins every active trust by name, without disabled ones', async () => {
    const disabled = await madeTrust({ status: 0 });
    const response = await sa.get('/api/trusts/');
    expect(response.status).toBe(200);
    const codes = response.body.map((o: { trustCode: string }) => o.trustCode);
    expect(codes).toContain('RAN');
    expect(codes).not.toContain(disabled.trustCode);
    expect(response.body[0]).toEqual({ trustCode: expect.any(String), trustName: expect.any(String) });
    const names = response.body.map((o: { trustName: string }) => o.trustName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });
  it('gives trust admins their own trust only', async () => {
    const response = await ta.get('/api/trusts/');
    expect(response.body).toEqual([
      { trustCode: 'RAN', trustName: 'Royal National Orthopaedic Hospital NHS Trust' },
    ]);
  });
});

describe('GET /api/trusts/?listType=paginated', () => {
  const list = (query: Record<string, string | number>) =>
    sa.get(`/api/trusts/${queryString({ listType: 'paginated', ...query })}`);

  it('pages 15 at a time with the total, by name', async () => {
    const tag = `Pagetest${Date.now().toString(36)}`;
    for (let i = 0; i < 17; i += 1)
      await madeTrust({ trustName: `${tag} ${String(i).padStart(2, '0')} NHS Trust` });
    const first = await list({ trustName: tag });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pageNumber: 1, pageSize: 15, totalCount: 17 });
    expect(first.body.items).toHaveLength(15);
    expect(first.body.items[0].trustName).toBe(`${tag} 00 NHS Trust`);
    const second = await list({ trustName: tag, pageNumber: 2 });
    expect(second.body.items.map((i: { trustName: string }) => i.trustName)).toEqual([
      `${tag} 15 NHS Trust`,
      `${tag} 16 NHS Trust`,
    ]);
    const past = await list({ trustName: tag, pageNumber: 9 });
    expect(past.body).toMatchObject({ items: [], totalCount: 17 });
  });

  it('filters by each field alone and combined', async () => {
    const tag = `Filt${Date.now().toString(36)}`;
    const a = await madeTrust({
      trustName: `${tag} Alpha`,
      region: 'North West',
      regionCode: 'Y62',
      country: 'England',
    });
    const b = await madeTrust({
      trustName: `${tag} Beta`,
      region: 'Midlands',
      regionCode: 'Y60',
      country: 'Wales',
      status: 0,
    });
    const codes = async (query: Record<string, string>) =>
      (await list({ trustName: tag, ...query })).body.items
        .map((i: { trustCode: string }) => i.trustCode)
        .sort();
    expect(await codes({})).toEqual([a.trustCode, b.trustCode].sort());
    expect(await codes({ trustName: `${tag.toLowerCase()} alp` })).toEqual([a.trustCode]);
    expect(await codes({ trustCode: b.trustCode.slice(0, 5).toLowerCase() })).toContain(b.trustCode);
    expect(await codes({ region: 'west' })).toEqual([a.trustCode]);
    expect(await codes({ regionCode: 'y60' })).toEqual([b.trustCode]);
    expect(await codes({ country: 'wal' })).toEqual([b.trustCode]);
    expect(await codes({ status: '1' })).toEqual([a.trustCode]);
    expect(await codes({ status: '0' })).toEqual([b.trustCode]);
    expect(await codes({ status: '1', region: 'Midlands' })).toEqual([]);
    expect(await codes({ status: '0', country: 'Wales', regionCode: 'Y60' })).toEqual([b.trustCode]);
  });

  it('treats % and _ in a search as text', async () => {
    const response = await list({ trustName: '%' });
    expect(response.body.totalCount).toBe(0);
  });

  it('counts assigned users, active and disabled', async () => {
    const trust = await madeTrust();
    await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
    await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cl'], status: 0 });
    const response = await list({ trustCode: trust.trustCode });
    expect(response.body.items[0]).toMatchObject({ trustCode: trust.trustCode, assignedUsers: 2, status: 1 });
  });

  it('refuses a bad status or page size with field errors', async () => {
    expect((await list({ status: 'active' })).status).toBe(400);
    expect((await list({ pageSize: 1000 })).status).toBe(400);
  });
});

describe('GET /api/trusts/{trustCode}', () => {
  it('gives every field of docs/requirements.md §3 Trust', async () => {
    const response = await sa.get('/api/trusts/RAN');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      trustCode: 'RAN',
      trustName: 'Royal National Orthopaedic Hospital NHS Trust',
      trustRoleDescription: 'NHS Trust',
      region: 'London',
      regionCode: 'Y56',
      country: 'England',
      status: 1,
      primaryContactFirstName: 'Helen',
      primaryContactLastName: 'Ward',
      primaryContactEmail: 'helen.ward@nhs.net',
      primaryContactTelCode: '+44',
      primaryContactTelNumber: '2089543800',
    });
    expect(response.body.assignedUsers).toBeGreaterThanOrEqual(8);
  });
  it('answers 404 for an unknown trust', async () => {
    expect((await sa.get('/api/trusts/NOPE1')).status).toBe(404);
  });
});

describe('GET /api/trusts/lookup/', () => {
  it('lists NHS trusts not added yet', async () => {
    const response = await sa.get('/api/trusts/lookup/');
    expect(response.status).toBe(200);
    const codes = response.body.map((e: { trustCode: string }) => e.trustCode);
    expect(codes).toContain('RRV');
    expect(codes).not.toContain('RAN');
    expect(response.body.find((e: { trustCode: string }) => e.trustCode === 'RRV')).toEqual({
      trustCode: 'RRV',
      trustName: 'University College London Hospitals NHS Foundation Trust',
      trustRoleDescription: 'NHS Trust',
      region: 'London',
      regionCode: 'Y56',
      country: 'England',
    });
  });
});

describe('POST /api/trusts/{trustCode}/create', () => {
  it('adds the trust with its identity from the NHS list, and logs it', async () => {
    const entry = await directoryEntry({
      trustName: 'Added Test NHS Trust',
      region: 'Midlands',
      regionCode: 'Y60',
    });
    const tenant = randomGuid().toUpperCase();
    const response = await sa.post(
      `/api/trusts/${entry.trustCode}/create`,
      createBody(entry.trustCode, { trustTenantId: tenant }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      trustCode: entry.trustCode,
      trustName: 'Added Test NHS Trust',
      trustRoleDescription: 'NHS Trust',
      region: 'Midlands',
      regionCode: 'Y60',
      country: 'England',
      status: 1,
      trustTenantId: tenant.toLowerCase(),
      assignedUsers: 0,
      ...contact,
    });
    const lookup = await sa.get('/api/trusts/lookup/');
    expect(lookup.body.map((e: { trustCode: string }) => e.trustCode)).not.toContain(entry.trustCode);
    const [logged] = await t.app.db.select().from(changeLog).where(eq(changeLog.entityId, entry.trustCode));
    expect(logged).toMatchObject({
      createdBy: 'Priya Shah',
      createdByUserId: demoUsers[0].id,
      trustCode: entry.trustCode,
      trustName: 'Added Test NHS Trust',
      action: 'Created trust Added Test NHS Trust',
      entityType: 'trust',
    });
    expect(logged!.changes).toMatchObject({
      trustName: { before: null, after: 'Added Test NHS Trust' },
      status: { before: null, after: 1 },
      primaryContactEmail: { before: null, after: 'mira.jones@nhs.net' },
    });
    const models = await t.app.db
      .select({ procedureCode: mlModels.procedureCode, isActive: mlModels.isActive })
      .from(mlModels)
      .where(eq(mlModels.trustCode, entry.trustCode));
    expect(models.map((m) => m.procedureCode).sort()).toEqual(['hip', 'knee', 'knee-hip']);
    expect(models.every((m) => m.isActive)).toBe(true);
  });

  it('answers 409 with the spec message when the trust exists', async () => {
    const response = await sa.post('/api/trusts/RAN/create', createBody('RAN'));
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe(messages.trustExists);
  });

  it('refuses a code that is not in the NHS list, and a body that names another trust', async () => {
    const unknown = await sa.post('/api/trusts/QQQ/create', createBody('QQQ'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ trustCode: [adminMessages.trustNotInDirectory] });
    const entry = await directoryEntry();
    const mismatch = await sa.post(`/api/trusts/${entry.trustCode}/create`, createBody('RRV'));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ trustCode: [adminMessages.trustCodeMismatch] });
  });

  it('refuses fields it does not take (mass assignment)', async () => {
    const entry = await directoryEntry();
    const response = await sa.post(
      `/api/trusts/${entry.trustCode}/create`,
      createBody(entry.trustCode, { trustName: 'Renamed', status: 0 }),
    );
    expect(response.status).toBe(400);
    expect((await sa.get(`/api/trusts/${entry.trustCode}`)).status).toBe(404);
  });

  it.each([
    [{ trustTenantId: 'not-a-guid' }, 'trustTenantId', adminMessages.tenantIdInvalid],
    [{ primaryContactEmail: '' }, 'primaryContactEmail', messages.emailBlank],
    [{ primaryContactEmail: 'mira@gmail.com' }, 'primaryContactEmail', invalidNhsEmailMessage()],
    [{ primaryContactEmail: 'mira@@nhs.net' }, 'primaryContactEmail', invalidNhsEmailMessage()],
    [{ primaryContactFirstName: ' ' }, 'primaryContactFirstName', messages.firstNameBlank],
    [{ primaryContactLastName: '' }, 'primaryContactLastName', messages.lastNameBlank],
    [{ primaryContactFirstName: 'x'.repeat(51) }, 'primaryContactFirstName', adminMessages.firstNameTooLong],
    [{ primaryContactLastName: 'x'.repeat(51) }, 'primaryContactLastName', adminMessages.lastNameTooLong],
    [{ primaryContactTelCode: '44' }, 'primaryContactTelCode', adminMessages.telCodeInvalid],
    [{ primaryContactTelNumber: '12-34' }, 'primaryContactTelNumber', adminMessages.telNumberInvalid],
    [{ primaryContactTelCode: '' }, 'primaryContactTelCode', adminMessages.telCodeMissing],
  ])('refuses %j with the field message', async (change, field, message) => {
    const entry = await directoryEntry();
    const response = await sa.post(
      `/api/trusts/${entry.trustCode}/create`,
      createBody(entry.trustCode, change),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toEqual([message]);
  });

  it('gives the combined message when both contact names are blank', async () => {
    const entry = await directoryEntry();
    const response = await sa.post(
      `/api/trusts/${entry.trustCode}/create`,
      createBody(entry.trustCode, { primaryContactFirstName: '', primaryContactLastName: '' }),
    );
    expect(response.body.errors).toEqual({
      primaryContactFirstName: [messages.firstAndLastNameBlank],
      primaryContactLastName: [messages.firstAndLastNameBlank],
    });
  });

  it('accepts a blank tenant id and a blank phone', async () => {
    const entry = await directoryEntry();
    const response = await sa.post(
      `/api/trusts/${entry.trustCode}/create`,
      createBody(entry.trustCode, {
        trustTenantId: '',
        primaryContactTelCode: '',
        primaryContactTelNumber: '',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.trustTenantId).toBeNull();
  });

  it('refuses a tenant id another trust uses (400)', async () => {
    const tenant = randomGuid();
    await madeTrust({ trustTenantId: tenant });
    const entry = await directoryEntry();
    const response = await sa.post(
      `/api/trusts/${entry.trustCode}/create`,
      createBody(entry.trustCode, { trustTenantId: tenant }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ trustTenantId: [adminMessages.tenantIdTaken] });
  });
});

describe('PUT /api/trusts/{trustCode}/update', () => {
  const updateBody = (trustCode: string, extra: Record<string, unknown> = {}) => ({
    ...createBody(trustCode),
    status: 1,
    ...extra,
  });

  it('changes tenant id, status and contact, keeps the identity, and logs before and after', async () => {
    const trust = await madeTrust({ ...contact, trustName: 'Before Update NHS Trust' });
    const tenant = randomGuid();
    const response = await sa.put(
      `/api/trusts/${trust.trustCode}/update`,
      updateBody(trust.trustCode, { trustTenantId: tenant, status: 0, primaryContactLastName: 'Khan' }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      trustName: 'Before Update NHS Trust',
      status: 0,
      trustTenantId: tenant,
      primaryContactLastName: 'Khan',
    });
    const [logged] = await t.app.db.select().from(changeLog).where(eq(changeLog.entityId, trust.trustCode));
    expect(logged!.action).toBe('Updated trust Before Update NHS Trust');
    expect(logged!.changes).toEqual({
      status: { before: 1, after: 0 },
      trustTenantId: { before: null, after: tenant },
      primaryContactLastName: { before: 'Jones', after: 'Khan' },
    });
  });

  it('refuses identity fields in the body (mass assignment) and answers 404 for an unknown trust', async () => {
    const trust = await madeTrust(contact);
    const renamed = await sa.put(
      `/api/trusts/${trust.trustCode}/update`,
      updateBody(trust.trustCode, { trustName: 'X' }),
    );
    expect(renamed.status).toBe(400);
    const [row] = await t.app.db.select().from(trusts).where(eq(trusts.trustCode, trust.trustCode));
    expect(row!.trustName).toBe(trust.trustName);
    expect((await sa.put('/api/trusts/NOPE1/update', updateBody('NOPE1'))).status).toBe(404);
  });

  it('refuses an invalid e-mail with the e-mail field error (docs/requirements.md §8)', async () => {
    const trust = await madeTrust(contact);
    const response = await sa.put(
      `/api/trusts/${trust.trustCode}/update`,
      updateBody(trust.trustCode, { primaryContactEmail: 'someone@example.com' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ primaryContactEmail: [invalidNhsEmailMessage()] });
  });

  it('disabling a trust refuses its users at their next call', async () => {
    const trust = await madeTrust(contact);
    const user = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
    const token = await t.tokenFor(user.id);
    const me = () => t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect(
      (await sa.put(`/api/trusts/${trust.trustCode}/update`, updateBody(trust.trustCode, { status: 0 })))
        .status,
    ).toBe(200);
    expect((await me()).statusCode).toBe(403);
  });

  it('refuses a tenant id another trust uses, but keeps a trust’s own', async () => {
    const tenant = randomGuid();
    await madeTrust({ trustTenantId: tenant });
    const mine = randomGuid();
    const trust = await madeTrust({ ...contact, trustTenantId: mine });
    const taken = await sa.put(
      `/api/trusts/${trust.trustCode}/update`,
      updateBody(trust.trustCode, { trustTenantId: tenant }),
    );
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ trustTenantId: [adminMessages.tenantIdTaken] });
    const same = await sa.put(
      `/api/trusts/${trust.trustCode}/update`,
      updateBody(trust.trustCode, { trustTenantId: mine }),
    );
    expect(same.status).toBe(200);
  });
});
