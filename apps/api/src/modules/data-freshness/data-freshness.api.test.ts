import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  freshnessSettingsMessages,
  type DataFreshness,
  type FreshnessSettings,
} from '@esr/contracts/data-freshness';
import { londonMidnight, showLondonDateTime, todayInLondon } from '@esr/contracts/london-dates';
import { addDays } from '@esr/contracts/prioritisation-rules';
import type { RoleCode } from '@esr/contracts/roles';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { pasHeader, pasPatients, recentSampleDate } from '../../test/factories/pas-extract.js';
import { createTrust, tokensForRoles } from '../../test/factories/users.js';
import {
  createClericalTrust,
  csvFile,
  importList,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

/**
 * How fresh the trust's data is (decision 0068), on a clock the test moves: a list is overdue from
 * the day after its upload's day plus the trust's number of days, the results feed once it has been
 * silent longer than the trust's hours; trust admins set both, in the change log; readiness is
 * never affected.
 */

let t: TestApp;
let clerical: ClericalTrust;
let now = new Date();
const tokens = {} as Record<RoleCode | 'otherTa', string>;
const clientId = `freshness-lab-${crypto.randomUUID()}`;

const freshnessUrl = (trust = clerical.trustCode) => `/api/trusts/${trust}/data-freshness`;
const settingsUrl = (trust = clerical.trustCode) => `/api/trusts/${trust}/data-freshness/settings`;
const freshness = async (token = tokens.cu) => {
  const response = await t.app.inject({ method: 'GET', url: freshnessUrl(), headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DataFreshness>();
};
const putSettings = (payload: unknown, token = tokens.ta, trust?: string) =>
  t.app.inject({
    method: 'PUT',
    url: settingsUrl(trust),
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
/** The first moment of the day after a calendar day, in London. */
const startOfDayAfter = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return londonMidnight(year, month, date + 1);
};

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  clerical = await createClericalTrust(t);
  Object.assign(
    tokens,
    { cu: clerical.token },
    await tokensForRoles(t, clerical.trustCode, ['ta', 'cl', 'wa', 'tca', 'sa', 'cso']),
  );
  tokens.otherTa = (await tokensForRoles(t, (await createTrust(t.app.db)).trustCode, ['ta'])).ta;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET …/data-freshness', () => {
  it('has no list and no feed to speak of before the first upload, with the defaults of weekly and 24 hours', async () => {
    expect(await freshness()).toEqual({
      lists: [],
      resultsFeed: null,
      settings: { extractEveryDays: 7, feedSilenceHours: 24 },
    });
  });

  it('is read by everyone who reads the trust’s lists and by its admins, and by no one else', async () => {
    for (const role of ['cu', 'cl', 'wa', 'ta'] as const)
      expect(
        (await t.app.inject({ method: 'GET', url: freshnessUrl(), headers: bearer(tokens[role]) }))
          .statusCode,
        role,
      ).toBe(200);
    for (const role of ['tca', 'sa', 'cso', 'otherTa'] as const)
      expect(
        (await t.app.inject({ method: 'GET', url: freshnessUrl(), headers: bearer(tokens[role]) }))
          .statusCode,
        role,
      ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: freshnessUrl() })).statusCode).toBe(401);
  });

  it('dates the list in use by its upload, and calls it overdue from the day after the week is out', async () => {
    const before = Date.now();
    await importList(
      t,
      clerical,
      'knee',
      csvFile('Knee PTL.csv', [pasHeader, pasPatients.first, pasPatients.second]),
      csvFile('Bloods.csv', [
        'NHS Number,Test Name,Result,Units,Sample Date',
        `943 476 5919,Haemoglobin,128,g/L,${recentSampleDate}`,
      ]),
    );
    now = new Date();
    const [knee, ...others] = (await freshness()).lists;
    expect(others).toEqual([]);
    expect(knee!.procedureCode).toBe('knee');
    const uploaded = Date.parse(knee!.dataAsAt);
    expect(uploaded).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(knee!.confirmedAt)).toBeGreaterThanOrEqual(uploaded);
    const uploadDay = todayInLondon(new Date(uploaded));
    // The first moment of the eighth day after the upload's, in London.
    const weekOut = startOfDayAfter(addDays(uploadDay, 7));
    expect(knee!.overdue).toBe(false);

    now = new Date(weekOut.getTime() - 1);
    const lastDay = (await freshness()).lists[0]!;
    expect(lastDay.nextExpectedBy).toBe(todayInLondon(now));
    expect(lastDay.overdue).toBe(false);

    now = weekOut;
    expect((await freshness()).lists[0]!.overdue).toBe(true);
  });

  it('puts the list’s upload time on every row of the worklist’s export', async () => {
    const { dataAsAt } = (await freshness()).lists[0]!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/waiting-list/procedures/knee/prioritisation/worklist/export?fileType=csv`,
      headers: bearer(tokens.cu),
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(header!.split(',').at(-1)).toBe('Data as at');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.split(',').at(-1)).toBe(showLondonDateTime(new Date(dataAsAt)));
  });

  it('says when the list was uploaded on the PDF of an open-pathways report', async () => {
    const { dataAsAt } = (await freshness()).lists[0]!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/waiting-list/procedures/knee/manage/records/active/export?fileName=Knee&fileType=pdf&fields=nhsNumber,lastName`,
      headers: bearer(tokens.cu),
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'freshness-pdf-'));
    try {
      const file = path.join(folder, 'report.pdf');
      fs.writeFileSync(file, response.rawPayload);
      // pdftotext (Debian poppler-utils) must be installed: without it this test fails, never skips.
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(`Data as at ${showLondonDateTime(new Date(dataAsAt), 'minute')} (UK time)`);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads the trust admin’s own number of days at once', async () => {
    expect((await putSettings({ extractEveryDays: 14 })).statusCode).toBe(200);
    const knee = (await freshness(tokens.wa)).lists[0]!;
    expect(knee.overdue).toBe(false);
    expect((await freshness()).settings.extractEveryDays).toBe(14);
    expect((await putSettings({ extractEveryDays: '7' })).statusCode).toBe(200);
    expect((await freshness()).lists[0]!.overdue).toBe(true);
  });

  it('leaves the service ready while the list is overdue: the extract is the trust’s to chase', async () => {
    expect((await freshness()).lists[0]!.overdue).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
  });
});

