import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';

export interface DevelopmentSecrets {
  signingKey: JWK;
  publicKey: JWK;
  cookieSecret: string;
}

const settingKey = 'development-identity-provider';

/** Kept in the database so that sign-ins survive a restart of the embedded default. */
export async function loadDevelopmentSecrets(db: Db): Promise<DevelopmentSecrets> {
  const [existing] = await db.select().from(appSettings).where(eq(appSettings.key, settingKey)).limit(1);
  let stored = existing?.value as { signingKey: JWK; cookieSecret: string } | undefined;
  if (!stored) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const signingKey = {
      ...(await exportJWK(privateKey)),
      alg: 'RS256',
      use: 'sig',
      kid: crypto.randomUUID(),
    };
    const candidate = { signingKey, cookieSecret: crypto.randomBytes(32).toString('base64url') };
    await db.insert(appSettings).values({ key: settingKey, value: candidate }).onConflictDoNothing();
    // Another process may have won the race: read back what is stored.
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, settingKey)).limit(1);
    stored = row!.value as typeof candidate;
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicKey } = stored.signingKey;
  return { signingKey: stored.signingKey, publicKey, cookieSecret: stored.cookieSecret };
}
