import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { trusts, users } from '../../platform/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { removeTrusts } from '../../test/factories/trusts.js';

// Microsoft Entra ID multi-tenant sign-in (docs/identity.md, security baseline): the keys come from a
// local JWKS server standing in for login.microsoftonline.com.
const audience = 'api://esr-entra-test';
let keyServer: http.Server;
let privateKey: CryptoKey;
let t: TestApp;
const tenant = crypto.randomUUID();
const otherTenant = crypto.randomUUID();
let trustCode: string;
let email: string;
let userId: string;

function entraToken(claims: { tid: string; oid: string; email?: string; iss?: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tid: claims.tid, oid: claims.oid, preferred_username: claims.email, ver: '2.0' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'entra-test' })
    .setIssuer(claims.iss ?? `https://login.microsoftonline.com/${claims.tid}/v2.0`)
    .setAudience(audience)
    .setSubject(crypto.randomUUID())
    .setIssuedAt(now - 5)
    .setExpirationTime(now + 600)
    .sign(privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwks = {
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'entra-test', alg: 'RS256', use: 'sig' }],
  };
  keyServer = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks)),
  );
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  const { port } = keyServer.address() as AddressInfo;
  t = await createTestApp({
    OIDC_PROVIDER: 'entra',
    OIDC_ISSUER: 'https://login.microsoftonline.com/organizations/v2.0',
    OIDC_AUDIENCE: audience,
    OIDC_CLIENT_ID: 'entra-test-client',
    OIDC_JWKS_URI: `http://127.0.0.1:${port}/keys`,
  });
  const trust = await createTrust(t.app.db, { trustTenantId: tenant });
  trustCode = trust.trustCode;
  const user = await createUser(t.app.db, { trustCode, roles: ['cl'] });
  email = user.email;
  userId = user.id;
});

afterAll(async () => {
  if (t && trustCode) await removeTrusts(t.app.db, [trustCode]);
  await t?.close();
  keyServer?.close();
});

const me = async (token: string) => t.app.inject({ url: '/api/me/', headers: bearer(token) });

describe('Microsoft Entra ID multi-tenant sign-in', () => {
  it('does not mount the development provider', async () => {
    expect((await t.app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  it('binds the user to tenant and object id on first sign-in, matched by e-mail inside the trust’s tenant', async () => {
    const oid = crypto.randomUUID();
    const response = await me(await entraToken({ tid: tenant, oid, email: email.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().trust.code).toBe(trustCode);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ identityIssuer: `entra:${tenant}`, identitySubject: oid });

    // Afterwards the binding decides, whatever e-mail the token carries.
    expect((await me(await entraToken({ tid: tenant, oid, email: 'someone.else@nhs.net' }))).statusCode).toBe(
      200,
    );
  });

  it('refuses another account of the same tenant claiming the bound user’s e-mail', async () => {
    const response = await me(await entraToken({ tid: tenant, oid: crypto.randomUUID(), email }));
    expect(response.statusCode).toBe(403);
  });

  it('refuses a tenant that belongs to no active trust, even with a registered e-mail', async () => {
    const other = await createUser(t.app.db, { trustCode, roles: ['cu'] });
    const response = await me(
      await entraToken({ tid: otherTenant, oid: crypto.randomUUID(), email: other.email }),
    );
    expect(response.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.identitySubject).toBeNull();
  });

  it('refuses a token whose issuer does not name its tenant', async () => {
    const token = await entraToken({
      tid: tenant,
      oid: crypto.randomUUID(),
      email,
      iss: `https://login.microsoftonline.com/${otherTenant}/v2.0`,
    });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses everyone of a trust once it is disabled', async () => {
    const oid = (await t.app.db.select().from(users).where(eq(users.id, userId)))[0]!.identitySubject!;
    await t.app.db.update(trusts).set({ status: 0 }).where(eq(trusts.trustCode, trustCode));
    expect((await me(await entraToken({ tid: tenant, oid, email }))).statusCode).toBe(403);
    await t.app.db.update(trusts).set({ status: 1 }).where(eq(trusts.trustCode, trustCode));
  });
});
