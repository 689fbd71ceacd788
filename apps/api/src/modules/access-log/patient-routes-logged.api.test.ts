import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RiskHistory } from '@esr/contracts/patients';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  decide,
  get,
  idle,
  uploadFiles,
  validated,
  waitUntil,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { multipartBody } from '../../test/multipart.js';
import { pasHeader, recentSampleDate } from '../../test/factories/pas-extract.js';
import { createUser } from '../../test/factories/users.js';

/**
 * The one access-log rule (decision 0042): every operation of the OpenAPI document whose answer
 * carries an identifiable patient, or is a file of patients, writes an access entry naming its
 * route. The operations are found in the document the app serves, so a new one that carries
 * patients fails here until it has a sample call below and logs.
 */

let t: TestApp;
let who: ClericalTrust;
let clinician: { userId: string; token: string };
let trustAdmin: { userId: string; token: string };

/** Keys that identify a patient in an answer. Names alone are not among them: users have names too. */
const patientKeys = new Set([
  'nhsNumber',
  'dateOfBirth',
  'dobYear',
  'hospitalNumber',
  'medicalRecordNumber',
  'localPatientIdentifier',
  // The rows of an uploaded file as it had them, by field key: NHS numbers, names, dates of birth.
  'invalid_rows',
]);

/** File downloads that carry no patient, each with the reason. */
const filesWithoutPatients: Record<string, string> = {
  'GET /api/trusts/:trust/waiting-list/procedures/:type/files/warnings':
    'row numbers, fields and what was wrong with a value; no identifier',
  'GET /api/trusts/:trust/machine-learning/procedures/:code/models/:id/card/export':
    'a model version’s card: its predictors and figures, no patient',
};

// Rows of a PAS extract (pasHeader) of their own: NHS numbers in the 999 test range.
const patients = {
  siobhan:
    "999 000 0026,RAN200001,Siobhán,O'Brien,14/03/1951,F,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,Y,N,N",
  lukasz:
    '999 000 0018,RAN200002,Łukasz,Nowak,02/11/1948,M,178,91,2,Total knee replacement,15/02/2026,20/12/2026,Ms R Kaur,Y,Y,N',
  zoe: '999 000 0034,RAN200003,Zoë,Clarke,30/06/1960,F,165,80,1,Total knee replacement,20/03/2026,,Mr A Hamid,N,N,Y',
  gareth:
    '999 000 0042,RAN200004,Gareth,Price,11/09/1955,M,181,99,4,Total knee replacement,01/04/2026,,Ms R Kaur,N,N,N',
};
// Taken three weeks before today, with the eGFR the models require: Siobhán is scored with a band
// (decision 0057), as the export of processed records and the risk adjustment need.
const bloods = (nhsNumbers: string[]) =>
  csvFile('pathology.csv', [
    'NHS Number,Test Name,Result,Units,Sample Date',
    ...nhsNumbers.flatMap((nhs) => [
      `${nhs},Hb,128,g/L,${recentSampleDate}`,
      `${nhs},Creatinine,88,umol/L,${recentSampleDate}`,
      `${nhs},eGFR,74,mL/min/1.73m2,${recentSampleDate}`,
    ]),
  ]);

async function upload(lines: string[]): Promise<string> {
  const response = await uploadFiles(t, who, 'knee', csvFile('ptl.csv', lines), bloods(['9990000026']));
  expect(response.statusCode, response.body).toBe(202);
  const { batchId } = response.json<{ batchId: string }>();
  await validated(t, who, 'knee', batchId);
  return batchId;
}

async function confirm(batchId: string) {
  expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
  await idle(t, who, 'knee');
}

/** What the sample calls use: the pathways, an evaluation, and uploads in each state. */
interface Seeded {
  siobhan: string;
  historyId: string;
  /** An upload with rows with errors, one of them an existing patient's. */
  invalidBatch: string;
  /** A validated upload that would archive a patient. */
  pendingBatch: string;
  /** An outcomes file with a row with errors naming an existing patient (decision 0045). */
  outcomesBatch: string;
}
let seeded: Seeded;

interface Sample {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url(s: Seeded): string;
  body?: object;
  /** Whose call it is: a clinician's (priority, harm and risk are theirs), a trust admin's, else the clerical user's. */
  by?: 'clinician' | 'trustAdmin';
}

const trust = () => `/api/trusts/${who.trustCode}`;
const list = () => `${trust()}/waiting-list`;
const files = () => `${list()}/procedures/knee/files`;
const patient = (s: Seeded) => `${trust()}/procedures/knee/patients/${s.siobhan}`;

