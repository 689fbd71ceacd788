import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair, importJWK, type JWK } from 'jose';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../platform/config.js';
import { loadDevelopmentSecrets } from '../modules/identity/index.js';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** A valid development access token for a user id, with optional claim overrides. */
  tokenFor(userId: string, overrides?: TokenOverrides): Promise<string>;
  close(): Promise<void>;
}

export interface TokenOverrides {
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
  typ?: string;
  signWith?: 'foreign-key';
  /** The `client_id` claim: an integration client's own token has its client id as the subject too. */
  clientId?: string;
}

/**
 * Boots the real app against a real database: PostgreSQL when DATABASE_URL is set (CI runs
 * both), otherwise an in-memory PGlite (docs/architecture.md, Conventions: API integration tests).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO_DATA: 'true',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  // A seeded in-memory database starts as the one archived by embedded-template.ts.
  const template =
    config.database.kind === 'pglite' && config.database.dataDir === 'memory://' && config.seedDemoData
      ? inject('embeddedTemplate')
      : '';
  const app = await buildApp(config, {
    logger: false,
    ...(template ? { embeddedStartFrom: template } : {}),
    ...options,
  });
  await app.ready();
  const secrets = await loadDevelopmentSecrets(app.db);
  const key = await importJWK(secrets.signingKey, 'RS256');
  const foreign = await generateKeyPair('RS256');
  const identity = config.identity;

  return {
    app,
    config,
    async tokenFor(userId, overrides = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        client_id: overrides.clientId ?? identity.clientId,
        scope: 'openid profile email',
      })
        .setProtectedHeader({
          alg: 'RS256',
          typ: overrides.typ ?? 'at+jwt',
          kid: (secrets.signingKey as JWK).kid!,
        })
        .setIssuer(overrides.issuer ?? identity.issuer)
        .setAudience(overrides.audience ?? identity.audience)
        .setSubject(userId)
        .setJti(crypto.randomUUID())
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (overrides.expiresInSeconds ?? 600))
        .sign(overrides.signWith === 'foreign-key' ? foreign.privateKey : key);
    },
    close: () => app.close(),
  };
}

/** An unsigned `alg: none` token, which must always be refused. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode(claims)}.`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
