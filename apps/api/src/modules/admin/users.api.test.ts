import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminMessages, invalidNhsEmailMessage, messages } from '@esr/contracts/messages';
import { toBracketQuery } from '@esr/contracts/bracket-query';
import type { RoleCode } from '@esr/contracts/roles';
import { demoUsers } from '../../platform/db/seed.js';
import { changeLog, roleMaskBits } from '../../platform/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { clientFor, queryString } from '../../test/admin-client.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { removeTrusts } from '../../test/factories/trusts.js';

let t: TestApp;
let sa: ReturnType<typeof clientFor>;
let ta: ReturnType<typeof clientFor>;
const made: string[] = [];
let seq = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${(seq += 1)}@nhs.net`;

beforeAll(async () => {
  t = await createTestApp();
  sa = clientFor(t, await t.tokenFor(demoUsers[0].id));
  ta = clientFor(t, await t.tokenFor(demoUsers[1].id));
});
afterAll(async () => {
  await removeTrusts(t.app.db, made);
  await t?.close();
});

async function madeTrust() {
  const trust = await createTrust(t.app.db);
  made.push(trust.trustCode);
  return trust;
}
const user = (
  trustCode: string,
  values: Partial<Parameters<typeof createUser>[1]> & { roles?: RoleCode[] } = {},
) => createUser(t.app.db, { trustCode, ...values });

const list = (
  client: ReturnType<typeof clientFor>,
  query: Record<string, string | number | readonly string[] | undefined>,
) => client.get(`/api/users/${queryString(query)}`);
const names = (body: { items: { userName: string }[] }) => body.items.map((item) => item.userName);

describe('GET /api/users/ (docs/requirements.md §2 user lists, §7)', () => {
  it('pages 15 at a time by name, with the total and every column', async () => {
    const trust = await madeTrust();
    for (let i = 0; i < 17; i += 1)
      await user(trust.trustCode, {
        firstName: `Page${String(i).padStart(2, '0')}`,
        lastName: 'Tester',
        roles: ['cu', 'cl'],
      });
    const first = await list(sa, { trustCode: trust.trustCode });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pageNumber: 1, pageSize: 15, totalCount: 17 });
    expect(first.body.items).toHaveLength(15);
    expect(first.body.items[0]).toEqual({
      userId: expect.any(String),
      userName: 'Page00 Tester',
      email: expect.stringMatching(/@nhs\.net$/),
      trustName: trust.trustName,
      trustCode: trust.trustCode,
      assignedRoles: [
        { code: 'cu', name: 'Clerical User' },
        { code: 'cl', name: 'Clinician' },
      ],
      status: 1,
    });
    const second = await list(sa, { trustCode: trust.trustCode, pageNumber: 2 });
    expect(names(second.body)).toEqual(['Page15 Tester', 'Page16 Tester']);
    expect((await list(sa, { trustCode: trust.trustCode, pageNumber: 5 })).body).toMatchObject({
      items: [],
      totalCount: 17,
    });
  });

  describe('filters, alone and combined', () => {
    let code: string;
    let trustName: string;
    beforeAll(async () => {
      const trust = await madeTrust();
      code = trust.trustCode;
      trustName = trust.trustName;
      await user(code, {
        firstName: 'Amelia',
        lastName: 'Stone',
        email: uniqueEmail('amelia.stone'),
        roles: ['cu'],
      });
      await user(code, {
        firstName: 'Amir',
        lastName: 'Khan',
        email: uniqueEmail('akhan'),
        roles: ['cl'],
        status: 0,
      });
      await user(code, {
        firstName: 'Bea',
        lastName: 'Amesbury',
        email: uniqueEmail('bea'),
        roles: ['cu', 'ta'],
      });
      await user(code, { firstName: 'Carl', lastName: 'O_Neil', email: uniqueEmail('carl'), roles: ['wa'] });
    });
    const filtered = (filters: Parameters<typeof toBracketQuery>[0]) =>
      list(sa, { trustCode: code, ...toBracketQuery(filters) }).then((r) => {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return { names: names(r.body).sort(), total: r.body.totalCount as number };
      });

    it('user name: prefix of first name, last name or full name, any case', async () => {
      expect((await filtered({ userName: 'am' })).names).toEqual([
        'Amelia Stone',
        'Amir Khan',
        'Bea Amesbury',
      ]);
      expect((await filtered({ userName: 'KHAN' })).names).toEqual(['Amir Khan']);
      expect((await filtered({ userName: 'amelia st' })).names).toEqual(['Amelia Stone']);
      expect((await filtered({ userName: 'melia' })).names).toEqual([]);
      expect((await filtered({ userName: 'o_n' })).names).toEqual(['Carl O_Neil']);
      expect((await filtered({ userName: '%' })).names).toEqual([]);
    });
    it('e-mail: prefix', async () => {
      expect((await filtered({ email: 'AKHAN' })).names).toEqual(['Amir Khan']);
    });
    it('assigned roles: users holding any of them', async () => {
      expect((await filtered({ assignedRoles: ['cu'] })).names).toEqual(['Amelia Stone', 'Bea Amesbury']);
      expect((await filtered({ assignedRoles: ['cl', 'wa'] })).names).toEqual(['Amir Khan', 'Carl O_Neil']);
    });
    it('status: 1 active, 0 disabled, with the total', async () => {
      expect(await filtered({ status: '0' })).toEqual({ names: ['Amir Khan'], total: 1 });
      expect((await filtered({ status: '1' })).total).toBe(3);
    });
    it('trust name and trust code', async () => {
      expect((await filtered({ trustName: trustName.slice(5).toLowerCase() })).total).toBe(4);
      expect((await filtered({ trustCode: code.toLowerCase() })).total).toBe(4);
      expect((await filtered({ trustName: 'no such trust' })).total).toBe(0);
    });
    it('combined', async () => {
      expect((await filtered({ userName: 'am', status: '1', assignedRoles: ['cu'] })).names).toEqual([
        'Amelia Stone',
        'Bea Amesbury',
      ]);
      expect((await filtered({ userName: 'am', status: '1', assignedRoles: ['cl'] })).names).toEqual([]);
      expect(await filtered({ email: 'bea', assignedRoles: ['ta'], trustCode: code })).toEqual({
        names: ['Bea Amesbury'],
        total: 1,
      });
    });
    it('pages a name search whose first-name and last-name matches interleave, in list order', async () => {
      const trust = await madeTrust();
      const letters = 'abcdefghi'.split('');
      // Nine match on the first name ("Qzen…"), nine on the last name ("… Qzenby"), one on neither.
      for (const letter of letters) {
        await user(trust.trustCode, { firstName: `Qzen${letter}`, lastName: 'Tester', roles: ['cu'] });
        await user(trust.trustCode, {
          firstName: `${letter.toUpperCase()}ob`,
          lastName: `Qzenby${letter}`,
          roles: ['cl'],
        });
      }
      await user(trust.trustCode, { firstName: 'Qzan', lastName: 'Other', roles: ['cu'] });
      const everyMatch = [
        ...letters.map((letter) => `${letter.toUpperCase()}ob Qzenby${letter}`),
        ...letters.map((letter) => `Qzen${letter} Tester`),
      ].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
      const page = (pageNumber: number) =>
        list(sa, { trustCode: trust.trustCode, pageNumber, pageSize: 15, 'filters[userName]': 'QZEN' });
      const [first, second, beyond] = [await page(1), await page(2), await page(3)];
      expect([...names(first.body), ...names(second.body)]).toEqual(everyMatch);
      expect([first.body.totalCount, second.body.totalCount, beyond.body.totalCount]).toEqual([18, 18, 18]);
      expect(beyond.body.items).toEqual([]);
      // With a space the search matches the start of the full name, including the last name.
      const full = await list(sa, { trustCode: trust.trustCode, 'filters[userName]': 'cob qzenbyc' });
      expect([names(full.body), full.body.totalCount]).toEqual([['Cob Qzenbyc'], 1]);
      const withRole = await list(sa, {
        trustCode: trust.trustCode,
        'filters[userName]': 'qzen',
        'filters[assignedRoles]': 'cl',
      });
      expect(withRole.body.totalCount).toBe(9);
      expect(names(withRole.body)).toEqual(everyMatch.filter((name) => name.includes('Qzenby')));
    });
    it('pages a name search of one status across every trust, active and disabled names interleaved', async () => {
      const trust = await madeTrust();
      const people = Array.from({ length: 34 }, (_, i) => ({
        name: `Qzst${String(i).padStart(2, '0')} Tester`,
        status: i % 2,
        roles: (i % 4 < 2 ? ['cu'] : ['wa']) as RoleCode[],
      }));
      for (const { name, status, roles } of people)
        await user(trust.trustCode, { firstName: name.split(' ')[0]!, lastName: 'Tester', status, roles });
      const expected = (status: number, role?: RoleCode) =>
        people.filter((p) => p.status === status && (!role || p.roles.includes(role))).map((p) => p.name);
      const search = async (status: string, pageNumber: number, role?: RoleCode) => {
        const response = await list(sa, {
          pageNumber,
          pageSize: 15,
          'filters[userName]': 'QZST',
          'filters[status]': status,
          ...(role ? { 'filters[assignedRoles]': role } : {}),
        });
        expect(response.status).toBe(200);
        return { names: names(response.body), total: response.body.totalCount as number };
      };
      for (const status of [0, 1]) {
        const [first, second] = [await search(String(status), 1), await search(String(status), 2)];
        expect([...first.names, ...second.names]).toEqual(expected(status));
        expect([first.total, second.total]).toEqual([17, 17]);
      }
      const activeClerical = await search('1', 1, 'cu');
      expect(activeClerical).toEqual({ names: expected(1, 'cu'), total: expected(1, 'cu').length });
    });
    it('reads indexed and comma-separated role lists too', async () => {
      const indexed = await list(sa, {
        trustCode: code,
        'filters[assignedRoles][0]': 'cl',
        'filters[assignedRoles][1]': 'wa',
      });
      expect(names(indexed.body).sort()).toEqual(['Amir Khan', 'Carl O_Neil']);
      const comma = await list(sa, { trustCode: code, 'filters[assignedRoles]': 'cl,wa' });
      expect(comma.body.totalCount).toBe(2);
    });
    it('refuses unknown filters, unknown roles and a bad status (400 with the key)', async () => {
      const unknown = await list(sa, { 'filters[nickname]': 'x' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ 'filters[nickname]': ['Unknown filter'] });
      const role = await list(sa, { 'filters[assignedRoles][]': 'boss' });
      expect(role.status).toBe(400);
      expect((await list(sa, { 'filters[assignedRoles]': 'boss' })).status).toBe(400);
      expect((await list(sa, { 'filters[status]': 'yes' })).status).toBe(400);
    });
  });

  it('trust admins see their own trust, never super admins; super admins may hide them (hideSuperAdminRole)', async () => {
    const mine = await list(ta, { pageSize: 100 });
    expect(mine.status).toBe(200);
    expect(mine.body.items.every((u: { trustCode: string }) => u.trustCode === 'RAN')).toBe(true);
    const shown = names(mine.body);
    expect(shown).toContain('Tom Hughes');
    expect(shown).not.toContain('Priya Shah');
    expect(shown).not.toContain('Alex Taylor');
    expect(
      mine.body.items.some((u: { assignedRoles: { code: string }[] }) =>
        u.assignedRoles.some((r) => r.code === 'sa'),
      ),
    ).toBe(false);
    expect(mine.body.totalCount).toBe(mine.body.items.length);
    const all = await list(sa, { trustCode: 'RAN', pageSize: 100 });
    expect(names(all.body)).toContain('Priya Shah');
    const hidden = await list(sa, { trustCode: 'RAN', pageSize: 100, hideSuperAdminRole: '1' });
    expect(names(hidden.body)).not.toContain('Priya Shah');
    const superAdmins = await t.app.db.execute(
      sql`select count(*)::int as n from users u join user_roles r on r.user_id = u.id and r.role_code = 'sa' where u.trust_code = 'RAN'`,
    );
    const held = (superAdmins as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(held).toBeGreaterThanOrEqual(2);
    expect(hidden.body.totalCount).toBe(all.body.totalCount - held);
  });

  it('refuses trust admins another trust, by scope or by filter (403)', async () => {
    const other = await madeTrust();
    expect((await list(ta, { trustCode: other.trustCode })).status).toBe(403);
    expect((await list(ta, toBracketQuery({ trustCode: other.trustCode }))).status).toBe(403);
  });
});

describe('GET /api/users/{userId}/', () => {
  it('gives the user details of docs/requirements.md §2', async () => {
    const response = await sa.get(`/api/users/${demoUsers[6].id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      userId: demoUsers[6].id,
      userName: 'Chris Morgan',
      firstName: 'Chris',
      lastName: 'Morgan',
      email: 'chris.morgan@nhs.net',
      trustName: 'Royal National Orthopaedic Hospital NHS Trust',
      trustCode: 'RAN',
      assignedRoles: [
        { code: 'cu', name: 'Clerical User' },
        { code: 'cl', name: 'Clinician' },
      ],
      status: 1,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
  it('refuses trust admins a super admin of their own trust (403)', async () => {
    expect((await ta.get(`/api/users/${demoUsers[0].id}/`)).status).toBe(403);
    expect((await ta.get(`/api/users/${demoUsers[6].id}/`)).status).toBe(200);
  });
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await sa.get('/api/users/11111111-1111-4111-8111-111111111111/')).status).toBe(404);
    expect((await sa.get('/api/users/not-an-id/')).status).toBe(404);
  });
});

