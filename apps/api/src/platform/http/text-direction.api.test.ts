import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLimits } from '@esr/contracts/field-limits';
import { editDetailsMessages } from '@esr/contracts/patients';
import { bidiControlMessage } from '@esr/contracts/text-direction';
import { demoUsers } from '../db/seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';

/**
 * docs/decisions/0043: the API refuses hidden text-direction characters in any text it takes, with
 * 400 naming the field, and the consultant surgeon has one length limit, the import's and the
 * form's, in its schema as in its use case.
 */

const rlo = '\u202E';
// A pathway id no list holds: the refusals come before the pathway is looked up.
const patient = '/api/trusts/RAN/procedures/knee/patients/7c9e6679-7425-40de-944b-e07fc1f90ae7';
// db/seed.ts: a clerical user and a clinician of RAN.
const clerk = demoUsers[2].id;
const clinician = demoUsers[3].id;

let t: TestApp;
let clinicianToken: string;
let clerkToken: string;

beforeAll(async () => {
  t = await createTestApp();
  clinicianToken = await t.tokenFor(clinician);
  clerkToken = await t.tokenFor(clerk);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('hidden text-direction characters', () => {
  it('refuses a surgeon holding a right-to-left override, naming the field', async () => {
    // Shown as written, "Mr " + U+202E + "kcaj" reads "Mr jack".
    const response = await call('PUT', `${patient}/surgical-risk-factors/`, clinicianToken, {
      surgeonName: `Mr ${rlo}kcaj`,
      surgery: 'ready',
      social: 'no_social_concerns',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ surgeonName: [bidiControlMessage] });
  });

  it('refuses every embedding, override, isolate and mark in an anomaly reason', async () => {
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ].concat(['\u200E', '\u200F', '\u061C'])) {
      const response = await call('POST', `${patient}/mark/anomaly/`, clinicianToken, {
        reason: `Albumin ${control}looks wrong`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ reason: [bidiControlMessage] });
    }
  });

  it('refuses one in a list filter, and names a hostile key without carrying the character back', async () => {
    const filter = await call(
      'GET',
      `/api/waiting-list/procedures/knee/manage/records/active?surgeonName=${encodeURIComponent(`Mr ${rlo}kcaj`)}`,
      clerkToken,
    );
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors).toEqual({ surgeonName: [bidiControlMessage] });
    const key = await call('POST', `${patient}/mark/anomaly/`, clinicianToken, { [`rea${rlo}son`]: 'x' });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors).toEqual({ 'rea\uFFFDson': [bidiControlMessage] });
  });
});

describe('one length limit for the consultant surgeon', () => {
  it('declares the import and form limit in the published schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const path = Object.keys(document.paths).find(
      (p) => p.includes('/patients/') && /surgical-risk-factors\/?$/.test(p),
    )!;
    const schema = document.paths[path]!.put!.requestBody!.content['application/json']!.schema as {
      properties: { surgeonName: { maxLength?: number; anyOf?: { maxLength?: number }[] } };
    };
    const surgeon = schema.properties.surgeonName;
    const maxLength = surgeon.maxLength ?? surgeon.anyOf?.find((s) => s.maxLength)?.maxLength;
    expect(maxLength).toBe(fieldLimits.surgeonName);
  });

  it("refuses a 200-character surgeon under the field, with the form's words", async () => {
    const response = await call('PUT', `${patient}/surgical-risk-factors/`, clinicianToken, {
      surgeonName: 'Mr '.concat('Fitzgerald-'.repeat(18)).slice(0, 200),
      surgery: 'ready',
      social: 'no_social_concerns',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ surgeonName: [editDetailsMessages.surgeonTooLong] });
  });
});