/** A real call of each operation that carries patients, by its route. */
const samples: Record<string, Sample> = {
  'GET /api/trusts/:trust/patients': { url: () => `${trust()}/patients/?nhsNumber=999%20000%200026` },
  'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary': {
    url: (s) => `${patient(s)}/risk-summary/`,
  },
  'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary/history': {
    url: (s) => `${patient(s)}/risk-summary/history?pageNumber=1&pageSize=20`,
  },
  'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary/export': {
    url: (s) => `${patient(s)}/risk-summary/export`,
  },
  'GET /api/trusts/:trust/procedures/:type/patients/:id/history/:historyId': {
    url: (s) => `${patient(s)}/history/${s.historyId}`,
  },
  'GET /api/trusts/:trust/procedures/:type/patients/:id/history/:historyId/export': {
    url: (s) => `${patient(s)}/history/${s.historyId}/export`,
  },
  'GET /api/trusts/:trust/procedures/:type/patients/:id': { url: patient },
  // Decision 0071: the letter to the GP names the patient.
  'GET /api/trusts/:trust/procedures/:type/patients/:id/optimisation/gp-letter': {
    url: (s) => `${patient(s)}/optimisation/gp-letter`,
  },
  // Decision 0073: the page for the patient names them too.
  'GET /api/trusts/:trust/procedures/:type/patients/:id/optimisation/patient-leaflet': {
    url: (s) => `${patient(s)}/optimisation/patient-leaflet`,
  },
  // Decision 0072: Siobhán's haemoglobin of 128 g/L puts her on the optimisation worklist.
  'GET /api/trusts/:trust/waiting-list/procedures/:type/optimisation': {
    url: () => `${list()}/procedures/knee/optimisation`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/optimisation/export': {
    url: () => `${list()}/procedures/knee/optimisation/export?fileType=csv`,
  },
  'PUT /api/trusts/:trust/procedures/:type/patients/:id/surgical-risk-factors': {
    method: 'PUT',
    url: (s) => `${patient(s)}/surgical-risk-factors/`,
    body: { surgeonName: 'Ms R Kaur', surgery: 'ready', social: 'no_social_concerns' },
  },
  'PUT /api/trusts/:trust/procedures/:type/patients/:id': { method: 'PUT', url: patient, body: {} },
  // The clerical user's remodel above waits for a clinician's review (decision 0056).
  'POST /api/trusts/:trust/procedures/:type/patients/:id/review-changes': {
    method: 'POST',
    url: (s) => `${patient(s)}/review-changes`,
    by: 'clinician',
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/manage/records/active': {
    // Filtered by NHS number: a look-up by another name.
    url: () =>
      `${list()}/procedures/knee/manage/records/active?pageNumber=1&pageSize=15&nhsNumber=9990000026`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/manage/records/failed': {
    url: () => `${list()}/procedures/knee/manage/records/failed?pageNumber=1&pageSize=15`,
  },
  'GET /api/trusts/:trust/waiting-list/manage/records/failed': {
    url: () => `${list()}/manage/records/failed?pageNumber=1&pageSize=15`,
  },
  'GET /api/trusts/:trust/waiting-list/manage/records/archived': {
    url: () => `${list()}/manage/records/archived?pageNumber=1&pageSize=15`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/manage/records/active/export': {
    url: () =>
      `${list()}/procedures/knee/manage/records/active/export?fileName=Theatre%20list&fileType=csv&fields=nhsNumber,firstName,lastName`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/manage/records/processed/export': {
    url: () => `${list()}/procedures/knee/manage/records/processed/export?fileType=csv`,
  },
  'GET /api/trusts/:trust/waiting-list/manage/records/archived/export': {
    url: () => `${list()}/manage/records/archived/export?fileType=csv`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/files/validation-summary': {
    url: (s) => `${files()}/validation-summary/?batchId=${s.invalidBatch}&pageNumber=1&pageSize=15`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/files/to-be-archived': {
    url: (s) => `${files()}/to-be-archived/?batchId=${s.pendingBatch}&pageNumber=1&pageSize=15`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/outcomes/validation-summary': {
    url: (s) => `${list()}/procedures/knee/outcomes/validation-summary/?batchId=${s.outcomesBatch}`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/files/rows-with-errors': {
    url: (s) => `${files()}/rows-with-errors/?batchId=${s.invalidBatch}&file=waitingList`,
  },
  // The prioritisation worklist and a pathway's prioritisation (decision 0044).
  'GET /api/trusts/:trust/waiting-list/procedures/:type/prioritisation/worklist': {
    url: () => `${list()}/procedures/knee/prioritisation/worklist?flag=validation_due`,
  },
  'GET /api/trusts/:trust/waiting-list/procedures/:type/prioritisation/worklist/export': {
    url: () => `${list()}/procedures/knee/prioritisation/worklist/export?fileType=csv`,
  },
  'GET /api/trusts/:trust/procedures/:type/patients/:id/prioritisation': {
    url: (s) => `${patient(s)}/prioritisation`,
  },
  'POST /api/trusts/:trust/procedures/:type/patients/:id/validations': {
    method: 'POST',
    url: (s) => `${patient(s)}/validations`,
    body: { outcome: 'remain', contact: 'phone' },
  },
  'POST /api/trusts/:trust/procedures/:type/patients/:id/priority': {
    method: 'POST',
    url: (s) => `${patient(s)}/priority`,
    body: { priorityCode: 'P3', reason: 'Pain now uncontrolled' },
    by: 'clinician',
  },
  // Decision 0055: a clinician confirms a corrected date of birth (Siobhán's is 14-Mar-1951).
  'POST /api/trusts/:trust/procedures/:type/patients/:id/identity-correction': {
    method: 'POST',
    url: (s) => `${patient(s)}/identity-correction`,
    body: { dateOfBirth: '1951-03-15', reason: 'PAS record checked with the patient at clinic' },
    by: 'clinician',
  },
  'POST /api/trusts/:trust/procedures/:type/patients/:id/harm-reviews': {
    method: 'POST',
    url: (s) => `${patient(s)}/harm-reviews`,
    body: { level: 'none' },
    by: 'clinician',
  },
  'POST /api/trusts/:trust/procedures/:type/patients/:id/risk-adjustment': {
    method: 'POST',
    url: (s) => `${patient(s)}/risk-adjustment`,
    body: { prediction: 'high', reason: 'Recent fall not in the record' },
    by: 'clinician',
  },
  // Decision 0066: who has seen Siobhán's record, as CSV for a subject access request.
  'GET /api/trusts/:trust/access-log/export': {
    url: () => `${trust()}/access-log/export?nhsNumber=9990000026`,
    by: 'trustAdmin',
  },
  'DELETE /api/trusts/:trust/procedures/:type/patients/:id/risk-adjustment': {
    method: 'DELETE',
    url: (s) => `${patient(s)}/risk-adjustment`,
    by: 'clinician',
  },
};

