import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  integrationClientMessages,
  issuerNotAcceptedMessage,
  registeredHereMessage,
  type IntegrationClient,
  type IntegrationClients,
  type IntegrationMessagesPage,
} from '@esr/contracts/integration-clients';
import { hostileTextMessages } from '../../../platform/http/hostile-text.js';
import { queryRows } from '../../../platform/db/client.js';
import { demoUsers } from '../../../platform/db/seed.js';
import { clientFor } from '../../../test/admin-client.js';
import { createTrust, createUser } from '../../../test/factories/users.js';
import { removeTrusts } from '../../../test/factories/trusts.js';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.js';

/**
 * A trust's integration clients through the admin API (decision 0048): the list, registering
 * (and its refusals), disabling a client whose token is then refused at once, enabling it again,
 * the messages its clients sent, who may do each, and the change log's entries.
 */

let t: TestApp;
let trust: { trustCode: string; trustName: string };
let otherTrust: { trustCode: string; trustName: string };
let ta: ReturnType<typeof clientFor>;
let otherTa: ReturnType<typeof clientFor>;
let sa: ReturnType<typeof clientFor>;
let clerk: ReturnType<typeof clientFor>;

const unique = () => crypto.randomBytes(4).toString('hex');
const base = () => `/api/trusts/${trust.trustCode}/integration-clients`;
const statusUrl = (id: string, code = trust.trustCode) =>
  `/api/trusts/${code}/integration-clients/${id}/status`;
const messagesUrl = (query = '') => `${base()}/messages${query}`;

/** An ORU^R01 for a patient not on any list: its sodium is kept, its potassium ignored. */
function oru(controlId: string, sodiumUnit = 'mmol/L') {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return [
    `MSH|^~\\&|WINPATH|LAB|ESR|TRUST|${yesterday}101500||ORU^R01|${controlId}|P|2.4|||AL|NE`,
    'PID|1||9990000034^^^NHS^NH||NOWAK^LUKASZ||19481102|M',
    'PV1|1|O',
    `OBR|1|ORD1|LAB1|U&E^Urea and electrolytes^WINPATH|||${yesterday}083000`,
    `OBX|1|NM|NA^Sodium^WINPATH||139|${sodiumUnit}|133-146|N|||F|||${yesterday}083000`,
    `OBX|2|NM|K^Potassium^WINPATH||4.4|mmol/L|3.5-5.3|N|||F|||${yesterday}083000`,
  ].join('\r');
}
const sendHl7 = (token: string, text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/hl7/v2',
    headers: { ...bearer(token), 'content-type': 'application/hl7-v2' },
    payload: text,
  });
const msa = (body: string) => body.split('\r').find((segment) => segment.startsWith('MSA')) ?? '';

const changeLogOf = (entityId: string) =>
  queryRows<{ action: string; created_by: string; trust_code: string; changes: unknown }>(
    t.app.db,
    sql`select action, created_by, trust_code, changes from change_log
        where entity_type = 'integration-client' and entity_id = ${entityId} order by id`,
  );

async function register(body: object, as = ta, code = trust.trustCode) {
  return as.post(`/api/trusts/${code}/integration-clients`, body);
}

beforeAll(async () => {
  t = await createTestApp();
  trust = await createTrust(t.app.db);
  otherTrust = await createTrust(t.app.db);
  const admin = await createUser(t.app.db, {
    trustCode: trust.trustCode,
    roles: ['ta'],
    firstName: 'Amara',
    lastName: 'Okafor',
  });
  const otherAdmin = await createUser(t.app.db, { trustCode: otherTrust.trustCode, roles: ['ta'] });
  const clerical = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
  ta = clientFor(t, await t.tokenFor(admin.id));
  otherTa = clientFor(t, await t.tokenFor(otherAdmin.id));
  sa = clientFor(t, await t.tokenFor(demoUsers[0].id));
  clerk = clientFor(t, await t.tokenFor(clerical.id));
});

afterAll(async () => {
  if (t && trust) {
    const codes = [trust.trustCode, otherTrust.trustCode];
    await t.app.db.execute(sql`delete from received_lab_results where trust_code in ${codes}`);
    await t.app.db.execute(sql`delete from integration_messages where trust_code in ${codes}`);
    await t.app.db.execute(sql`delete from integration_clients where trust_code in ${codes}`);
    await removeTrusts(t.app.db, codes);
  }
  await t?.close();
});

describe('GET /api/trusts/{trust}/integration-clients', () => {
  it('answers the trust, the issuer this installation takes and no clients yet', async () => {
    const response = await ta.get(base());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      trustCode: trust.trustCode,
      trustName: trust.trustName,
      acceptedIssuer: { kind: 'development' },
      items: [],
      // Decision 0055: results without a date of birth are refused unless the trust says otherwise.
      settings: { labMessagesWithoutBirthDate: false },
    });
  });
});

