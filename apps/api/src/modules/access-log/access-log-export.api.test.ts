import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accessLogColumnHeaders, accessLogMessages, type AccessLogPage } from '@esr/contracts/access-log';
import { showLondonDateTime } from '@esr/contracts/london-dates';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { insertPathways } from '../../test/factories/pathways.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { contentDisposition, reportFileName } from '../../platform/http/downloads.js';
import { neutraliseFormula } from '../reports/report-format.js';

/**
 * The access log's search as one CSV, for a subject access request (docs/decisions/0066): every
 * entry the list pages through as at the same moment, and nothing after it, of another patient or
 * of another trust; refused to everyone the list refuses and to hostile text; itself recorded in
 * the change log and the access log. Thousands of entries, some written in the same instant, cross
 * the export's 2,000-entry chunks.
 */

let t: TestApp;
/** The server's log lines while the tests run: they must never hold the NHS number searched for. */
const logLines: string[] = [];
let trustCode: string;
let otherTrustCode: string;
/** The patient searched for: a knee and a hip pathway in the trust, and a pathway in another trust. */
const nhsNumber = '9434765919';
const otherPatientNhsNumber = '9990000026';
let patientPathways: string[];
let otherPatientPathway: string;
let patientInOtherTrust: string;

let trustAdmin: { id: string; token: string };
let otherTrustAdminToken: string;
let superAdminToken: string;
/** Tokens of roles of the trust that may not read the access log. */
let refusedTokens: string[];

/** How many entries name the patient before the searches: more than two chunks of the export. */
const seededEntries = 4_100;
/** Entries in one instant, across the first chunk's end, so the keyset must tell them apart by id. */
const sameInstant = 2_100;
/** A clinician whose name a spreadsheet would read as a formula, and who has a comma and quotes in it. */
const formulaFirstName = '=HYPERLINK("https://example.org")';
const formulaLastName = 'Evans, "Bob"';

const exportUrl = (query: string, trust = trustCode) => `/api/trusts/${trust}/access-log/export?${query}`;
const listUrl = (query: string, trust = trustCode) => `/api/trusts/${trust}/access-log/?${query}`;
const call = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/**
 * Entries written straight into the log (its writer's own tests prove how routes write them), by
 * a named reader, `count` of them a second apart back from `newest`, or all at `newest`.
 */
async function seedEntries(entry: {
  trust: string;
  pathwayIds: readonly string[];
  userName: string;
  roles: string;
  count: number;
  newest: Date;
  spacing: 'second' | 'none';
}) {
  const step = entry.spacing === 'second' ? 1 : 0;
  await t.app.db.execute(sql`insert into patient_access_log
      (accessed_at, user_id, user_name, roles, trust_code, pathway_ids, action, route, detail)
    select ${entry.newest.toISOString()}::timestamptz - make_interval(secs => n * ${step}),
      null, ${entry.userName}, ${entry.roles}, ${entry.trust}, ${`{${entry.pathwayIds.join(',')}}`}::uuid[],
      'active-list', 'GET /api/trusts/:trust/waiting-list/procedures/:type/manage/records/active',
      'page ' || n
    from generate_series(1, ${entry.count}) as n`);
}

/** RFC 4180 read one character at a time: fields, quoted or not, and CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i]!;
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A list entry as the CSV writes it: its time as the screen shows it, its text safe from spreadsheets. */
const asLine = (entry: AccessLogPage['items'][number]) => [
  showLondonDateTime(new Date(entry.accessedAt)),
  neutraliseFormula(entry.userName),
  neutraliseFormula(entry.role),
  neutraliseFormula(entry.seen),
];
const formulaName = `${formulaFirstName} ${formulaLastName}`;

const lastChangeId = async () =>
  Number(
    (await queryRows<{ last: number | null }>(t.app.db, sql`select max(id) as last from change_log`))[0]
      ?.last ?? 0,
  );
