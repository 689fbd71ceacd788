import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  integrationClientMessages,
  issuerNotAcceptedMessage,
  registeredHereMessage,
  type IntegrationClient,
} from '@esr/contracts/integration-clients';
import { hostileTextMessages } from '../../../platform/http/hostile-text.js';
import { queryRows } from '../../../platform/db/client.js';
import { clientFor } from '../../../test/admin-client.js';
import { createTrust, createUser } from '../../../test/factories/users.js';
import { removeTrusts } from '../../../test/factories/trusts.js';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.js';

/**
 * The client ID a trust admin registers (docs/decisions/0065-client-ids-as-providers-issue-them.md):
 * taken in the forms identity providers issue, refused with one message under the field when blank,
 * with a space, too long or with a character no provider issues, refused 400 (never 500) when it is
 * text the database cannot hold, and 409 when it is registered already, even for two registrations
 * at once. Neither the refusals nor the registrations write the client ID to the server's log.
 */

let t: TestApp;
let trust: { trustCode: string; trustName: string };
let ta: ReturnType<typeof clientFor>;
const logLines: string[] = [];

const unique = () => crypto.randomBytes(4).toString('hex');
const base = () => `/api/trusts/${trust.trustCode}/integration-clients`;
const register = (clientId: unknown, issuer = 'development') =>
  ta.post(base(), { name: 'Pathology', issuer, clientId });
const registrationsOf = async (clientId: string) =>
  (
    await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from integration_clients where client_id = ${clientId}`,
    )
  )[0]?.n;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  trust = await createTrust(t.app.db);
  const admin = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['ta'] });
  ta = clientFor(t, await t.tokenFor(admin.id));
});

afterAll(async () => {
  if (t && trust) {
    await t.app.db.execute(sql`delete from received_lab_results where trust_code = ${trust.trustCode}`);
    await t.app.db.execute(sql`delete from integration_messages where trust_code = ${trust.trustCode}`);
    await t.app.db.execute(sql`delete from integration_clients where trust_code = ${trust.trustCode}`);
    await removeTrusts(t.app.db, [trust.trustCode]);
  }
  await t?.close();
});

describe('the client IDs providers issue', () => {
  it('registers a GUID, a Keycloak name, a URI and one of 255 characters', async () => {
    const tag = unique();
    for (const clientId of [
      crypto.randomUUID(),
      `pas_interface.v2-${tag}`,
      `https://lab.example.nhs.uk/clients/${tag}`,
      `urn:nhs:${tag}:rhapsody@ran~1`,
      `${tag}${'c'.repeat(255 - tag.length)}`,
    ]) {
      const response = await register(clientId);
      expect(response.status, `${clientId}: ${JSON.stringify(response.body)}`).toBe(201);
      expect((response.body as IntegrationClient).clientId).toBe(clientId);
    }
  });

  it('takes the token of a client registered by a URI, matched character for character', async () => {
    const clientId = `https://lab.example.nhs.uk/clients/${unique()}`;
    expect((await register(clientId)).status).toBe(201);
    const token = await t.tokenFor(clientId, { clientId });
    const response = await t.app.inject({
      method: 'POST',
      url: '/hl7/v2',
      headers: { ...bearer(token), 'content-type': 'application/hl7-v2' },
      payload: 'MSH|^~\\&|WINPATH|LAB|ESR|TRUST|20261125101500||ORU^R01|U1|P|2.4',
    });
    // Known and allowed: the message, which carries no results, is acknowledged.
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toMatch(/MSA\|AA\|U1\|/);
  });
});