describe('POST /api/trusts/{trust}/integration-clients', () => {
  it('registers an active client, trimmed, and writes the change log in the form’s fields', async () => {
    const clientId = `pathology-${unique()}`;
    const response = await register({
      name: '  Pathology (Rhapsody) ',
      issuer: 'development',
      clientId: ` ${clientId} `,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const client = response.body as IntegrationClient;
    expect(client).toEqual({
      id: expect.any(String),
      name: 'Pathology (Rhapsody)',
      clientId,
      issuer: 'development',
      status: 1,
      registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastMessage: null,
    });
    const listed = (await ta.get(base())).body as IntegrationClients;
    expect(listed.items).toContainEqual(client);

    expect(await changeLogOf(client.id)).toEqual([
      {
        action: 'Registered integration client Pathology (Rhapsody)',
        created_by: 'Amara Okafor',
        trust_code: trust.trustCode,
        changes: {
          name: { before: null, after: 'Pathology (Rhapsody)' },
          issuer: { before: null, after: 'development' },
          clientId: { before: null, after: clientId },
        },
      },
    ]);
  });

  it('refuses a missing name, client ID and issuer, each under its field', async () => {
    const response = await register({ name: '   ', clientId: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      name: [integrationClientMessages.nameRequired],
      clientId: [integrationClientMessages.clientIdRequired],
      issuer: [integrationClientMessages.issuerRequired],
    });
  });

  it('refuses a name or client ID too long, a client ID of characters no provider issues, and a malformed issuer', async () => {
    const response = await register({
      name: 'N'.repeat(101),
      issuer: 'entra:not-a-tenant',
      clientId: 'pathologie-é',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      name: [integrationClientMessages.nameTooLong],
      issuer: [integrationClientMessages.issuerInvalid],
      clientId: [integrationClientMessages.clientIdCharacters],
    });
    const long = await register({ name: 'Lab', issuer: 'development', clientId: 'c'.repeat(256) });
    expect(long.body.errors).toEqual({ clientId: [integrationClientMessages.clientIdTooLong] });
  });

  it('refuses an issuer this installation takes no tokens from', async () => {
    const response = await register({
      name: 'Lab',
      issuer: 'entra:72F988BF-86F1-41AF-91AB-2D7CD011DB47',
      // An Entra ID client's ID is its application (client) ID (decision 0065).
      clientId: crypto.randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      issuer: [issuerNotAcceptedMessage({ kind: 'development' })],
    });
  });

  it('refuses hidden text-direction characters, as every field of the API', async () => {
    const response = await register({
      name: 'Lab \u202Ekcaj',
      issuer: 'development',
      clientId: `lab-${unique()}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ name: [hostileTextMessages.bidi] });
  });

  it('refuses a client ID already registered for the issuer (409), here or by another trust', async () => {
    const clientId = `shared-${unique()}`;
    expect((await register({ name: 'Haematology', issuer: 'development', clientId })).status).toBe(201);
    const again = await register({ name: 'Haematology again', issuer: 'development', clientId });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: registeredHereMessage('Haematology'),
      errors: { clientId: [registeredHereMessage('Haematology')] },
    });
    const elsewhere = await register(
      { name: 'Theirs', issuer: 'development', clientId },
      otherTa,
      otherTrust.trustCode,
    );
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.detail).toBe(integrationClientMessages.registeredElsewhere);

    // The same client ID at another issuer is another client.
    const entraOnly = `entra-${unique()}`;
    await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
      values (${crypto.randomUUID()}, 'entra:72f988bf-86f1-41af-91ab-2d7cd011db47', ${entraOnly},
        ${trust.trustCode}, 'Entra lab')`);
    expect((await register({ name: 'Dev lab', issuer: 'development', clientId: entraOnly })).status).toBe(
      201,
    );
  });
});

describe('disabling and enabling a client', () => {
  it('refuses its token from the next call, and takes it again once enabled', async () => {
    const clientId = `lab-${unique()}`;
    const client = (await register({ name: 'Blood sciences', issuer: 'development', clientId }))
      .body as IntegrationClient;
    const token = await t.tokenFor(clientId, { clientId });
    const first = await sendHl7(token, oru(`D1-${unique()}`));
    expect(first.statusCode, first.body).toBe(200);
    expect(msa(first.body)).toMatch(/^MSA\|AA/);

    const disabled = await ta.put(statusUrl(client.id), { status: 0 });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id: client.id, status: 0 });
    // The principal cached by the first call is dropped by the update itself.
    const refused = await sendHl7(token, oru(`D2-${unique()}`));
    expect(refused.statusCode).toBe(403);
    expect(msa(refused.body)).toMatch(/^MSA\|AR\|.*\|This client is disabled/);

    // Disabled again: nothing changes, nothing is logged.
    expect((await ta.put(statusUrl(client.id), { status: 0 })).status).toBe(200);

    const enabled = await ta.put(statusUrl(client.id), { status: 1 });
    expect(enabled.body).toMatchObject({ status: 1 });
    expect((await sendHl7(token, oru(`D3-${unique()}`))).statusCode).toBe(200);

    expect((await changeLogOf(client.id)).map(({ action, changes }) => ({ action, changes }))).toEqual([
      {
        action: 'Registered integration client Blood sciences',
        changes: expect.any(Object),
      },
      {
        action: 'Disabled integration client Blood sciences',
        changes: { status: { before: 1, after: 0 } },
      },
      {
        action: 'Enabled integration client Blood sciences',
        changes: { status: { before: 0, after: 1 } },
      },
    ]);
  });

  it('answers 404 for a client that is not the trust’s, or no client at all', async () => {
    const theirs = (
      await register(
        { name: 'Theirs', issuer: 'development', clientId: `theirs-${unique()}` },
        otherTa,
        otherTrust.trustCode,
      )
    ).body as IntegrationClient;
    for (const id of [theirs.id, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await ta.put(statusUrl(id), { status: 0 });
      expect(response.status, id).toBe(id === 'not-a-uuid' ? 400 : 404);
    }
    expect((await ta.put(statusUrl(theirs.id), { status: 0 })).body.detail).toBe(
      integrationClientMessages.notFound,
    );
    expect((await ta.put(statusUrl(crypto.randomUUID()), { status: 2 })).status).toBe(400);
  });
});

describe('GET /api/trusts/{trust}/integration-clients/messages', () => {
  it('lists what the trust’s clients sent, newest first, 20 a page, without patient data', async () => {
    const clientId = `msgs-${unique()}`;
    const client = (await register({ name: 'Messages lab', issuer: 'development', clientId }))
      .body as IntegrationClient;
    const token = await t.tokenFor(clientId, { clientId });
    const acceptedId = `M1-${unique()}`;
    const refusedId = `M2-${unique()}`;
    expect((await sendHl7(token, oru(acceptedId))).statusCode).toBe(200);
    const refused = await sendHl7(token, oru(refusedId, 'furlongs'));
    expect(refused.statusCode).toBe(422);

    const page = await ta.get(messagesUrl());
    expect(page.status).toBe(200);
    const body = page.body as IntegrationMessagesPage;
    expect(body).toMatchObject({ pageNumber: 1, pageSize: 20 });
    const ours = body.items.filter((item) => item.clientName === 'Messages lab');
    expect(ours.map((item) => item.messageId)).toEqual([refusedId, acceptedId]);
    expect(ours[1]).toEqual({
      id: expect.any(String),
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      clientName: 'Messages lab',
      format: 'hl7v2',
      messageId: acceptedId,
      outcome: 'accepted',
      results: 1,
      applied: 0,
      held: 1,
      ignored: 1,
      pathwaysUpdated: 0,
      detail: expect.stringContaining('OBX'),
    });
    expect(ours[0]).toMatchObject({
      outcome: 'rejected',
      results: 0,
      detail: expect.stringContaining('furlongs'),
    });
    expect(JSON.stringify(body)).not.toContain('9990000034');
    expect(JSON.stringify(body)).not.toContain('NOWAK');

    const listed = ((await ta.get(base())).body as IntegrationClients).items.find(
      (item) => item.id === client.id,
    );
    expect(listed?.lastMessage).toEqual({ receivedAt: ours[0]!.receivedAt, outcome: 'rejected' });

    const first = (await ta.get(messagesUrl('?pageSize=1'))).body as IntegrationMessagesPage;
    expect(first.items).toHaveLength(1);
    expect(first.totalCount).toBe(body.totalCount);
    const beyond = (await ta.get(messagesUrl(`?pageNumber=${body.totalCount + 1}&pageSize=1`)))
      .body as IntegrationMessagesPage;
    expect(beyond).toMatchObject({ items: [], totalCount: body.totalCount });

    // Another trust's messages are its own.
    const theirs = (await otherTa.get(`/api/trusts/${otherTrust.trustCode}/integration-clients/messages`))
      .body as IntegrationMessagesPage;
    expect(theirs.items.map((item) => item.messageId)).not.toContain(acceptedId);
  });
});

describe('who may', () => {
  it('refuses another trust’s admin and a clerical user (403), and lets a super admin act for any trust', async () => {
    const client = (
      await register({ name: 'Cardiology', issuer: 'development', clientId: `who-${unique()}` })
    ).body as IntegrationClient;
    const body = { name: 'Intruder', issuer: 'development', clientId: `who-${unique()}` };
    for (const caller of [otherTa, clerk]) {
      expect((await caller.get(base())).status).toBe(403);
      expect((await caller.get(messagesUrl())).status).toBe(403);
      expect((await caller.post(base(), body)).status).toBe(403);
      expect((await caller.put(statusUrl(client.id), { status: 0 })).status).toBe(403);
    }

    expect((await sa.get(base())).status).toBe(200);
    expect((await sa.get(messagesUrl())).status).toBe(200);
    const made = await sa.post(base(), { ...body, name: 'Registered by a super admin' });
    expect(made.status).toBe(201);
    expect((await sa.put(statusUrl(client.id), { status: 0 })).body).toMatchObject({ status: 0 });
    expect((await changeLogOf(client.id)).at(-1)).toMatchObject({
      action: 'Disabled integration client Cardiology',
      created_by: 'Priya Shah',
      trust_code: trust.trustCode,
    });

    const nowhere = await sa.get('/api/trusts/ZZZZZZ/integration-clients');
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.detail).toBe(integrationClientMessages.trustNotFound);
  });
});