const lastAccessId = async () =>
  Number(
    (
      await queryRows<{ last: number | null }>(t.app.db, sql`select max(id) as last from patient_access_log`)
    )[0]?.last ?? 0,
  );

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  trustCode = (await createTrust(t.app.db)).trustCode;
  otherTrustCode = (await createTrust(t.app.db)).trustCode;
  patientPathways = [
    ...(await insertPathways(t.app.db, trustCode, 'knee', [{ nhsNumber, lastName: 'Searched' }])),
    ...(await insertPathways(t.app.db, trustCode, 'hip', [{ nhsNumber, lastName: 'Searched' }])),
  ];
  otherPatientPathway = (
    await insertPathways(t.app.db, trustCode, 'knee', [
      { nhsNumber: otherPatientNhsNumber, lastName: 'Other' },
    ])
  )[0]!;
  patientInOtherTrust = (
    await insertPathways(t.app.db, otherTrustCode, 'knee', [{ nhsNumber, lastName: 'Searched' }])
  )[0]!;

  const user = async (roles: ('sa' | 'ta' | 'cu' | 'cl')[], trust = trustCode, extra = {}) =>
    createUser(t.app.db, { trustCode: trust, roles, ...extra });
  const admin = await user(['ta'], trustCode, { firstName: 'Dafydd', lastName: 'Morgan' });
  trustAdmin = { id: admin.id, token: await t.tokenFor(admin.id) };
  otherTrustAdminToken = await t.tokenFor((await user(['ta'], otherTrustCode)).id);
  superAdminToken = await t.tokenFor((await user(['sa'], otherTrustCode)).id);
  refusedTokens = [await t.tokenFor((await user(['cu'])).id), await t.tokenFor((await user(['cl'])).id)];

  const anHourAgo = new Date(Date.now() - 3_600_000);
  await seedEntries({
    trust: trustCode,
    pathwayIds: patientPathways,
    userName: 'Nia Rees',
    roles: 'cu',
    count: seededEntries - sameInstant,
    newest: anHourAgo,
    spacing: 'second',
  });
  await seedEntries({
    trust: trustCode,
    pathwayIds: [patientPathways[1]!],
    userName: 'Ceri Jones',
    roles: 'cu,cl',
    count: sameInstant,
    newest: new Date(anHourAgo.getTime() - 86_400_000),
    spacing: 'none',
  });
  await seedEntries({
    trust: trustCode,
    pathwayIds: patientPathways,
    userName: formulaName,
    roles: 'cl',
    count: 1,
    newest: new Date(anHourAgo.getTime() + 60_000),
    spacing: 'none',
  });
  // Another patient of the trust, and the same NHS number in another trust: neither is searched for.
  await seedEntries({
    trust: trustCode,
    pathwayIds: [otherPatientPathway],
    userName: 'Reader Of Another Patient',
    roles: 'cu',
    count: 5,
    newest: anHourAgo,
    spacing: 'second',
  });
  await seedEntries({
    trust: otherTrustCode,
    pathwayIds: [patientInOtherTrust],
    userName: 'Reader In Another Trust',
    roles: 'cu',
    count: 5,
    newest: anHourAgo,
    spacing: 'second',
  });
}, 240_000);
afterAll(async () => t?.close());

