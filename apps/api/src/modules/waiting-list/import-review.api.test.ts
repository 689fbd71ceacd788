/**
 * What the validation summary tells the clerk before Confirm (decision 0037): what the confirm will
 * do to the active list, the pathways it will archive, the rows with errors and every warning as
 * files to download.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ToBeArchived, ValidationSummary } from '@esr/contracts/waiting-list';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  decide,
  get,
  idle,
  summaryOf,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { pasHeader, pasPatients as patient } from '../../test/factories/pas-extract.js';
import { createUser } from '../../test/factories/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const bloods = (nhsNumbers: string[]) =>
  csvFile('pathology.csv', [
    'NHS Number,Test Name,Result,Units,Sample Date',
    ...nhsNumbers.flatMap((nhs) => [
      `${nhs},Hb,128,g/L,01/10/2026`,
      `${nhs},Creatinine,88,umol/L,01/10/2026`,
    ]),
  ]);

const files = (who: ClericalTrust) => `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/files`;

async function validatedUpload(who: ClericalTrust, lines: string[], bloodNhs: string[]) {
  const upload = await uploadFiles(t, who, 'knee', csvFile('ptl.csv', lines), bloods(bloodNhs));
  expect(upload.statusCode).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  await validated(t, who, 'knee', batchId);
  return batchId;
}

async function confirmed(who: ClericalTrust, batchId: string) {
  expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
  await idle(t, who, 'knee');
  const [batch] = await queryRows<{ created_count: number; updated_count: number; archived_count: number }>(
    t.app.db,
    sql`select created_count, updated_count, archived_count from import_batches where id = ${batchId}`,
  );
  return batch!;
}

const download = (who: ClericalTrust, what: 'rows-with-errors' | 'warnings', batchId: string, file: string) =>
  t.app.inject({
    method: 'GET',
    url: `${files(who)}/${what}/?batchId=${batchId}&file=${file}`,
    headers: bearer(who.token),
  });

/** The CSV's lines, without its byte-order mark. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('what the confirm will do', () => {
  it('counts the pathways added, updated, unchanged and archived, as the confirm then does them', async () => {
    const who = await createClericalTrust(t);
    const first = await validatedUpload(
      who,
      [pasHeader, patient.first, patient.second, patient.third, patient.fourth],
      ['9434765919', '9990000018'],
    );
    const before = await summaryOf(t, who, 'knee', first);
    expect(before.changes).toEqual({ added: 4, updated: 0, unchanged: 0, archived: 0 });
    await confirmed(who, first);

    // The first patient as they were, the second weighed again, the third and fourth gone, a new fifth.
    const heavier = patient.second.replace(',178,91,', ',178,104,');
    const second = await validatedUpload(
      who,
      [pasHeader, patient.first, heavier, patient.fifth],
      ['9434765919', '9990000018'],
    );
    const summary = await summaryOf(t, who, 'knee', second);
    expect(summary.changes).toEqual({ added: 1, updated: 1, unchanged: 1, archived: 2 });

    const batch = await confirmed(who, second);
    expect(batch).toEqual({ created_count: 1, updated_count: 1, archived_count: 2 });
    // Once imported, the summary says what the confirm did.
    const after = await summaryOf(t, who, 'knee', second);
    expect(after.batchStatus).toBe('IMPORTED');
    expect(after.changes).toEqual(summary.changes);
  });

  it('counts a surgeon changed on the file as an update, though the model reads the same', async () => {
    const who = await createClericalTrust(t);
    await confirmed(who, await validatedUpload(who, [pasHeader, patient.first], ['9434765919']));
    const newSurgeon = patient.first.replace('Mr A Hamid', 'Ms R Kaur');
    const batchId = await validatedUpload(who, [pasHeader, newSurgeon], ['9434765919']);
    expect((await summaryOf(t, who, 'knee', batchId)).changes).toEqual({
      added: 0,
      updated: 1,
      unchanged: 0,
      archived: 0,
    });
    expect(await confirmed(who, batchId)).toMatchObject({ updated_count: 1 });
  });

  it('gives no counts for an upload that cannot be confirmed', async () => {
    const who = await createClericalTrust(t);
    const badNhs =
      '943 476 5918,RAN100009,Anna,Bell,01/02/1950,F,160,70,4,Total knee replacement,02/01/2026,,Mr A Hamid,Y,N,N';
    const batchId = await validatedUpload(who, [pasHeader, patient.first, badNhs], ['9434765919']);
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.waiting_list_result.status).toBe('VALIDATED_WITH_ERRORS');
    expect(summary.changes).toBeNull();
    const list = await get<ToBeArchived>(t, who, `${files(who)}/to-be-archived/?batchId=${batchId}`);
    expect(list).toEqual({ items: [], pageNumber: 1, pageSize: 15, totalCount: 0 });
  });
});

describe('the pathways the confirm will archive', () => {
  it('lists them a page at a time, with name and NHS number, and records each read in the access log', async () => {
    const who = await createClericalTrust(t);
    await confirmed(
      who,
      await validatedUpload(
        who,
        [pasHeader, patient.first, patient.second, patient.third, patient.fourth],
        ['9434765919'],
      ),
    );
    const batchId = await validatedUpload(who, [pasHeader, patient.first], ['9434765919']);
    const page = await get<ToBeArchived>(
      t,
      who,
      `${files(who)}/to-be-archived/?batchId=${batchId}&pageNumber=1&pageSize=2`,
    );
    // By surname: Clarke, Nowak, then Price on the next page.
    expect(page.totalCount).toBe(3);
    expect(page.items).toEqual([
      expect.objectContaining({
        nhsNumber: '9990000026',
        hospitalNumber: 'RAN100003',
        firstName: 'Zoë',
        lastName: 'Clarke',
        dateOfBirth: '1960-06-30',
        referralDate: '2026-03-20',
      }),
      expect.objectContaining({ nhsNumber: '9990000018', lastName: 'Nowak' }),
    ]);
    const next = await get<ToBeArchived>(
      t,
      who,
      `${files(who)}/to-be-archived/?batchId=${batchId}&pageNumber=2&pageSize=2`,
    );
    expect(next.items.map((item) => item.lastName)).toEqual(['Price']);

    const logged = await queryRows<{ pathway_id: string; action: string; user_id: string; detail: string }>(
      t.app.db,
      sql`select unnest(pathway_ids)::text as pathway_id, action, user_id, detail from patient_access_log
        where trust_code = ${who.trustCode} and action = 'to-be-archived'`,
    );
    // One entry a page, naming the upload and the page.
    expect(logged).toHaveLength(3);
    expect(new Set(logged.map((row) => row.detail))).toEqual(
      new Set([`upload ${batchId}, page 1`, `upload ${batchId}, page 2`]),
    );
    expect(new Set(logged.map((row) => row.pathway_id))).toEqual(
      new Set([...page.items, ...next.items].map((item) => item.id)),
    );
    expect(logged.every((row) => row.user_id === who.userId)).toBe(true);

    // The confirm archives exactly those.
    await confirmed(who, batchId);
    const archived = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from pathways where trust_code = ${who.trustCode} and not is_active`,
    );
    expect(new Set(archived.map((row) => row.id))).toEqual(
      new Set([...page.items, ...next.items].map((item) => item.id)),
    );
  });

  it('refuses other roles and other trusts', async () => {
    const who = await createClericalTrust(t);
    const other = await createClericalTrust(t);
    const clinician = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['cl'] });
    const clinicianToken = await t.tokenFor(clinician.id);
    const batchId = await validatedUpload(who, [pasHeader, patient.first], ['9434765919']);
    for (const what of [
      `to-be-archived/?batchId=${batchId}`,
      `rows-with-errors/?batchId=${batchId}&file=waitingList`,
      `warnings/?batchId=${batchId}&file=bloodTest`,
    ]) {
      const url = `${files(who)}/${what}`;
      const asClinician = await t.app.inject({ method: 'GET', url, headers: bearer(clinicianToken) });
      expect(asClinician.statusCode, url).toBe(403);
      const asOtherTrust = await t.app.inject({ method: 'GET', url, headers: bearer(other.token) });
      expect(asOtherTrust.statusCode, url).toBe(403);
      const foreign = await t.app.inject({
        method: 'GET',
        url: `${files(other)}/${what}`,
        headers: bearer(other.token),
      });
      expect(foreign.statusCode, url).toBe(404);
    }
    const unknownFile = await download(who, 'warnings', batchId, 'pathology');
    expect(unknownFile.statusCode).toBe(400);
  });
});

describe('the rows with errors, as a file', () => {
  it('holds each row with errors, its reasons in a column, and its cells, each safe to open in a spreadsheet', async () => {
    const who = await createClericalTrust(t);
    const lines = [
      'Trauma & Orthopaedics patient tracking list,,,,,,,,,,,,,,,',
      pasHeader,
      patient.first,
      '943 476 5918,RAN100009,Anna,=HYPERLINK("http://x"),01/02/1950,F,160,70,4,Total knee replacement,02/01/2026,,Mr A Hamid,Y,N,N',
      '999 000 0042,RAN100010,Tom,Reed,31/02/1950,M,170,80,4,Total knee replacement,02/01/2026,,Mr A Hamid,maybe,N,N',
    ];
    const batchId = await validatedUpload(who, lines, ['9434765919']);
    const response = await download(who, 'rows-with-errors', batchId, 'waitingList');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=".+ waiting list rows with errors_\d{8}-\d{6}\.csv"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, row4, row5, ...rest] = csvLines(response.body);
    expect(rest).toEqual([]);
    expect(header!.split(',').slice(0, 4)).toEqual([
      'Row in your spreadsheet',
      'Reasons',
      'NHS number',
      'Local patient identifier',
    ]);
    expect(row4).toMatch(/^4,"?NHS number: NHS number 943 476 5918 fails the check digit/);
    // A surname a spreadsheet would run as a formula is written as text.
    expect(row4).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(row4).not.toMatch(/,=HYPERLINK/);
    expect(row5).toMatch(/^5,/);
    expect(row5).toContain('Date of birth: ');
    expect(row5).toContain('31/02/1950');

    const [change] = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where entity_id = ${batchId} and action like 'Downloaded%'`,
    );
    expect(change!.action).toMatch(
      /^Downloaded the rows with errors of the .+ waiting list upload ptl\.csv \(2 rows\): /,
    );
  });

  it('is a header alone for a file with no rows with errors', async () => {
    const who = await createClericalTrust(t);
    const batchId = await validatedUpload(who, [pasHeader, patient.first], ['9434765919']);
    const response = await download(who, 'rows-with-errors', batchId, 'bloodTest');
    expect(response.statusCode).toBe(200);
    expect(csvLines(response.body)).toEqual(['Row in your spreadsheet,Reasons']);
  });
});

describe('the warnings', () => {
  it('are counted by kind in the summary, and every one is in the file’s warnings download', async () => {
    const who = await createClericalTrust(t);
    const noDob = (line: string) => line.replace(/,\d\d\/\d\d\/19\d\d,/, ',,');
    const batchId = await validatedUpload(
      who,
      [pasHeader, noDob(patient.first), noDob(patient.second), noDob(patient.third), patient.fourth],
      ['9434765919'],
    );
    const summary: ValidationSummary = await summaryOf(t, who, 'knee', batchId);
    const groups = summary.waiting_list_result.warning_groups;
    // The three rows without a date of birth (the largest group first), then the knee model's inputs
    // (models/default/knee/MODEL_CARD.md) that this PAS extract has no column for: one warning each
    // for the file, naming the value the model will use (decision 0057).
    const notInExtract = ['ethnicGroup', 'af', 'ihd', 'ang', 'valv', 'pvd', 'dem', 'alz'].concat([
      'pa',
      'ps',
      'idd',
      'nidd',
      'hypo',
      'hype',
      'ra',
      'foa',
    ]);
    expect(groups.map((group) => [group.kind, group.count])).toEqual([
      ['dobMissing', 3],
      ...notInExtract.map((field) => [`absent:${field}`, 1]),
    ]);
    expect(groups[1]).toEqual({
      kind: 'absent:ethnicGroup',
      field: 'ethnicGroup',
      count: 1,
      message:
        "The file has no Ethnic category column: the model will use 'White: British' for every patient.",
    });
    expect(groups[0]).toEqual({
      kind: 'dobMissing',
      field: 'dateOfBirth',
      count: 3,
      message: '3 rows have no date of birth: the model will use its default age for them.',
    });
    const response = await download(who, 'warnings', batchId, 'waitingList');
    expect(response.statusCode).toBe(200);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Row in your spreadsheet,Field,Warning');
    expect(lines.length - 1).toBe(groups.reduce((sum, group) => sum + group.count, 0));
    expect(lines.filter((line) => line.includes(',Date of birth,'))).toEqual([
      '2,Date of birth,Date of birth is missing: the model will use its default age.',
      '3,Date of birth,Date of birth is missing: the model will use its default age.',
      '4,Date of birth,Date of birth is missing: the model will use its default age.',
    ]);
    expect(lines).toContain(
      ",Ethnic category,The file has no Ethnic category column: the model will use 'White: British' for every patient.",
    );
  });

  it('of a blood-test file are grouped by test, and the file’s own warnings are listed first', async () => {
    const who = await createClericalTrust(t);
    const pathology = csvFile('pathology.csv', [
      'NHS Number,Test Name,Result,Units,Sample Date',
      '943 476 5919,CRP,<5,mg/L,01/10/2026',
      '999 000 0018,CRP,<5,mg/L,01/10/2026',
      '999 000 0018,Hb,128,g/L,01/10/2026',
      '999 000 0018,Ferritin,80,ug/L,01/10/2026',
    ]);
    const upload = await uploadFiles(
      t,
      who,
      'knee',
      csvFile('ptl.csv', [pasHeader, patient.first, patient.second]),
      pathology,
    );
    const { batchId } = upload.json<{ batchId: string }>();
    await validated(t, who, 'knee', batchId);
    const groups = (await summaryOf(t, who, 'knee', batchId)).blood_test_result.warning_groups;
    expect(groups.map((group) => [group.kind, group.count])).toEqual([
      ['limit:crp', 2],
      ['note', 1],
    ]);
    expect(groups[0]!.message).toBe(
      "2 CRP results are a lab's reporting limit (such as '<5'): the limit was used.",
    );
    const lines = csvLines((await download(who, 'warnings', batchId, 'bloodTest')).body);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^,Test name,"?Test 'Ferritin' is not one the model uses/);
    expect(lines[2]).toMatch(/^2,CRP,CRP result '<5' is below/);
    expect(lines[3]).toMatch(/^3,CRP,/);
  });
});
