import { demoFileLines, demoFileText } from '../../test/factories/demo-files.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accessLogMessages, type AccessLogPage } from '@esr/contracts/access-log';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  decide,
  idle,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { createTrust, createUser } from '../../test/factories/users.js';

/**
 * The access log (decision 0042) on a trust's 2,400-patient knee list imported through the real
 * pipeline: an export is one entry listing every row it carried, in each format, and "who has
 * seen this patient" answers the trust's admins, newest first, in words, and is itself recorded.
 */

let t: TestApp;
let who: ClericalTrust;
let clinicianToken: string;
let trustAdminToken: string;
let trustAdminId: string;
let otherTrustAdminToken: string;
let superAdminToken: string;
/** Tokens of every role that may not read the access log, in the list's trust. */
let refusedTokens: string[];

const demoRows = demoFileLines('knee-waiting-list.csv').slice(1);
/** The first patient of the list: Patricia Morris, 999 084 5255. */
const patricia = demoRows[0]!.split(',')[0]!.replace(/\s/g, '');

const records = () => `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/manage/records`;
const accessLogUrl = (query: string, trust = who.trustCode) => `/api/trusts/${trust}/access-log/?${query}`;
const call = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function lastEntries(route: string, after: number) {
  return queryRows<{ pathway_ids: string[]; detail: string | null; action: string }>(
    t.app.db,
    sql`select pathway_ids::text[] as pathway_ids, detail, action from patient_access_log
      where id > ${after} and route = ${route} order by id`,
  );
}
const lastId = async () =>
  Number(
    (
      await queryRows<{ last: number | null }>(t.app.db, sql`select max(id) as last from patient_access_log`)
    )[0]?.last ?? 0,
  );
