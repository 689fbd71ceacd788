import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoUsers } from '../../platform/db/seed.js';
import { trusts } from '../../platform/db/schema.js';
import { bearer, createTestApp, unsignedToken, type TestApp } from '../../test/helper.js';
import { createTrust, createUser, setUserStatus } from '../../test/factories/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const getMe = async (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/me/', headers });

describe('GET /api/me/', () => {
  it.each(demoUsers.map((u) => [`${u.firstName} ${u.lastName}`, u] as const))(
    'returns %s with roles and trust',
    async (_name, user) => {
      const response = await getMe(bearer(await t.tokenFor(user.id)));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.name).toBe(`${user.firstName} ${user.lastName}`);
      expect(body.roles.map((r: { code: string }) => r.code).sort()).toEqual([...user.roles].sort());
      expect(body.roles.every((r: { name: string }) => r.name.length > 0)).toBe(true);
      expect(body.trust).toEqual({ code: 'RAN', name: 'Royal National Orthopaedic Hospital NHS Trust' });
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers with or without the trailing slash', async () => {
    const token = await t.tokenFor(demoUsers[0].id);
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
  });

  describe('refuses tokens (401)', () => {
    const user = demoUsers[3];
    it('without a token', async () => {
      const response = await getMe();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication required' });
    });
    it('with a malformed authorization header', async () => {
      expect((await getMe({ authorization: 'Basic abc' })).statusCode).toBe(401);
      expect((await getMe({ authorization: 'Bearer not-a-jwt' })).statusCode).toBe(401);
    });
    it('expired', async () => {
      const response = await getMe(bearer(await t.tokenFor(user.id, { expiresInSeconds: -60 })));
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('The access token has expired');
    });
    it('wrongly signed', async () => {
      expect((await getMe(bearer(await t.tokenFor(user.id, { signWith: 'foreign-key' })))).statusCode).toBe(
        401,
      );
    });
    it('for another audience', async () => {
      expect(
        (await getMe(bearer(await t.tokenFor(user.id, { audience: 'api://someone-else' })))).statusCode,
      ).toBe(401);
    });
    it('from another issuer', async () => {
      expect(
        (await getMe(bearer(await t.tokenFor(user.id, { issuer: 'https://evil.example/oidc' })))).statusCode,
      ).toBe(401);
    });
    it('that is not an access token (typ)', async () => {
      expect((await getMe(bearer(await t.tokenFor(user.id, { typ: 'JWT' })))).statusCode).toBe(401);
    });
    it('with alg none', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = unsignedToken({
        sub: user.id,
        iss: t.config.identity.issuer,
        aud: t.config.identity.audience,
        iat: now,
        exp: now + 600,
      });
      expect((await getMe(bearer(token))).statusCode).toBe(401);
    });
  });

  describe('refuses users (403)', () => {
    it('unknown to the service', async () => {
      const response = await getMe(bearer(await t.tokenFor('11111111-1111-4111-8111-111111111111')));
      expect(response.statusCode).toBe(403);
    });
    it('disabled', async () => {
      const user = await createUser(t.app.db, { trustCode: 'RAN', roles: ['cl'] });
      const token = await t.tokenFor(user.id);
      expect((await getMe(bearer(token))).statusCode).toBe(200);
      await setUserStatus(t.app.db, user.id, 0);
      const response = await getMe(bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('Your account is disabled');
    });
    it('without roles', async () => {
      const user = await createUser(t.app.db, { trustCode: 'RAN', roles: [] });
      const response = await getMe(bearer(await t.tokenFor(user.id)));
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('You have no role in this service');
    });
    it('of a disabled trust', async () => {
      const trust = await createTrust(t.app.db);
      const user = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
      const token = await t.tokenFor(user.id);
      expect((await getMe(bearer(token))).statusCode).toBe(200);
      await t.app.db.update(trusts).set({ status: 0 }).where(eq(trusts.trustCode, trust.trustCode));
      expect((await getMe(bearer(token))).statusCode).toBe(403);
    });
  });
});
