import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { factorDefinitions, optimisationFactors } from '@esr/contracts/optimisation';
import { optimisationServicesMessages } from '@esr/contracts/optimisation-settings';
import { queryRows } from '../../platform/db/client.js';
import { createTrust, createUser, tokensForRoles } from '../../test/factories/users.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';

/**
 * The trust's services and their contacts for patients (docs/optimisation.md, decision 0073): kept
 * beside the factors' names in `optimisation_services`, read by everyone who works the list, set
 * by trust admins, in the change log.
 */

let t: TestApp;
let trustCode: string;
let tokens: Record<'cl' | 'wa' | 'cu' | 'ta' | 'tca' | 'cso', string>;
let otherAdmin: string;

const servicesUrl = (trust = trustCode) => `/api/trusts/${trust}/optimisation/services`;
const get = (token: string, trust?: string) =>
  t.app.inject({ method: 'GET', url: servicesUrl(trust), headers: bearer(token) });
const put = (payload: unknown, token = tokens.ta, trust?: string) =>
  t.app.inject({
    method: 'PUT',
    url: servicesUrl(trust),
    headers: bearer(token),
    payload: payload as object,
  });
const defaults = Object.fromEntries(
  optimisationFactors.map((code) => [code, [...factorDefinitions[code].defaultServices]]),
);
const anaemiaContact = 'Call 01632 960 123, Monday to Friday, 9am to 5pm';

beforeAll(async () => {
  t = await createTestApp();
  trustCode = (await createTrust(t.app.db)).trustCode;
  tokens = await tokensForRoles(t, trustCode, ['cl', 'wa', 'cu', 'ta', 'tca', 'cso'] as const);
  const other = await createTrust(t.app.db);
  otherAdmin = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: other.trustCode, roles: ['ta'] })).id,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the services’ contacts for patients', () => {
  it('reads the default services with no contacts, to trust admins and everyone who works the list', async () => {
    for (const token of [tokens.ta, tokens.cl, tokens.wa, tokens.cu]) {
      const response = await get(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ services: defaults, contacts: {} });
    }
    for (const token of [tokens.tca, tokens.cso]) expect((await get(token)).statusCode).toBe(403);
  });

  it('refuses another trust’s admin, and every role but trust admins a change', async () => {
    expect((await get(otherAdmin)).statusCode).toBe(403);
    expect((await put({ contacts: {} }, otherAdmin)).statusCode).toBe(403);
    for (const token of [tokens.cl, tokens.wa, tokens.cu, tokens.tca, tokens.cso])
      expect((await put({ contacts: { 'GP practice': 'Call us' } }, token)).statusCode).toBe(403);
    expect((await get(tokens.ta)).json().contacts).toEqual({});
  });

  it('sets a contact for a service, trimmed, in the change log, and keeps it when only services are sent', async () => {
    const changed = await put({
      services: { anaemia: ['Pre-operative anaemia clinic', 'GP practice'] },
      contacts: { 'Pre-operative anaemia clinic': `  ${anaemiaContact} `, 'GP practice': ' ' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().contacts).toEqual({ 'Pre-operative anaemia clinic': anaemiaContact });
    expect((await get(tokens.cu)).json()).toEqual(changed.json());
    const [entry] = await queryRows<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      t.app.db,
      sql`select changes from change_log where entity_id = ${trustCode}
        and action = 'Changed the optimisation services' order by id desc limit 1`,
    );
    expect(entry!.changes['Contact: Pre-operative anaemia clinic']).toEqual({
      before: '',
      after: anaemiaContact,
    });
    // An existing caller that sends only services keeps every contact.
    const servicesOnly = await put({ services: { smoking: ['Local Stop Smoking Service'] } });
    expect(servicesOnly.statusCode, servicesOnly.body).toBe(200);
    expect(servicesOnly.json().contacts).toEqual({ 'Pre-operative anaemia clinic': anaemiaContact });
    expect(servicesOnly.json().services.smoking).toEqual(['Local Stop Smoking Service']);
  });

  it('reads the shape stored before contacts, and drops the contact of a service no longer listed', async () => {
    await t.app.db.execute(
      sql`update trusts set optimisation_services = ${JSON.stringify({
        nutrition: ['Dietetics'],
      })}::jsonb where trust_code = ${trustCode}`,
    );
    const old = await get(tokens.cl);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ services: { ...defaults, nutrition: ['Dietetics'] }, contacts: {} });
    await put({ contacts: { Dietetics: 'Ask at reception, Ward 7' } });
    const renamed = await put({ services: { nutrition: ['Dietetics (Ward 7)'] } });
    expect(renamed.json().contacts).toEqual({});
  });

  it('refuses a contact too long, on two lines, with hidden characters, or for a service not listed', async () => {
    const refusals: [unknown, string, string][] = [
      [
        { contacts: { Dietetics: 'x'.repeat(201) } },
        'contacts.Dietetics',
        optimisationServicesMessages.contactTooLong,
      ],
      [
        { contacts: { Dietetics: 'Call\nus' } },
        'contacts.Dietetics',
        'Must be on one line, without line breaks',
      ],
      [
        { contacts: { Dietetics: 'Call \u202Esu' } },
        'contacts.Dietetics',
        'Must not contain hidden text-direction characters',
      ],
      [
        { contacts: { 'Renal clinic': 'Call us' } },
        'contacts.Renal clinic',
        optimisationServicesMessages.contactUnknownService,
      ],
      [{ contacts: { Dietetics: 42 } }, 'contacts.Dietetics', ''],
    ];
    await put({ services: { nutrition: ['Dietetics'] } });
    for (const [payload, field, message] of refusals) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.keys(errors)).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
    for (const hostile of ['Call\u0000us', 'Call \uD800 us', '\uFFFE'])
      expect((await put({ contacts: { Dietetics: hostile } })).statusCode).toBe(400);
    expect((await put({ contacts: { 'Diet\u0000etics': 'Call' } })).statusCode).toBe(400);
    expect((await put({ contacts: { Dietetics: 'x'.repeat(1_000_000) } })).statusCode).toBe(400);
    expect((await put({ contacts: ['Dietetics'] })).statusCode).toBe(400);
    expect((await get(tokens.ta)).json().contacts).toEqual({});
  });
});