const newUser = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Nadia',
  lastName: 'Okafor',
  email: uniqueEmail('nadia'),
  trustCode: 'RAN',
  roles: [{ code: 'cu' }, { code: 'cl' }],
  ...extra,
});

describe('POST /api/users/', () => {
  it('creates the user (201), who can then call the API, and logs it', async () => {
    const body = newUser({ firstName: '  Nadia ', email: ` ${uniqueEmail('Nadia.Okafor')} ` });
    const response = await sa.post('/api/users/', body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      userName: 'Nadia Okafor',
      firstName: 'Nadia',
      email: (body.email as string).trim(),
      trustCode: 'RAN',
      status: 1,
      assignedRoles: [
        { code: 'cu', name: 'Clerical User' },
        { code: 'cl', name: 'Clinician' },
      ],
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me/',
      headers: bearer(await t.tokenFor(response.body.userId)),
    });
    expect(me.statusCode).toBe(200);
    const [logged] = await t.app.db
      .select()
      .from(changeLog)
      .where(eq(changeLog.entityId, response.body.userId));
    expect(logged).toMatchObject({
      createdBy: 'Priya Shah',
      trustCode: 'RAN',
      trustName: 'Royal National Orthopaedic Hospital NHS Trust',
      action: 'Created user Nadia Okafor',
      audience: 'trust',
    });
    expect(logged!.changes).toEqual({
      firstName: { before: null, after: 'Nadia' },
      lastName: { before: null, after: 'Okafor' },
      email: { before: null, after: (body.email as string).trim() },
      trustCode: { before: null, after: 'RAN' },
      status: { before: null, after: 1 },
      roles: { before: null, after: ['cu', 'cl'] },
    });
  });

  it('answers 409 with the spec message for a taken e-mail, in any case', async () => {
    const response = await sa.post('/api/users/', newUser({ email: 'PRIYA.SHAH@nhs.net' }));
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe(messages.userExists);
  });

  it.each([
    [
      { firstName: '', lastName: '' },
      { firstName: [messages.firstAndLastNameBlank], lastName: [messages.firstAndLastNameBlank] },
    ],
    [{ firstName: '  ' }, { firstName: [messages.firstNameBlank] }],
    [{ lastName: '' }, { lastName: [messages.lastNameBlank] }],
    [{ email: '' }, { email: [messages.emailBlank] }],
    [{ email: 'nadia@gmail.com' }, { email: [invalidNhsEmailMessage()] }],
    [{ email: 'nadia@nhs.net.example.com' }, { email: [invalidNhsEmailMessage()] }],
    [{ email: 'nadia' }, { email: [invalidNhsEmailMessage()] }],
    [{ firstName: 'x'.repeat(51) }, { firstName: [adminMessages.firstNameTooLong] }],
    [{ lastName: 'x'.repeat(51) }, { lastName: [adminMessages.lastNameTooLong] }],
    [{ roles: [] }, { roles: [adminMessages.selectRole] }],
    [{ trustCode: '' }, { trustCode: [adminMessages.selectTrust] }],
  ])('refuses %j with the field messages of docs/requirements.md §5', async (change, errors) => {
    const response = await sa.post('/api/users/', newUser(change));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
  });

  it('accepts any .nhs.uk address and exactly 50-character names', async () => {
    const response = await sa.post(
      '/api/users/',
      newUser({ email: uniqueEmail('x').replace('@nhs.net', '@RNOH.NHS.UK'), firstName: 'x'.repeat(50) }),
    );
    expect(response.status).toBe(201);
  });

  it('refuses unknown roles and fields it does not take (mass assignment)', async () => {
    expect((await sa.post('/api/users/', newUser({ roles: [{ code: 'boss' }] }))).status).toBe(400);
    expect((await sa.post('/api/users/', newUser({ status: 0 }))).status).toBe(400);
    expect(
      (await sa.post('/api/users/', newUser({ id: '11111111-1111-4111-8111-111111111111' }))).status,
    ).toBe(400);
    expect((await sa.post('/api/users/', newUser({ roles: [{ code: 'cu', name: 'x' }] }))).status).toBe(400);
  });

  it('refuses a trust that does not exist (400)', async () => {
    const response = await sa.post('/api/users/', newUser({ trustCode: 'NOPE1' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ trustCode: [adminMessages.trustNotFound] });
  });

  it('lets trust admins add users to their own trust but not grant Super Admin (403)', async () => {
    expect((await ta.post('/api/users/', newUser({ roles: [{ code: 'ta' }] }))).status).toBe(201);
    const refused = await ta.post('/api/users/', newUser({ roles: [{ code: 'sa' }] }));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(adminMessages.superAdminRoleRefused);
  });

  it('logs a new super admin where trust admins cannot read it', async () => {
    const response = await sa.post('/api/users/', newUser({ roles: [{ code: 'sa' }] }));
    expect(response.status).toBe(201);
    const [logged] = await t.app.db
      .select()
      .from(changeLog)
      .where(eq(changeLog.entityId, response.body.userId));
    expect(logged!.audience).toBe('super-admin');
  });
});