describe('a client ID that cannot be one', () => {
  it('answers 400 with one message under the client ID, and registers nothing', async () => {
    const tag = unique();
    const cases: [string, string][] = [
      ['', integrationClientMessages.clientIdRequired],
      ['   ', integrationClientMessages.clientIdRequired],
      [`ran theatres ${tag}`, integrationClientMessages.clientIdSpaces],
      [`ran\u00a0theatres-${tag}`, integrationClientMessages.clientIdSpaces],
      [`ran-theatres-${tag}\tx`, integrationClientMessages.clientIdSpaces],
      [`ran-theatres-${tag}\nx`, integrationClientMessages.clientIdSpaces],
      [`c${'c'.repeat(255)}`, integrationClientMessages.clientIdTooLong],
      [`ran#theatres-${tag}`, integrationClientMessages.clientIdCharacters],
      [`pathologie-é-${tag}`, integrationClientMessages.clientIdCharacters],
      [`"ran-theatres-${tag}"`, integrationClientMessages.clientIdCharacters],
    ];
    for (const [clientId, message] of cases) {
      const response = await register(clientId);
      expect(response.status, JSON.stringify(clientId)).toBe(400);
      expect(response.body.errors, JSON.stringify(clientId)).toEqual({ clientId: [message] });
      expect(Number(await registrationsOf(clientId.trim()))).toBe(0);
    }
    expect((await register(undefined)).body.errors).toEqual({
      clientId: [integrationClientMessages.clientIdRequired],
    });
  });

  it('answers 400, never 500, to a NUL, a lone surrogate and 100,000 characters, at once', async () => {
    const started = performance.now();
    const cases: [string, string][] = [
      [`lab\u0000${unique()}`, hostileTextMessages.nul],
      [`lab\ud800${unique()}`, hostileTextMessages.surrogate],
      ['a'.repeat(100_000), integrationClientMessages.clientIdTooLong],
      [`${'a'.repeat(99_999)} `, integrationClientMessages.clientIdTooLong],
      [`x${' '.repeat(99_998)}x`, integrationClientMessages.clientIdTooLong],
      [' '.repeat(100_000), integrationClientMessages.clientIdRequired],
    ];
    for (const [clientId, message] of cases) {
      const response = await register(clientId);
      expect(response.status, clientId.slice(0, 10)).toBe(400);
      expect(response.body.errors, clientId.slice(0, 10)).toEqual({ clientId: [message] });
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('holds a Microsoft Entra ID client to its application (client) ID, a GUID', async () => {
    const tenantIssuer = 'entra:72f988bf-86f1-41af-91ab-2d7cd011db47';
    const named = await register(`ran-theatres-${unique()}`, tenantIssuer);
    expect(named.status).toBe(400);
    expect(named.body.errors).toEqual({ clientId: [integrationClientMessages.applicationIdInvalid] });
    // A GUID passes; this installation takes development tokens only, so the issuer is refused.
    const guid = await register(crypto.randomUUID().toUpperCase(), tenantIssuer);
    expect(guid.body.errors).toEqual({ issuer: [issuerNotAcceptedMessage({ kind: 'development' })] });
  });
});

describe('a client ID registered already', () => {
  it('answers 409 under the client ID, without writing it to the log', async () => {
    const clientId = `log-probe-${unique()}`;
    expect((await ta.post(base(), { name: 'Haematology', issuer: 'development', clientId })).status).toBe(
      201,
    );
    const again = await register(clientId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: registeredHereMessage('Haematology'),
      errors: { clientId: [registeredHereMessage('Haematology')] },
    });
    // Around it: the white space trimmed is the same client.
    expect((await register(` ${clientId}\t`)).status).toBe(409);
    expect(Number(await registrationsOf(clientId))).toBe(1);
    // The requests are logged, their answers too; the client ID is not.
    expect(logLines.some((line) => line.includes('"statusCode":409'))).toBe(true);
    expect(logLines.join('')).not.toContain(clientId);
  });

  it('registers one of two registrations of one client ID at once, and answers the other 409', async () => {
    const clientId = `at-once-${unique()}`;
    const answers = await Promise.all([register(clientId), register(clientId), register(clientId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.errors).toEqual({ clientId: [registeredHereMessage('Pathology')] });
    expect(Number(await registrationsOf(clientId))).toBe(1);
    expect(logLines.join('')).not.toContain(clientId);
  });

  // Only PostgreSQL has a second connection to hold the other registration open on (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    'answers 409, not the database’s error, to one that meets another at the unique index',
    async () => {
      const clientId = `race-${unique()}`;
      let answer: ReturnType<typeof register> | undefined;
      const waitingOnTheIndex = async () =>
        Number(
          (
            await queryRows<{ n: number | string }>(
              t.app.db,
              sql`select count(*) as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'
                    and query like 'insert into integration_clients%'`,
            )
          )[0]?.n,
        );
      try {
        await t.app.db.transaction(async (tx) => {
          await tx.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
            values (${crypto.randomUUID()}, 'development', ${clientId}, ${trust.trustCode}, 'Held open')`);
          answer = register(clientId);
          // Its check cannot see the uncommitted row, so its insert waits on the index until this commits.
          await expect.poll(waitingOnTheIndex, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
        });
      } finally {
        // Answered before the trust is removed, whatever happened.
        await answer;
      }
      const response = await answer!;
      expect(response.status).toBe(409);
      expect(response.body.errors).toEqual({ clientId: [registeredHereMessage('Held open')] });
      expect(logLines.join('')).not.toContain(clientId);
    },
  );
});