describe('the results feed', () => {
  it('counts its silence from the client’s registration until a message comes, then from the last message', async () => {
    await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
      values (${crypto.randomUUID()}, 'development', ${clientId}, ${clerical.trustCode}, 'Pathology link')`);
    now = new Date();
    const quiet = (await freshness()).resultsFeed!;
    expect(quiet.lastMessageAt).toBeNull();
    expect(quiet.overdue).toBe(false);
    now = new Date(Date.parse(quiet.silentSince) + 24 * 3_600_000 + 1000);
    expect((await freshness()).resultsFeed!.overdue).toBe(true);

    const token = await t.tokenFor(clientId, { clientId });
    const message = [
      `MSH|^~\\&|WINPATH|RAN_PATH|ESR|RAN|20261201101500||ORU^R01|FRESH-${crypto.randomUUID().slice(0, 8)}|P|2.4|||AL|NE`,
      'PID|1||9990000999^^^NHS^NH||NOBODY^KNOWN||19500101|F',
      'OBR|1|ORD1|LAB1|FBC^Full blood count^WINPATH|||20261201101500',
      'OBX|1|NM|HB^Haemoglobin^WINPATH||131|g/L|||||F|||20261201101500',
    ].join('\r');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/hl7/v2',
      headers: { ...bearer(token), 'content-type': 'application/hl7-v2' },
      payload: message,
    });
    expect(sent.statusCode, sent.body).toBeLessThan(500);
    const heard = (await freshness()).resultsFeed!;
    expect(heard.lastMessageAt).not.toBeNull();
    expect(heard.silentSince).toBe(heard.lastMessageAt);
    now = new Date(Date.parse(heard.lastMessageAt!) + 23 * 3_600_000);
    expect((await freshness()).resultsFeed!.overdue).toBe(false);
    now = new Date(Date.parse(heard.lastMessageAt!) + 25 * 3_600_000);
    expect((await freshness()).resultsFeed!.overdue).toBe(true);
    expect((await putSettings({ feedSilenceHours: 48 })).statusCode).toBe(200);
    expect((await freshness()).resultsFeed!.overdue).toBe(false);
  });

  it('has no feed to be silent once its only client is disabled', async () => {
    await t.app.db.execute(sql`update integration_clients set status = 0 where client_id = ${clientId}`);
    expect((await freshness()).resultsFeed).toBeNull();
  });
});

describe('GET and PUT …/data-freshness/settings', () => {
  it('are the trust admin’s only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: settingsUrl(), headers: bearer(tokens.ta) })).statusCode,
    ).toBe(200);
    for (const role of ['cu', 'cl', 'wa', 'tca', 'sa', 'cso', 'otherTa'] as const) {
      expect(
        (await t.app.inject({ method: 'GET', url: settingsUrl(), headers: bearer(tokens[role]) })).statusCode,
        role,
      ).toBe(403);
      expect((await putSettings({ extractEveryDays: 3 }, tokens[role])).statusCode, role).toBe(403);
    }
    expect((await freshness()).settings.extractEveryDays).toBe(7);
  });

  it('refuses what is not a whole number in range, saying why under the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ extractEveryDays: 0 }, 'extractEveryDays', freshnessSettingsMessages.extractTooShort],
      [{ extractEveryDays: '36' }, 'extractEveryDays', freshnessSettingsMessages.extractTooLong],
      [{ extractEveryDays: 'weekly' }, 'extractEveryDays', freshnessSettingsMessages.extractNotNumber],
      [{ extractEveryDays: 7.5 }, 'extractEveryDays', freshnessSettingsMessages.extractNotNumber],
      [{ feedSilenceHours: 0 }, 'feedSilenceHours', freshnessSettingsMessages.feedTooShort],
      [{ feedSilenceHours: 169 }, 'feedSilenceHours', freshnessSettingsMessages.feedTooLong],
      [{ feedSilenceHours: '2\u00004' }, 'feedSilenceHours', 'Must not contain the null character'],
      [
        { feedSilenceHours: '9'.repeat(100_000) },
        'feedSilenceHours',
        freshnessSettingsMessages.feedNotNumber,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await putSettings(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
    const empty = await putSettings({});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(freshnessSettingsMessages.nothingToChange);
    expect(
      (
        await t.app.inject({ method: 'GET', url: settingsUrl(), headers: bearer(tokens.ta) })
      ).json<FreshnessSettings>(),
    ).toEqual({
      extractEveryDays: 7,
      feedSilenceHours: 48,
    });
  });

  it('records each change in the change log with the value before and after', async () => {
    const response = await putSettings({ extractEveryDays: 3, feedSilenceHours: '12' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FreshnessSettings>()).toEqual({ extractEveryDays: 3, feedSilenceHours: 12 });
    const entries = await queryRows<{ action: string; changes: unknown }>(
      t.app.db,
      sql`select action, changes from change_log where trust_code = ${clerical.trustCode}
        and entity_type = 'trust' order by id`,
    );
    const changes = entries.map((entry) => ({
      action: entry.action,
      changes: typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes,
    }));
    expect(changes.slice(-2)).toEqual([
      {
        action: 'Changed how often a waiting list is expected',
        changes: { 'Waiting list expected every (days)': { before: 7, after: 3 } },
      },
      {
        action: 'Changed how long the results feed may be silent',
        changes: { 'Results feed may be silent for (hours)': { before: 48, after: 12 } },
      },
    ]);
  });
});