const activeIds = async (extra = sql``) =>
  (
    await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text as id from pathways where trust_code = ${who.trustCode} and is_active ${extra}`,
    )
  )
    .map((row) => row.id)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  who = await createClericalTrust(t);
  const upload = await uploadFiles(
    t,
    who,
    'knee',
    { name: 'ptl.csv', bytes: demoFileText('knee-waiting-list.csv') },
    { name: 'knee-blood-tests.csv', bytes: demoFileText('knee-blood-tests.csv') },
  );
  expect(upload.statusCode, upload.body).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  await validated(t, who, 'knee', batchId);
  expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
  await idle(t, who, 'knee');
  const user = (roles: ('sa' | 'ta' | 'cu' | 'cl' | 'tca' | 'wa')[], extra = {}, trustCode = who.trustCode) =>
    createUser(t.app.db, { trustCode, roles, ...extra });
  clinicianToken = await t.tokenFor((await user(['cl'], { firstName: 'Nia', lastName: 'Rees' })).id);
  const trustAdmin = await user(['ta'], { firstName: 'Dafydd', lastName: 'Morgan' });
  trustAdminId = trustAdmin.id;
  trustAdminToken = await t.tokenFor(trustAdmin.id);
  const other = await createTrust(t.app.db);
  otherTrustAdminToken = await t.tokenFor((await user(['ta'], {}, other.trustCode)).id);
  superAdminToken = await t.tokenFor((await user(['sa'], {}, other.trustCode)).id);
  refusedTokens = [who.token, clinicianToken];
  for (const role of ['tca', 'wa'] as const) refusedTokens.push(await t.tokenFor((await user([role])).id));
}, 240_000);
afterAll(async () => t?.close());

describe('an export is one access entry listing every row it carried', () => {
  const exportRoute = 'GET /api/trusts/:trust/waiting-list/procedures/:type/manage/records/active/export';

  it.each(['csv', 'xlsx'] as const)('of the whole list, as %s', async (fileType) => {
    const after = await lastId();
    const response = await call(
      `${records()}/active/export?fileName=Theatre%20list&fileType=${fileType}&fields=nhsNumber,firstName,lastName`,
      who.token,
    );
    expect(response.statusCode).toBe(200);
    const entries = await lastEntries(exportRoute, after);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('export');
    expect(entries[0]!.detail).toMatch(new RegExp(`^Theatre list_\\d{8}-\\d{6}\\.${fileType}$`));
    // 2,400 rows read 2,000 at a time: every one of them, once.
    expect(entries[0]!.pathway_ids).toHaveLength(2400);
    expect([...entries[0]!.pathway_ids].sort()).toEqual(await activeIds());
  });

  it('as a PDF, laid out on a document thread from rows read here', async () => {
    const after = await lastId();
    const response = await call(
      `${records()}/active/export?fileName=Okonkwo&fileType=pdf&fields=nhsNumber,lastName&surgeonName=Okonkwo`,
      who.token,
    );
    expect(response.statusCode).toBe(200);
    const [entry, ...more] = await lastEntries(exportRoute, after);
    expect(more).toEqual([]);
    const expected = await activeIds(sql`and surgeon_name ilike '%okonkwo%'`);
    expect(expected.length).toBeGreaterThan(0);
    expect([...entry!.pathway_ids].sort()).toEqual(expected);
  });

  it('writes nothing for an export that carried no patient', async () => {
    const after = await lastId();
    const response = await call(
      `${records()}/active/export?fileName=None&fileType=csv&fields=nhsNumber&nhsNumber=0000`,
      who.token,
    );
    expect(response.statusCode).toBe(200);
    expect(await lastEntries(exportRoute, after)).toEqual([]);
  });
});

describe('GET /api/trusts/{trust}/access-log (who has seen a patient’s record)', () => {
  it('lists every access to the patient’s pathways, newest first, in words', async () => {
    const [pathway] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text as id from pathways where trust_code = ${who.trustCode} and nhs_number = ${patricia}`,
    );
    const patient = `/api/trusts/${who.trustCode}/procedures/knee/patients/${pathway!.id}`;
    expect((await call(`${patient}/risk-summary/`, clinicianToken)).statusCode).toBe(200);
    expect((await call(`${patient}/risk-summary/export`, clinicianToken)).statusCode).toBe(200);
    expect(
      (await call(`${records()}/active?pageNumber=1&pageSize=15&nhsNumber=${patricia}`, who.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(`${records()}/active?pageNumber=3&pageSize=15&sort=surname`, who.token)).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          `${records()}/active/export?fileName=Theatre%20list&fileType=csv&fields=nhsNumber,lastName`,
          who.token,
        )
      ).statusCode,
    ).toBe(200);

    // Written spaced, as people type it.
    const response = await call(
      accessLogUrl(`nhsNumber=999%20084%205255&pageNumber=1&pageSize=15`),
      trustAdminToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AccessLogPage>();
    // The page of the list sorted by surname is not Patricia's (MORRIS is not on page 3): not listed.
    expect(page.items.slice(0, 4).map(({ role, seen }) => ({ role, seen }))).toEqual([
      { role: 'Clerical User', seen: "Export 'Theatre list' (CSV, 2,400 patients)" },
      { role: 'Clerical User', seen: 'Total records, page 1, filtered by NHS number' },
      { role: 'Clinician', seen: 'Risk summary PDF' },
      { role: 'Clinician', seen: 'Risk summary' },
    ]);
    expect(page.items.slice(2, 4).map((item) => item.userName)).toEqual(['Nia Rees', 'Nia Rees']);
    expect(page.items[0]!.userName).toMatch(/^Ceri /);
    expect(page.items[1]!.userName).toBe(page.items[0]!.userName);
    const times = page.items.map((item) => item.accessedAt);
    expect(times.every((time) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(time))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);
    // The earlier exports of the whole list showed her too.
    expect(page.items.map((item) => item.seen)).toContain("Export 'Theatre list' (XLSX, 2,400 patients)");
    // Nothing about anyone else: when, who, in which role, what.
    for (const item of page.items)
      expect(Object.keys(item).sort()).toEqual(['accessedAt', 'role', 'seen', 'userName']);
  });

  it('is itself recorded, and paged', async () => {
    const first = await call(accessLogUrl(`nhsNumber=${patricia}&pageNumber=1&pageSize=2`), trustAdminToken);
    expect(first.statusCode).toBe(200);
    const again = (
      await call(accessLogUrl(`nhsNumber=${patricia}&pageNumber=1&pageSize=2`), trustAdminToken)
    ).json<AccessLogPage>();
    expect(again.items[0]).toMatchObject({
      userName: 'Dafydd Morgan',
      role: 'Trust Admin',
      seen: 'Who has seen a patient’s record, page 1',
    });
    expect(again.items).toHaveLength(2);
    expect(again.totalCount).toBeGreaterThan(5);
    const [logged] = await queryRows<{ route: string; user_id: string }>(
      t.app.db,
      sql`select route, user_id::text as user_id from patient_access_log
        where trust_code = ${who.trustCode} and action = 'access-log' order by id desc limit 1`,
    );
    expect(logged).toEqual({ route: 'GET /api/trusts/:trust/access-log', user_id: trustAdminId });
    const later = (
      await call(accessLogUrl(`nhsNumber=${patricia}&pageNumber=2&pageSize=2`), trustAdminToken)
    ).json<AccessLogPage>();
    expect(later.pageNumber).toBe(2);
    expect(later.items).toHaveLength(2);
    expect(later.items[0]!.accessedAt <= again.items[1]!.accessedAt).toBe(true);
    const beyond = (
      await call(accessLogUrl(`nhsNumber=${patricia}&pageNumber=999&pageSize=2`), trustAdminToken)
    ).json<AccessLogPage>();
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBeGreaterThan(5);
  });

  it('pages from the moment of the first page, so that its own reads do not shift the rows', async () => {
    const read = async (page: number, asAt?: string) =>
      (
        await call(
          accessLogUrl(
            `nhsNumber=${patricia}&pageNumber=${page}&pageSize=2${asAt ? `&asAt=${encodeURIComponent(asAt)}` : ''}`,
          ),
          trustAdminToken,
        )
      ).json<AccessLogPage>();
    const first = await read(1);
    expect(Number.isNaN(Date.parse(first.asAt))).toBe(false);
    // To the microsecond, as the entries are: cut to the millisecond, the moment fell before an
    // entry written in its millisecond, and a new search straight after missed that entry.
    expect(first.asAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const second = await read(2, first.asAt);
    const firstAgain = await read(1, first.asAt);
    // Each read was recorded, yet the pages as at the first are the same rows, the total the same.
    expect(second.asAt).toBe(first.asAt);
    expect([second.totalCount, firstAgain.totalCount]).toEqual([first.totalCount, first.totalCount]);
    expect(firstAgain.items).toEqual(first.items);
    expect(second.items.every((entry) => entry.accessedAt <= first.items.at(-1)!.accessedAt)).toBe(true);
    // A new search is as at its own moment, with the reads since.
    expect((await read(1)).totalCount).toBe(first.totalCount + 3);
    expect(
      (await call(accessLogUrl(`nhsNumber=${patricia}&asAt=yesterday`), trustAdminToken)).statusCode,
    ).toBe(400);
  });

  it('answers an NHS number of no patient of the trust with nothing, and records nothing', async () => {
    const after = await lastId();
    const response = await call(accessLogUrl('nhsNumber=9434765919'), trustAdminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<AccessLogPage>()).toMatchObject({
      items: [],
      pageNumber: 1,
      pageSize: 15,
      totalCount: 0,
    });
    expect(await lastEntries('GET /api/trusts/:trust/access-log', after)).toEqual([]);
  });

  it.each([
    ['', accessLogMessages.nhsNumberRequired],
    ['nhsNumber=', accessLogMessages.nhsNumberRequired],
    ['nhsNumber=99908452', accessLogMessages.nhsNumberLength],
    ['nhsNumber=999%20084%205256', accessLogMessages.nhsNumberInvalid],
  ])('refuses %s with 400: %s', async (query, message) => {
    const response = await call(accessLogUrl(query), trustAdminToken);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({ nhsNumber: [message] });
  });

  it('answers the trust’s admins and super admins, and no one else', async () => {
    const query = `nhsNumber=${patricia}`;
    expect((await call(accessLogUrl(query), superAdminToken)).statusCode).toBe(200);
    expect((await call(accessLogUrl(query), otherTrustAdminToken)).statusCode).toBe(403);
    for (const token of refusedTokens) expect((await call(accessLogUrl(query), token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: accessLogUrl(query) })).statusCode).toBe(401);
  });
});
