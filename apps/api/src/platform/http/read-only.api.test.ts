/**
 * Read-only mode for downtime (docs/decisions/0067-read-only-mode-for-downtime.md): with
 * READ_ONLY=true every write to /api, /fhir and /hl7 is answered 503 with the plain message and
 * Retry-After, before its body is validated; reads, signing in and the client config still work,
 * and nothing is written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { demoUsers } from '../db/seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';

const until = '2026-12-07T18:00:00Z';
const message =
  "The service is read-only for planned maintenance until 07-Dec-2026 18:00. You can look at the worklist and patients' summaries, but changes cannot be saved.";
const superAdmin = demoUsers.find((user) => user.firstName === 'Priya')!;
const clericalUser = demoUsers.find((user) => user.firstName === 'Claire')!;
const clinician = demoUsers.find((user) => user.firstName === 'Olu')!;
const pathway = '/api/trusts/RAN/procedures/knee/patients/00000000-0000-4000-8000-00000000abcd';

let t: TestApp;
let adminToken: string;
let clinicianToken: string;
let clericalToken: string;
const changeLogCount = async () =>
  Number((await queryRows<{ n: number }>(t.app.db, sql`select count(*) as n from change_log`))[0]!.n);
let changesAtStart: number;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { READ_ONLY: 'true', READ_ONLY_UNTIL: until, LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  adminToken = await t.tokenFor(superAdmin.id);
  clinicianToken = await t.tokenFor(clinician.id);
  clericalToken = await t.tokenFor(clericalUser.id);
  changesAtStart = await changeLogCount();
});
afterAll(async () => t?.close());

describe('read-only mode (READ_ONLY=true)', () => {
  it('tells the web app at start that the service is read-only, and until when', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ readOnly: unknown }>().readOnly).toEqual({ until: '2026-12-07T18:00:00.000Z' });
  });

  it('still signs people in and answers their reads: the worklist counters and the user list', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(clinicianToken) });
    expect(me.statusCode, me.body).toBe(200);
    const totals = await t.app.inject({
      method: 'GET',
      url: '/api/trusts/RAN/waiting-list/procedures/knee/manage/',
      headers: bearer(clericalToken),
    });
    expect(totals.statusCode, totals.body).toBe(200);
    const worklist = await t.app.inject({
      method: 'GET',
      url: '/api/trusts/RAN/waiting-list/procedures/knee/manage/records/active',
      headers: bearer(clericalToken),
    });
    expect(worklist.statusCode, worklist.body).toBe(200);
    const userList = await t.app.inject({ method: 'GET', url: '/api/users/', headers: bearer(adminToken) });
    expect(userList.statusCode, userList.body).toBe(200);
  });

  it('still issues tokens at the development provider: its POSTs are not refused', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('ran-pathology-demo:ran-pathology-demo-secret').toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode, token.body).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'xsrf=from-a-session-that-has-ended&logout=yes',
    });
    expect(signOut.statusCode).toBe(303);
  });

  it.each([
    [
      'a new user (valid body)',
      'POST',
      '/api/users/',
      'admin',
      {
        firstName: 'Read',
        lastName: 'Only',
        email: 'read.only@nhs.net',
        trustCode: 'RAN',
        roles: ['cl'],
        isActive: true,
      },
    ],
    ['a user with an invalid body', 'POST', '/api/users/', 'admin', { firstName: 42 }],
    [
      'a trust with a hostile body',
      'PUT',
      '/api/trusts/RAN/update',
      'admin',
      {
        tenantId: 'x\u0000\u202Ey',
        nested: JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
      },
    ],
    ['a flag as anomaly', 'POST', `${pathway}/mark/anomaly`, 'clinician', { reason: 'Wrong units' }],
    ['the removal of a risk adjustment', 'DELETE', `${pathway}/risk-adjustment`, 'clinician', undefined],
    ['a change to surgical risk factors', 'PATCH', `${pathway}/surgical-risk-factors`, 'clinician', {}],
    ['a write without a token', 'POST', '/api/users/', 'nobody', {}],
  ] as const)('answers %s with 503, the message and Retry-After', async (_what, method, url, who, body) => {
    const token = who === 'admin' ? adminToken : who === 'clinician' ? clinicianToken : undefined;
    const response = await t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('Mon, 07 Dec 2026 18:00:00 GMT');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: message });
  });

  it('answers a body that is not even JSON with 503, not 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: message });
  });

  it('answers FHIR and HL7 writes in their own formats: an OperationOutcome and an HL7 ACK', async () => {
    const fhir = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Bundle',
      headers: { 'content-type': 'application/fhir+json' },
      payload: '{"resourceType":"Bundle"',
    });
    expect(fhir.statusCode).toBe(503);
    expect(fhir.headers['retry-after']).toBe('Mon, 07 Dec 2026 18:00:00 GMT');
    expect(fhir.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'fatal', diagnostics: message }],
    });
    const hl7 = await t.app.inject({
      method: 'POST',
      url: '/hl7/v2',
      headers: { 'content-type': 'application/hl7-v2' },
      payload: 'MSH|^~\\&|LAB|RAN|ESR|RAN|20261207||ORU^R01|M1|P|2.5.1\r',
    });
    expect(hl7.statusCode).toBe(503);
    expect(hl7.body).toContain('MSA|AR');
    expect(hl7.body).toContain('read-only for planned maintenance');
  });

  it('logs each refused write as a warning with its path alone, not as a failed request', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/trusts/RAN/patients/?nhsNumber=9991693939',
      headers: bearer(clinicianToken),
      payload: { name: 'Carol BROWN' },
    });
    const entries = logLines.map((line) => JSON.parse(line) as { msg: string; level: number; url?: string });
    const refused = entries.filter((entry) => entry.msg === 'write refused: read-only');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((entry) => entry.level === 40)).toBe(true);
    expect(refused.at(-1)!.url).toBe('/api/trusts/RAN/patients/');
    expect(entries.some((entry) => entry.msg === 'request failed')).toBe(false);
    expect(logLines.join('')).not.toContain('9991693939');
    expect(logLines.join('')).not.toContain('Carol');
  });

  it('wrote nothing to the change log', async () => {
    expect(await changeLogCount()).toBe(changesAtStart);
  });
});

describe('read-only mode without an announced end', () => {
  let untimed: TestApp;
  beforeAll(async () => {
    untimed = await createTestApp({ READ_ONLY: 'true' });
  });
  afterAll(async () => untimed?.close());

  it('says so, with no Retry-After, and reports readOnly with until null', async () => {
    const token = await untimed.tokenFor(superAdmin.id);
    const response = await untimed.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({
      detail:
        "The service is read-only for maintenance. You can look at the worklist and patients' summaries, but changes cannot be saved until it is back.",
    });
    const config = await untimed.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.json<{ readOnly: unknown }>().readOnly).toEqual({ until: null });
  });
});