describe('GET /api/trusts/{trust}/access-log/export (the search as CSV, for a subject access request)', () => {
  let firstPage: AccessLogPage;
  let lines: string[][];
  let fileName: string;

  it('answers every entry of the search as at the list’s moment, in one CSV', async () => {
    const first = await call(
      listUrl(`nhsNumber=943%20476%205919&pageNumber=1&pageSize=100`),
      trustAdmin.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    firstPage = first.json<AccessLogPage>();
    expect(firstPage.totalCount).toBe(seededEntries + 1);
    // Recorded after the search's moment, as the list's own reads are: in no page, nor in the file.
    await seedEntries({
      trust: trustCode,
      pathwayIds: patientPathways,
      userName: 'Late Reader',
      roles: 'cl',
      count: 1,
      newest: new Date(Date.parse(firstPage.asAt) + 1),
      spacing: 'none',
    });

    const response = await call(
      exportUrl(`nhsNumber=943%20476%205919&asAt=${encodeURIComponent(firstPage.asAt)}`),
      trustAdmin.token,
    );
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    fileName = reportFileName('Access log', 'csv', new Date(firstPage.asAt));
    expect(fileName).toMatch(/^Access log_\d{8}-\d{6}\.csv$/);
    expect(response.headers['content-disposition']).toBe(contentDisposition(fileName));

    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(Object.values(accessLogColumnHeaders));
    lines = rows;
    expect(lines).toHaveLength(firstPage.totalCount);
  });

  it('holds exactly the rows of every page of the list, in the list’s order', async () => {
    const pages = [firstPage];
    for (
      let pageNumber = 2;
      pages.flatMap((page) => page.items).length < firstPage.totalCount;
      pageNumber += 1
    ) {
      const page = await call(
        listUrl(
          `nhsNumber=${nhsNumber}&pageNumber=${pageNumber}&pageSize=100&asAt=${encodeURIComponent(firstPage.asAt)}`,
        ),
        trustAdmin.token,
      );
      expect(page.statusCode).toBe(200);
      pages.push(page.json<AccessLogPage>());
      expect(pageNumber).toBeLessThan(100);
    }
    expect(lines).toEqual(pages.flatMap((page) => page.items).map(asLine));
    // Each of the entries in one instant once, though they straddle the first chunk's end.
    expect(lines.filter((line) => line[1] === 'Ceri Jones')).toHaveLength(sameInstant);
    expect(lines.filter((line) => line[2] === 'Clerical User, Clinician')).toHaveLength(sameInstant);
  });

  it('leaves out what was recorded after the moment, another patient’s entries and another trust’s', () => {
    const readers = new Set(lines.map((line) => line[1]));
    expect(readers).toEqual(new Set(['Nia Rees', 'Ceri Jones', `'${formulaName}`]));
    expect(lines.flat().join('\n')).not.toContain(accessLogMessages.title);
  });

  it('writes a name a spreadsheet would read as a formula as text, quoted as RFC 4180 quotes it', async () => {
    const response = await call(
      exportUrl(`nhsNumber=${nhsNumber}&asAt=${encodeURIComponent(firstPage.asAt)}`),
      trustAdmin.token,
    );
    expect(response.body).toContain(`,"'${formulaName.replace(/"/g, '""')}",Clinician,`);
    expect(lines).toContainEqual([
      expect.any(String),
      `'${formulaName}`,
      'Clinician',
      'Total records, page 1',
    ]);
  });

  it('is recorded in the change log and the access log before the download, and never lists itself', async () => {
    const changeBefore = await lastChangeId();
    const accessBefore = await lastAccessId();
    const response = await call(
      exportUrl(`nhsNumber=${nhsNumber}&asAt=${encodeURIComponent(firstPage.asAt)}`),
      trustAdmin.token,
    );
    expect(response.statusCode).toBe(200);
    const changes = await queryRows<{
      created_by_user_id: string;
      created_by: string;
      trust_code: string;
      action: string;
      entity_type: string;
      entity_id: string;
      changes: Record<string, { after: unknown }>;
    }>(
      t.app.db,
      sql`select created_by_user_id::text as created_by_user_id, created_by, trust_code, action,
          entity_type, entity_id, changes
        from change_log where id > ${changeBefore} order by id`,
    );
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change).toMatchObject({
      created_by_user_id: trustAdmin.id,
      created_by: 'Dafydd Morgan',
      trust_code: trustCode,
      entity_type: 'report',
      entity_id: fileName,
      action: `Exported who has seen the record of the patient with NHS number ending 5919, as at ${showLondonDateTime(new Date(firstPage.asAt))}, as CSV (4,101 rows): ${fileName}`,
    });
    expect(change!.changes.filters!.after).toEqual(['NHS number']);
    expect(change!.changes.rows!.after).toBe(seededEntries + 1);
    expect(change!.changes.asAt!.after).toBe(firstPage.asAt);
    // The change log is read by admins of every trust: never the whole number (decision 0051).
    expect(JSON.stringify(change)).not.toContain(nhsNumber);

    const entries = await queryRows<{
      user_id: string;
      route: string;
      action: string;
      detail: string;
      pathway_ids: string[];
    }>(
      t.app.db,
      sql`select user_id::text as user_id, route, action, detail, pathway_ids::text[] as pathway_ids
        from patient_access_log where id > ${accessBefore} order by id`,
    );
    expect(entries).toEqual([
      {
        user_id: trustAdmin.id,
        route: 'GET /api/trusts/:trust/access-log/export',
        action: 'access-log-export',
        detail: fileName,
        pathway_ids: expect.arrayContaining(patientPathways) as string[],
      },
    ]);
    expect(entries[0]!.pathway_ids).toHaveLength(patientPathways.length);
    // As at the moment: the entries written since, the export's own among them, are not in it.
    expect(parseCsv(response.rawPayload.toString('utf8').slice(1))).toHaveLength(seededEntries + 2);

    // A new search shows the download, in words.
    const latest = (
      await call(listUrl(`nhsNumber=${nhsNumber}&pageSize=3`), trustAdmin.token)
    ).json<AccessLogPage>();
    expect(latest.items.map((item) => item.seen)).toContain(
      'Who has seen a patient’s record, downloaded as CSV',
    );
  });

  it('is as at now without a moment, or with one still to come', async () => {
    for (const query of [`nhsNumber=${nhsNumber}`, `nhsNumber=${nhsNumber}&asAt=2999-01-01T00:00:00.000Z`]) {
      const changeBefore = await lastChangeId();
      const response = await call(exportUrl(query), trustAdmin.token);
      expect(response.statusCode).toBe(200);
      const [change] = await queryRows<{ changes: Record<string, { after: unknown }> }>(
        t.app.db,
        sql`select changes from change_log where id > ${changeBefore} order by id limit 1`,
      );
      const asAt = Date.parse(change!.changes.asAt!.after as string);
      expect(asAt).toBeLessThanOrEqual(Date.now());
      const rows = parseCsv(response.rawPayload.toString('utf8').slice(1)).length - 1;
      expect(rows).toBe(change!.changes.rows!.after);
      // The late reader and the searches and exports since are in it.
      expect(response.body).toContain('Late Reader');
      expect(response.body).toContain('Who has seen a patient’s record, downloaded as CSV');
    }
  });

  it('answers a trust admin of the other trust with only that trust’s entries', async () => {
    const response = await call(exportUrl(`nhsNumber=${nhsNumber}`, otherTrustCode), otherTrustAdminToken);
    expect(response.statusCode).toBe(200);
    const [, ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(['Reader In Another Trust']));
    expect(rows).toHaveLength(5);
  });

  it('answers a number of no patient of the trust with the header alone, recorded in the change log only', async () => {
    const accessBefore = await lastAccessId();
    const changeBefore = await lastChangeId();
    const response = await call(exportUrl('nhsNumber=9990000018'), trustAdmin.token);
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.rawPayload.toString('utf8').slice(1))).toEqual([
      Object.values(accessLogColumnHeaders),
    ]);
    expect(await lastAccessId()).toBe(accessBefore);
    const [change] = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where id > ${changeBefore}`,
    );
    expect(change!.action).toContain('NHS number ending 0018');
    expect(change!.action).toContain('(0 rows)');
  });

  it.each([
    ['a NUL byte', 'nhsNumber=943476%005919', 'nhsNumber'],
    ['a lone surrogate', 'nhsNumber=943476%ED%A0%805919', 'nhsNumber'],
    ['10,000 characters', `nhsNumber=${'9'.repeat(10_000)}`, 'nhsNumber'],
    ['a moment that is not one', `nhsNumber=${nhsNumber}&asAt=yesterday`, 'asAt'],
    ['a moment of 10,000 characters', `nhsNumber=${nhsNumber}&asAt=${'2'.repeat(10_000)}`, 'asAt'],
    ['no NHS number', '', 'nhsNumber'],
    ['an NHS number that fails the check digit', 'nhsNumber=9434765918', 'nhsNumber'],
  ])('refuses %s with 400 under the parameter, and records nothing', async (_label, query, field) => {
    const changeBefore = await lastChangeId();
    const accessBefore = await lastAccessId();
    const response = await call(exportUrl(query), trustAdmin.token);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
    expect(await lastChangeId()).toBe(changeBefore);
    expect(await lastAccessId()).toBe(accessBefore);
  });

  it('is described in the OpenAPI document: its query, its CSV and who may call it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<
        string,
        {
          get: {
            parameters?: { name: string; in: string }[];
            responses: Record<string, { content?: Record<string, unknown> }>;
            'x-permissions'?: string[];
          };
        }
      >;
    }>();
    const operation = document.paths['/api/trusts/{trust}/access-log/export']!.get;
    expect(operation['x-permissions']).toEqual(['access-log:read']);
    expect(operation.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
      'nhsNumber',
      'asAt',
    ]);
    expect(Object.keys(operation.responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
  });

  it('answers the trust’s admins and super admins, and no one else', async () => {
    const query = `nhsNumber=${nhsNumber}`;
    expect((await call(exportUrl(query), superAdminToken)).statusCode).toBe(200);
    expect((await call(exportUrl(query), otherTrustAdminToken)).statusCode).toBe(403);
    for (const token of refusedTokens) expect((await call(exportUrl(query), token)).statusCode).toBe(403);
    expect((await call(exportUrl(query))).statusCode).toBe(401);
    expect((await call(exportUrl(query, 'ZZZ99'), superAdminToken)).statusCode).toBe(404);
  });

  it('writes no NHS number to the server log, in any of the forms it was sent in', () => {
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(0);
    expect(log).toContain('/access-log/export');
    for (const form of [nhsNumber, '943 476 5919', '943%20476%205919', '943476', otherPatientNhsNumber])
      expect(log).not.toContain(form);
  });
});