type JsonSchema = { [key: string]: unknown };
interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every property name anywhere in a schema, following references. */
function propertyNames(schema: unknown, document: OpenApiDocument, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const value = node as JsonSchema;
    if (typeof value.$ref === 'string') {
      const name = value.$ref.split('/').pop()!;
      walk(document.components?.schemas?.[name]);
    }
    if (value.properties && typeof value.properties === 'object')
      for (const key of Object.keys(value.properties)) names.add(key);
    for (const child of Object.values(value)) walk(child);
  };
  walk(schema);
  return names;
}

const routeName = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`;

/** The operations whose success answer carries a patient or is a file of them. */
function patientOperations(document: OpenApiDocument): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))?.[1];
      if (!success?.content) continue;
      const route = routeName(method, path);
      const isFile = Object.keys(success.content).some((type) => !type.includes('json'));
      const carriesPatient = Object.values(success.content).some((media) =>
        [...propertyNames(media.schema, document)].some((name) => patientKeys.has(name)),
      );
      if ((isFile && !(route in filesWithoutPatients)) || carriesPatient) found.push(route);
    }
  }
  return [...new Set(found)].sort();
}

let operations: string[];

beforeAll(async () => {
  t = await createTestApp();
  who = await createClericalTrust(t);
  const clinicianUser = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['cl'] });
  clinician = { userId: clinicianUser.id, token: await t.tokenFor(clinicianUser.id) };
  const trustAdminUser = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['ta'] });
  trustAdmin = { userId: trustAdminUser.id, token: await t.tokenFor(trustAdminUser.id) };
  // A list of four patients, scored; then Zoë is no longer on it (archived) and Gareth could not be scored.
  await confirm(await upload([pasHeader, patients.siobhan, patients.lukasz, patients.zoe, patients.gareth]));
  await confirm(await upload([pasHeader, patients.siobhan, patients.lukasz, patients.gareth]));
  await t.app.db.execute(sql`update pathways set status = 'failed', prediction = null, probability = null,
      failed_fields = '["height"]'::jsonb, failure_reason = 'Required values missing'
    where trust_code = ${who.trustCode} and nhs_number = '9990000042'`);
  // Rows with errors: Łukasz's NHS number mistyped (his local identifier still names him), a bad date of birth.
  const invalidBatch = await upload([
    pasHeader,
    patients.siobhan,
    patients.lukasz.replace('999 000 0018', '999 000 0019'),
    patients.gareth.replace('11/09/1955', '31/02/1955'),
  ]);
  // Would archive Łukasz and Gareth.
  const pendingBatch = await upload([pasHeader, patients.siobhan]);
  const [siobhan] = await queryRows<{ id: string }>(
    t.app.db,
    sql`select id::text as id from pathways where trust_code = ${who.trustCode} and nhs_number = '9990000026'`,
  );
  const history = await get<RiskHistory>(
    t,
    who,
    `${trust()}/procedures/knee/patients/${siobhan!.id}/risk-summary/history?pageNumber=1&pageSize=20`,
  );
  // Siobhán's outcome with a complication that is neither yes nor no.
  const outcomes = multipartBody([
    {
      field: 'outcomesFile',
      fileName: 'theatre outcomes.csv',
      bytes: Buffer.from('NHS No,Operation Date,Complication\r\n999 000 0026,01/10/2026,maybe\r\n'),
    },
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `${list()}/procedures/knee/outcomes/upload/`,
    headers: { ...bearer(who.token), 'content-type': outcomes.contentType },
    payload: outcomes.payload,
  });
  const { batchId: outcomesBatch } = uploaded.json<{ batchId: string }>();
  await waitUntil(
    () =>
      get<{ batchStatus: string }>(
        t,
        who,
        `${list()}/procedures/knee/outcomes/upload-status/?batchId=${outcomesBatch}`,
      ),
    (status) => status.batchStatus !== 'VALIDATING',
  );
  seeded = {
    siobhan: siobhan!.id,
    historyId: history.items[0]!.id,
    invalidBatch,
    pendingBatch,
    outcomesBatch,
  };
  const document = (
    await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
  ).json<OpenApiDocument>();
  operations = patientOperations(document);
}, 240_000);
afterAll(async () => t?.close());

describe('every operation that answers with a patient writes the access log (decision 0042)', () => {
  it('finds the operations that carry patients in the OpenAPI document', () => {
    // The finder itself: the patient screens, the lists and the exports are among them; the admin lists are not.
    expect(operations).toContain('GET /api/trusts/:trust/patients');
    expect(operations).toContain('GET /api/trusts/:trust/waiting-list/manage/records/archived/export');
    expect(operations).toContain(
      'GET /api/trusts/:trust/waiting-list/procedures/:type/files/validation-summary',
    );
    expect(operations).not.toContain('GET /api/users');
    expect(operations).not.toContain('GET /api/admin/changelog');
  });

  it('has a sample call for each of them', () => {
    expect(operations.filter((route) => !(route in samples))).toEqual([]);
  });

  it.each(Object.keys(samples))('%s writes an entry naming its route', async (route) => {
    expect(operations).toContain(route);
    const sample = samples[route]!;
    const [before] = await queryRows<{ last: number | null }>(
      t.app.db,
      sql`select max(id) as last from patient_access_log`,
    );
    const caller = sample.by === 'clinician' ? clinician : sample.by === 'trustAdmin' ? trustAdmin : who;
    const response = await t.app.inject({
      method: sample.method ?? 'GET',
      url: sample.url(seeded),
      headers: bearer(caller.token),
      ...(sample.body ? { payload: sample.body } : {}),
    });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const written = await queryRows<{ route: string; user_id: string; pathways: number; trust_code: string }>(
      t.app.db,
      sql`select route, user_id::text as user_id, cardinality(pathway_ids) as pathways, trust_code
        from patient_access_log where id > ${Number(before?.last ?? 0)}`,
    );
    expect(written.map((row) => routeName(row.route.split(' ')[0]!, row.route.split(' ')[1]!))).toEqual([
      route,
    ]);
    expect(written[0]).toMatchObject({ user_id: caller.userId, trust_code: who.trustCode });
    expect(Number(written[0]!.pathways)).toBeGreaterThan(0);
  });
});