describe('PUT /api/users/{userId}/', () => {
  const updateOf = async (userId: string, change: Record<string, unknown> = {}) => {
    const current = (await sa.get(`/api/users/${userId}/`)).body;
    return {
      firstName: current.firstName,
      lastName: current.lastName,
      email: current.email,
      trustCode: current.trustCode,
      status: current.status,
      roles: current.assignedRoles.map((r: { code: string }) => ({ code: r.code })),
      ...change,
    };
  };

  it('changes names, status and roles, and logs only what changed', async () => {
    const target = await user('RAN', { firstName: 'Old', lastName: 'Name', roles: ['cu'] });
    const response = await sa.put(
      `/api/users/${target.id}/`,
      await updateOf(target.id, { firstName: 'New', roles: [{ code: 'cl' }, { code: 'cu' }] }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userName: `New ${target.lastName}`,
      assignedRoles: [{ code: 'cu' }, { code: 'cl' }],
    });
    const [logged] = await t.app.db.select().from(changeLog).where(eq(changeLog.entityId, target.id));
    expect(logged!.action).toBe(`Updated user New ${target.lastName}`);
    expect(logged!.changes).toEqual({
      firstName: { before: 'Old', after: 'New' },
      roles: { before: ['cu'], after: ['cu', 'cl'] },
    });
  });

  it('disabling a user refuses them at their next call', async () => {
    const target = await user('RAN', { roles: ['cl'] });
    const token = await t.tokenFor(target.id);
    const me = () => t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect((await ta.put(`/api/users/${target.id}/`, await updateOf(target.id, { status: 0 }))).status).toBe(
      200,
    );
    expect((await me()).statusCode).toBe(403);
  });

  it('keeps the e-mail address (400 when changed)', async () => {
    const target = await user('RAN');
    const response = await sa.put(
      `/api/users/${target.id}/`,
      await updateOf(target.id, { email: uniqueEmail() }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: [adminMessages.emailCannotChange] });
    const recased = await sa.put(
      `/api/users/${target.id}/`,
      await updateOf(target.id, { email: target.email.toUpperCase() }),
    );
    expect(recased.status).toBe(200);
  });

  it('refuses blank names with the spec messages', async () => {
    const target = await user('RAN');
    const response = await sa.put(
      `/api/users/${target.id}/`,
      await updateOf(target.id, { firstName: '', lastName: '' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors.firstName).toEqual([messages.firstAndLastNameBlank]);
  });

  it('lets super admins move a user to another trust; trust admins may not (403)', async () => {
    const other = await madeTrust();
    const target = await user('RAN');
    expect(
      (await ta.put(`/api/users/${target.id}/`, await updateOf(target.id, { trustCode: other.trustCode })))
        .status,
    ).toBe(403);
    const moved = await sa.put(
      `/api/users/${target.id}/`,
      await updateOf(target.id, { trustCode: other.trustCode }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ trustCode: other.trustCode, trustName: other.trustName });
  });

  it('refuses trust admins a super admin, and granting or keeping Super Admin (403)', async () => {
    const boss = await user('RAN', { roles: ['sa'] });
    const body = await updateOf(boss.id, { status: 0 });
    expect((await ta.put(`/api/users/${boss.id}/`, body)).status).toBe(403);
    const plain = await user('RAN', { roles: ['cu'] });
    expect(
      (await ta.put(`/api/users/${plain.id}/`, await updateOf(plain.id, { roles: [{ code: 'sa' }] }))).status,
    ).toBe(403);
    expect(
      (await sa.put(`/api/users/${plain.id}/`, await updateOf(plain.id, { roles: [{ code: 'sa' }] }))).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await sa.put('/api/users/11111111-1111-4111-8111-111111111111/', newUser({ status: 1 }));
    expect(response.status).toBe(404);
  });
});

describe('users.role_codes (decision 0011: a trigger-kept copy of user_roles)', () => {
  const rolesOf = async (userId: string) => {
    const result = await t.app.db.execute(
      sql`select u.role_codes as copied, u.role_mask as mask,
            coalesce((select array_agg(r.role_code order by r.role_code collate "C") from user_roles r where r.user_id = u.id), '{}'::text[]) as held
          from users u where u.id = ${userId}`,
    );
    const { mask, ...roles } = (
      result as unknown as { rows: { copied: string[]; held: string[]; mask: number }[] }
    ).rows[0]!;
    // role_mask (migration 0006) holds the same roles as bits.
    expect(mask).toBe(roles.held.reduce((bits, code) => bits | roleMaskBits[code as RoleCode], 0));
    return roles;
  };

  it('matches user_roles after create, update, role removal and a direct change', async () => {
    const created = await user('RAN', { roles: ['cu', 'cl'] });
    expect(await rolesOf(created.id)).toEqual({ copied: ['cl', 'cu'], held: ['cl', 'cu'] });

    const current = (await sa.get(`/api/users/${created.id}/`)).body;
    const put = (roles: string[]) =>
      sa.put(`/api/users/${created.id}/`, {
        firstName: current.firstName,
        lastName: current.lastName,
        email: current.email,
        trustCode: current.trustCode,
        status: current.status,
        roles: roles.map((code) => ({ code })),
      });
    expect((await put(['ta', 'wa', 'cu'])).status).toBe(200);
    expect(await rolesOf(created.id)).toEqual({ copied: ['cu', 'ta', 'wa'], held: ['cu', 'ta', 'wa'] });
    expect((await put(['wa'])).status).toBe(200);
    expect(await rolesOf(created.id)).toEqual({ copied: ['wa'], held: ['wa'] });

    await t.app.db.execute(sql`update user_roles set role_code = 'cl' where user_id = ${created.id}`);
    expect(await rolesOf(created.id)).toEqual({ copied: ['cl'], held: ['cl'] });
    await t.app.db.execute(sql`delete from user_roles where user_id = ${created.id}`);
    expect(await rolesOf(created.id)).toEqual({ copied: [], held: [] });
  });

  it('filters by role and hides super admins from the copy, with the same totals', async () => {
    const trust = await madeTrust();
    await user(trust.trustCode, { firstName: 'Rolecopy', lastName: 'One', roles: ['cu'] });
    await user(trust.trustCode, { firstName: 'Rolecopy', lastName: 'Two', roles: ['cl', 'wa'] });
    await user(trust.trustCode, { firstName: 'Rolecopy', lastName: 'Three', roles: ['sa', 'cu'] });
    const byRole = await list(sa, {
      trustCode: trust.trustCode,
      'filters[userName]': 'rolecopy',
      'filters[assignedRoles]': 'cu,wa',
      hideSuperAdminRole: '1',
    });
    expect(byRole.status).toBe(200);
    expect(names(byRole.body)).toEqual(['Rolecopy One', 'Rolecopy Two']);
    expect(byRole.body.totalCount).toBe(2);
    expect(byRole.body.items[1].assignedRoles.map((r: { code: string }) => r.code)).toEqual(['cl', 'wa']);
  });
});
