import { sql } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { roleNames, type RoleCode } from '@esr/contracts/roles';
import type { Identity } from '../../platform/config.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { PrincipalCache } from './principal-cache.js';
import { integrationPrincipal, type Principal } from './principal.js';

export { principalName, type Principal } from './principal.js';
import { HttpError, forbidden, unauthorized } from '../../platform/errors.js';

/** The signed-in user as every service sees them. */
// Asymmetric algorithms only; `none` and HMAC are never accepted (security baseline, ASVS 9.1).
const allowedAlgorithms = ['RS256', 'PS256', 'ES256'];

export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

/** Verified tokens are cached until they expire: verification is the costliest step of a call. */
class VerifiedTokenCache {
  private readonly entries = new Map<string, JWTPayload>();
  constructor(private readonly limit = 10_000) {}
  get(token: string): JWTPayload | undefined {
    const payload = this.entries.get(token);
    if (payload && (payload.exp ?? 0) * 1000 <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return payload;
  }
  set(token: string, payload: JWTPayload) {
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, payload);
  }
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery failed for ${issuer}: HTTP ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: string };
  if (!document.jwks_uri) throw new Error(`OIDC discovery for ${issuer} has no jwks_uri`);
  return document.jwks_uri;
}

export function createTokenVerifier(identity: Identity, developmentPublicKey?: JWK): TokenVerifier {
  const cache = new VerifiedTokenCache();
  let keys: JWTVerifyGetKey | undefined =
    identity.kind === 'development' ? createLocalJWKSet({ keys: [developmentPublicKey!] }) : undefined;
  const getKeys = async (): Promise<JWTVerifyGetKey> => {
    if (!keys) {
      const external = identity.kind === 'external' ? identity : undefined;
      const jwksUri =
        external?.jwksUri ??
        (external?.provider === 'entra'
          ? 'https://login.microsoftonline.com/common/discovery/v2.0/keys'
          : await discoverJwksUri(identity.issuer));
      keys = createRemoteJWKSet(new URL(jwksUri));
    }
    return keys;
  };

  return {
    async verify(token) {
      const cached = cache.get(token);
      if (cached) return cached;
      let payload: JWTPayload;
      try {
        const isEntra = identity.kind === 'external' && identity.provider === 'entra';
        const result = await jwtVerify(token, await getKeys(), {
          algorithms: allowedAlgorithms,
          audience: identity.audience,
          // Entra ID multi-tenant: the issuer names the tenant; checked against `tid` below.
          ...(isEntra ? {} : { issuer: identity.issuer, typ: 'at+jwt' }),
          requiredClaims: ['exp', 'sub'],
        });
        payload = result.payload;
        if (isEntra) {
          const tid = typeof payload.tid === 'string' ? payload.tid : '';
          if (!tid || payload.iss !== `https://login.microsoftonline.com/${tid}/v2.0`) {
            throw unauthorized('The access token was not issued by a Microsoft Entra ID tenant');
          }
        }
        if (identity.kind === 'external' && identity.provider === 'cis2' && identity.acrValues) {
          const accepted = identity.acrValues.split(/\s+/);
          if (typeof payload.acr !== 'string' || !accepted.includes(payload.acr)) {
            throw unauthorized('The sign-in did not meet the required authentication assurance level');
          }
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw unauthorized('The access token has expired');
        if (error instanceof joseErrors.JOSEError) throw unauthorized('The access token is not valid');
        throw error;
      }
      cache.set(token, payload);
      return payload;
    },
  };
}

interface PrincipalRow extends Record<string, unknown> {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  user_status: number;
  trust_code: string;
  trust_name: string;
  trust_status: number;
  roles: string[] | null;
  identity_subject: string | null;
}

const principalColumns = sql`u.id as user_id, u.first_name, u.last_name, u.email, u.status as user_status,
  u.identity_subject, t.trust_code, t.trust_name, t.status as trust_status,
  (select array_agg(ur.role_code order by ur.role_code) from user_roles ur where ur.user_id = u.id) as roles`;

function toPrincipal(row: PrincipalRow | undefined): Principal {
  // docs/requirements.md §4: unknown, disabled and role-less users are refused (403 → /unauthorized).
  if (!row) throw forbidden('You are not registered to use this service');
  if (row.user_status !== 1) throw forbidden('Your account is disabled');
  if (row.trust_status !== 1) throw forbidden('Your trust is disabled');
  const roles = (row.roles ?? []).filter((code): code is RoleCode => code in roleNames);
  if (roles.length === 0) throw forbidden('You have no role in this service');
  return {
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    trustCode: row.trust_code,
    trustName: row.trust_name,
    roles,
  };
}

/**
 * Finds the user a verified token speaks for. The development provider's subject is our user id.
 * External providers: the user is bound to (issuer or tenant, subject) on first sign-in, matched
 * by e-mail inside the trust that owns the tenant (Entra), and by that binding afterwards
 * (security baseline: e-mail alone can be spoofed across tenants).
 */
export async function resolvePrincipal(
  db: Db,
  identity: Identity,
  payload: JWTPayload,
  cache?: PrincipalCache,
): Promise<Principal> {
  const isEntra = identity.kind === 'external' && identity.provider === 'entra';
  const issuerKey =
    identity.kind === 'development'
      ? 'development'
      : isEntra
        ? `entra:${String(payload.tid)}`
        : String(payload.iss);
  const client = applicationClientOf(identity, payload);
  if (client !== null) {
    const clientKey = `client|${issuerKey}|${client}`;
    const cachedClient = cache?.get(clientKey);
    if (cachedClient) return cachedClient;
    const principal = await resolveIntegrationClient(db, client, issuerKey);
    cache?.set(clientKey, principal);
    return principal;
  }
  const subject = isEntra ? String(payload.oid ?? payload.sub) : String(payload.sub);
  const cacheKey = `${issuerKey}|${subject}`;
  const cached = cache?.get(cacheKey);
  if (cached) return cached;
  const principal = await lookUpPrincipal(db, identity, issuerKey, subject, payload);
  cache?.set(cacheKey, principal);
  return principal;
}

/**
 * The client an application's own token (OAuth 2.0 client credentials) was issued to, or null for
 * a token issued to a person. Such a token's subject is the client itself (RFC 9068, as the
 * development provider issues them); Entra ID marks its app-only tokens with `idtyp: app` where
 * that optional claim is on, and gives them application roles and no delegated `scp` always.
 */
export function applicationClientOf(identity: Identity, payload: JWTPayload): string | null {
  const client = [payload.client_id, payload.azp, payload.appid].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  if (client === undefined) return null;
  if (payload.sub === client || payload.idtyp === 'app') return client;
  const isEntra = identity.kind === 'external' && identity.provider === 'entra';
  if (isEntra && payload.scp === undefined && Array.isArray(payload.roles)) return client;
  return null;
}

interface IntegrationClientRow extends Record<string, unknown> {
  id: string;
  name: string;
  status: number;
  trust_code: string;
  trust_name: string;
  trust_status: number;
}

/**
 * An integration client registered with this client id (decision 0047), acting for its one trust:
 * for the issuer that signed its token, or (the MLLP listener, whose messages carry no token) the
 * one registered with that id. Refused when unknown, disabled, or its trust is.
 */
export async function resolveIntegrationClient(
  db: Db,
  clientId: string,
  issuerKey?: string,
): Promise<Principal> {
  const rows = await queryRows<IntegrationClientRow>(
    db,
    sql`select c.id, c.name, c.status, t.trust_code, t.trust_name, t.status as trust_status
        from integration_clients c join trusts t on t.trust_code = c.trust_code
        where c.client_id = ${clientId} ${issuerKey === undefined ? sql`` : sql`and c.issuer = ${issuerKey}`}`,
  );
  const row = rows.length === 1 ? rows[0] : undefined;
  if (!row) throw forbidden('This client is not registered to use this service');
  if (row.status !== 1) throw forbidden('This client is disabled');
  if (row.trust_status !== 1) throw forbidden('The client’s trust is disabled');
  return integrationPrincipal({
    id: row.id,
    name: row.name,
    trustCode: row.trust_code,
    trustName: row.trust_name,
  });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lookUpPrincipal(
  db: Db,
  identity: Identity,
  issuerKey: string,
  subject: string,
  payload: JWTPayload,
): Promise<Principal> {
  if (identity.kind === 'development') {
    if (!uuidPattern.test(subject)) throw forbidden('You are not registered to use this service');
    const rows = await queryRows<PrincipalRow>(
      db,
      sql`select ${principalColumns} from users u join trusts t on t.trust_code = u.trust_code where u.id = ${subject}::uuid`,
    );
    return toPrincipal(rows[0]);
  }
  const isEntra = identity.provider === 'entra';
  const bound = await queryRows<PrincipalRow>(
    db,
    sql`select ${principalColumns} from users u join trusts t on t.trust_code = u.trust_code
        where u.identity_issuer = ${issuerKey} and u.identity_subject = ${subject}`,
  );
  if (bound[0]) return toPrincipal(bound[0]);

  const email = [payload.email, payload.preferred_username, payload.upn].find(
    (value): value is string => typeof value === 'string' && value.includes('@'),
  );
  if (!email) throw forbidden('You are not registered to use this service');
  const tenantCondition = isEntra
    ? sql`and t.trust_tenant_id = ${String(payload.tid)} and t.status = 1`
    : sql``;
  const candidates = await queryRows<PrincipalRow>(
    db,
    sql`select ${principalColumns} from users u join trusts t on t.trust_code = u.trust_code
        where lower(u.email) = lower(${email}) and u.identity_subject is null ${tenantCondition}`,
  );
  const candidate = candidates[0];
  if (!candidate) throw forbidden('You are not registered to use this service');
  await db.execute(
    sql`update users set identity_issuer = ${issuerKey}, identity_subject = ${subject}, updated_at = now()
        where id = ${candidate.user_id} and identity_subject is null`,
  );
  return toPrincipal(candidate);
}
