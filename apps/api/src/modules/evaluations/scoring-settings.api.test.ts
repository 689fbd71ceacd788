import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RoleCode } from '@esr/contracts/roles';
import type { RiskSummary } from '@esr/contracts/patients';
import { scoringSettingsMessages, type ScoringSettings } from '@esr/contracts/scoring-settings';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, tokensForRoles } from '../../test/factories/users.js';
import {
  confirmAsClerk,
  createClericalTrust,
  csvFile,
  idle,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

/**
 * The oldest blood result the model may use (decision 0057): read and set by the trust's admins
 * only, whole days from 7 to 730 written as plain digits, in the change log, and used by the next
 * scoring.
 */

let t: TestApp;
let clerical: ClericalTrust;
const tokens = {} as Record<RoleCode | 'otherTa', string>;

const url = (trust = clerical.trustCode) => `/api/trusts/${trust}/scoring/settings`;
const request = (method: 'GET' | 'PUT', token: string, payload?: unknown, trust?: string) =>
  t.app.inject({
    method,
    url: url(trust),
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  Object.assign(tokens, await tokensForRoles(t, clerical.trustCode, ['ta', 'tca', 'cl', 'wa', 'sa']));
  tokens.cu = clerical.token;
  tokens.otherTa = (await tokensForRoles(t, (await createTrust(t.app.db)).trustCode, ['ta'])).ta;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET and PUT …/scoring/settings', () => {
  it('answers the default of 90 days to a trust admin while the trust has set none', async () => {
    const response = await request('GET', tokens.ta);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScoringSettings>()).toEqual({ bloodResultMaxAgeDays: 90 });
  });

  it('refuses every other role, and a trust admin of another trust', async () => {
    for (const role of ['cu', 'cl', 'wa', 'tca', 'sa'] as const) {
      expect((await request('GET', tokens[role])).statusCode, role).toBe(403);
      expect((await request('PUT', tokens[role], { bloodResultMaxAgeDays: 30 })).statusCode, role).toBe(403);
    }
    expect((await request('GET', tokens.otherTa)).statusCode).toBe(403);
    expect((await request('PUT', tokens.otherTa, { bloodResultMaxAgeDays: 30 })).statusCode).toBe(403);
    const [row] = await queryRows<{ days: number | null }>(
      t.app.db,
      sql`select blood_result_max_age_days as days from trusts where trust_code = ${clerical.trustCode}`,
    );
    expect(row!.days).toBeNull();
  });

  it('refuses anything but whole days from 7 to 730 in plain digits, saying why under the field', async () => {
    const cases: [unknown, string][] = [
      [6, scoringSettingsMessages.tooShort],
      ['6', scoringSettingsMessages.tooShort],
      [731, scoringSettingsMessages.tooLong],
      [90.5, scoringSettingsMessages.notNumber],
      ['90.5', scoringSettingsMessages.notNumber],
      ['1e2', scoringSettingsMessages.notNumber],
      ['0x5a', scoringSettingsMessages.notNumber],
      ['90 days', scoringSettingsMessages.notNumber],
      ['٩٠', scoringSettingsMessages.notNumber],
      ['', scoringSettingsMessages.notNumber],
      [null, scoringSettingsMessages.notNumber],
      [undefined, scoringSettingsMessages.notNumber],
    ];
    for (const [value, message] of cases) {
      const response = await request('PUT', tokens.ta, { bloodResultMaxAgeDays: value });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(
        response.json<{ errors: Record<string, string[]> }>().errors.bloodResultMaxAgeDays,
        String(value),
      ).toEqual([message]);
    }
    expect((await request('GET', tokens.ta)).json<ScoringSettings>().bloodResultMaxAgeDays).toBe(90);
  });

  it('saves whole days written as a number or as digits, at either end of the range, in the change log', async () => {
    for (const [value, saved] of [
      [7, 7],
      [' 730 ', 730],
      ['120', 120],
    ] as const) {
      const response = await request('PUT', tokens.ta, { bloodResultMaxAgeDays: value });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ScoringSettings>()).toEqual({ bloodResultMaxAgeDays: saved });
    }
    expect((await request('GET', tokens.ta)).json<ScoringSettings>()).toEqual({ bloodResultMaxAgeDays: 120 });
    const entries = await queryRows<{ action: string; changes: unknown; entity_type: string }>(
      t.app.db,
      sql`select action, changes, entity_type from change_log
        where trust_code = ${clerical.trustCode} and action = 'Changed the oldest blood result the model may use'
        order by id`,
    );
    expect(entries).toHaveLength(3);
    const changes = (entry: { changes: unknown }) =>
      typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes;
    expect(entries.map((entry) => entry.entity_type)).toEqual(['trust', 'trust', 'trust']);
    expect(changes(entries[0]!)).toEqual({ 'Oldest blood result used (days)': { before: 90, after: 7 } });
    expect(changes(entries[2]!)).toEqual({ 'Oldest blood result used (days)': { before: 730, after: 120 } });
  });
});

describe('the next scoring', () => {
  it('leaves out blood results older than the trust’s limit: 20-day-old results are too old at 10 days', async () => {
    expect((await request('PUT', tokens.ta, { bloodResultMaxAgeDays: 10 })).statusCode).toBe(200);
    const taken = new Date(Date.now() - 20 * 86_400_000);
    const day = `${String(taken.getUTCDate()).padStart(2, '0')}/${String(taken.getUTCMonth() + 1).padStart(2, '0')}/${taken.getUTCFullYear()}`;
    const upload = await uploadFiles(
      t,
      clerical,
      'knee',
      csvFile('ptl.csv', [
        'NHS Number,Hospital Number,Forename,Surname,Date of Birth,Sex,Ethnic Category,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,TCI Date,Consultant,Priority',
        '9990000077,RAN000301,Bronwen,Evans,14/03/1951,Female,A,160,72,4,W401,02/01/2026,,Mr A Hamid,P4',
      ]),
      csvFile('bloods.csv', [
        'NHS Number,Test Name,Result,Units,Sample Date',
        `9990000077,Haemoglobin,131,g/L,${day}`,
        `9990000077,eGFR,74,mL/min/1.73m2,${day}`,
      ]),
    );
    expect(upload.statusCode, upload.body).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    await validated(t, clerical, 'knee', batchId);
    expect((await confirmAsClerk(t, clerical, 'knee', batchId)).statusCode).toBe(202);
    await idle(t, clerical, 'knee');
    const [pathway] = await queryRows<{ id: string; status: string }>(
      t.app.db,
      sql`select id, status from pathways where trust_code = ${clerical.trustCode} and nhs_number = '9990000077'`,
    );
    expect(pathway!.status).toBe('incomplete');
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${pathway!.id}/risk-summary/`,
      headers: bearer(clerical.token),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const stale = summary.json<RiskSummary>().result!.staleInputs;
    expect(stale.map((input) => [input.field, input.maxAgeDays]).sort()).toEqual([
      ['egfr', 10],
      ['haemoglobin', 10],
    ]);
  }, 180_000);
});
