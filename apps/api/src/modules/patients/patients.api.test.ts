import { demoFileLines, comorbidityCells } from '../../test/factories/demo-files.js';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { showLondonDate } from '@esr/contracts/london-dates';
import { demonstrationModelLabel } from '@esr/contracts/messages';
import { evaluate, type PatientRecord } from '@esr/risk-engine/evaluate';
import { loadModel } from '@esr/risk-engine/model';
import {
  editDetailsMessages,
  patientMessages,
  patientSearchMessages,
  type HistoryEntry,
  type PatientSearchResponse,
  type RiskHistory,
  type RiskSummary,
} from '@esr/contracts/patients';
import {
  labFields,
  labRules,
  remodelFields,
  remodelMessages,
  remodelRecordSchema,
  type LabField,
  type RemodelRecord,
} from '@esr/contracts/remodel';
import { queryRows } from '../../platform/db/client.js';
import { scorePending } from '../evaluations/scoring.js';
import { demoListsFolder } from '../waiting-list/demo-waiting-lists.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  importList as importListThrough,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import type { ProcedureCode } from '@esr/contracts/procedures';

/**
 * The patient calls (docs/requirements.md §2 patient screens, §3, §5, §7) on lists imported through the real
 * pipeline: lookup, risk summary, remodel with every §5 boundary, edit, the flag, history, PDFs,
 * the access log, and who may do each.
 */

let t: TestApp;
let clerical: ClericalTrust;
let clinicianToken: string;
let otherTrustClinicianToken: string;
let otherTrustCode: string;
let technicalAdminToken: string;
let trustAdminToken: string;
/** Every role that may not read or change patients: technical, trust and super admin, waiting list admin. */
let refusedTokens: string[];

const demoLines = demoFileLines('knee-waiting-list.csv');
const header = demoLines[0]!;
const flags = comorbidityCells;

// NHS numbers in the 999 test range with valid check digits.
const nhsSiobhan = '9990000026';
const nhsLukasz = '9990000034';
const localOnly = 'ZZP000777';
const kneeRows = [
  `999 000 0026,ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,P4,Ready,No social concerns,${flags(['hypt'])}`,
  `${nhsLukasz},ZZP000002,Łukasz,Nowak,02/11/1948,Male,A,178,91,2,Total knee replacement,15/02/2026,,Ms R Kaur,P3,Requires review,Social review required,${flags()}`,
  `,${localOnly},Zoë,Clarke,30/06/1960,Female,A,165,80,1,Total knee replacement,20/03/2026,,Mr A Hamid,P4,Ready,No social concerns,${flags(['nidd'])}`,
  ...demoLines.slice(1, 31),
];
const hipRows = [
  `999 000 0026,ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,72,4,Total hip replacement,05/05/2026,,Ms J Patel,P4,Ready,No social concerns,${flags(['hypt'])}`,
];
// Samples taken weeks before today, as the laboratory's extract writes them ("12-Oct-2026 12:59"):
// a model uses results of the last 90 days only (decision 0057), so fixed dates would grow too old.
const sampledDaysAgo = (days: number, time: string) =>
  `${showLondonDate(new Date(Date.now() - days * 86_400_000))} ${time}`;
const bloods = [
  'NHS Number,Hospital Number,Test Name,Result,Units,Flag,Sample Date',
  `${nhsSiobhan},ZZP000001,Haemoglobin,128,g/L,,${sampledDaysAgo(55, '12:59')}`,
  `${nhsSiobhan},ZZP000001,Albumin,41,g/L,,${sampledDaysAgo(55, '12:59')}`,
  `${nhsSiobhan},ZZP000001,eGFR,71,mL/min/1.73m2,,${sampledDaysAgo(55, '12:59')}`,
  `${nhsLukasz},ZZP000002,eGFR,68,mL/min/1.73m2,,${sampledDaysAgo(53, '09:10')}`,
];

const importList = (procedure: ProcedureCode, rows: string[]) =>
  importListThrough(
    t,
    clerical,
    procedure,
    csvFile(`${procedure}-ptl.csv`, [header, ...rows]),
    csvFile('bloods.csv', bloods),
  );

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, token = clinicianToken, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const patientsUrl = (trust = clerical.trustCode) => `/api/trusts/${trust}/patients/`;
const patientUrl = (id: string, type: ProcedureCode = 'knee', trust = clerical.trustCode) =>
  `/api/trusts/${trust}/procedures/${type}/patients/${id}`;

async function lookup(query: string, token = clinicianToken) {
  const response = await call('GET', `${patientsUrl()}?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientSearchResponse>().patients;
}
async function summary(id: string, type: ProcedureCode = 'knee') {
  const response = await call('GET', `${patientUrl(id, type)}/risk-summary/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RiskSummary>();
}
async function record(id: string) {
  const response = await call('GET', patientUrl(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RemodelRecord>();
}
async function historyOf(id: string, pageSize = 20) {
  const response = await call(
    'GET',
    `${patientUrl(id)}/risk-summary/history?pageNumber=1&pageSize=${pageSize}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RiskHistory>();
}
const accessRows = (pathwayId: string) =>
  queryRows<{ action: string; user_id: string; evaluation_id: string | null; route: string }>(
    t.app.db,
    sql`select action, user_id::text as user_id, evaluation_id::text as evaluation_id, route
      from patient_access_log where pathway_ids @> array[${pathwayId}::uuid] order by id`,
  );

let siobhanKnee: string;
let siobhanHip: string;
let lukasz: string;
let zoe: string;
let clinicianId: string;

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  const clinician = await createUser(t.app.db, {
    trustCode: clerical.trustCode,
    roles: ['cl'],
    firstName: 'Nia',
    lastName: 'Rees',
  });
  clinicianId = clinician.id;
  clinicianToken = await t.tokenFor(clinician.id);
  const other = await createTrust(t.app.db);
  otherTrustCode = other.trustCode;
  otherTrustClinicianToken = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: other.trustCode, roles: ['cl', 'cu'] })).id,
  );
  technicalAdminToken = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['tca'] })).id,
  );
  trustAdminToken = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['ta'] })).id,
  );
  refusedTokens = [technicalAdminToken, trustAdminToken];
  for (const role of ['sa', 'wa'] as const)
    refusedTokens.push(
      await t.tokenFor((await createUser(t.app.db, { trustCode: clerical.trustCode, roles: [role] })).id),
    );
  await importList('knee', kneeRows);
  await importList('hip', hipRows);
  const [knee, hip] = await Promise.all([
    lookup(`nhsNumber=${nhsSiobhan}`).then((rows) => rows.find((row) => row.operationType === 'knee')!),
    lookup(`nhsNumber=${nhsSiobhan}`).then((rows) => rows.find((row) => row.operationType === 'hip')!),
  ]);
  siobhanKnee = knee.id;
  siobhanHip = hip.id;
  lukasz = (await lookup(`nhsNumber=${nhsLukasz}`))[0]!.id;
  zoe = (await lookup(`medicalRecordNumber=${localOnly}`))[0]!.id;
}, 240_000);
afterAll(async () => t?.close());

describe('GET /api/trusts/{trust}/patients/ (docs/requirements.md §5 patient search)', () => {
  it('finds one row per pathway by NHS number, written with spaces or hyphens, and records the read', async () => {
    for (const written of [nhsSiobhan, '999 000 0026', '999-000-0026'])
      expect((await lookup(`nhsNumber=${encodeURIComponent(written)}`)).map((row) => row.id).sort()).toEqual(
        [siobhanKnee, siobhanHip].sort(),
      );
    const [row] = (await lookup(`nhsNumber=${nhsSiobhan}`)).filter((item) => item.operationType === 'knee');
    expect(row).toEqual({
      id: siobhanKnee,
      medicalRecordNumber: 'ZZP000001',
      nhsNumber: nhsSiobhan,
      firstName: 'Siobhán',
      lastName: "O'Brien",
      dateOfBirth: '1951-03-14',
      operationType: 'knee',
      referralDate: '2026-01-02',
      isActive: true,
    });
    const reads = await accessRows(siobhanHip);
    expect(
      reads.filter((read) => read.action === 'lookup' && read.user_id === clinicianId).length,
    ).toBeGreaterThan(0);
  });

  it('finds a patient without an NHS number by local patient identifier', async () => {
    const rows = await lookup(`medicalRecordNumber=${localOnly}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nhsNumber: null, firstName: 'Zoë', medicalRecordNumber: localOnly });
  });

  it.each([
    ['nhsNumber=9990000027', 'NHSNumber', patientSearchMessages.nhsNumberInvalid],
    ['nhsNumber=999000002', 'NHSNumber', patientSearchMessages.nhsNumberLength],
    ['nhsNumber=99900000261', 'NHSNumber', patientSearchMessages.nhsNumberLength],
    ['nhsNumber=99900A0026', 'NHSNumber', patientSearchMessages.nhsNumberLength],
    [
      `medicalRecordNumber=${'A'.repeat(31)}`,
      'MedicalRecordNumber',
      patientSearchMessages.localIdentifierTooLong,
    ],
    ['nhsNumber=&medicalRecordNumber=', 'NHSNumber', patientSearchMessages.nothingToSearch],
  ])('refuses %s with 400 under %s', async (query, field, message) => {
    const response = await call('GET', `${patientsUrl()}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('accepts a local identifier of exactly 30 characters, and says so with 404 when nobody has it', async () => {
    const response = await call('GET', `${patientsUrl()}?medicalRecordNumber=${'A'.repeat(30)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(patientSearchMessages.notFound);
  });

  it("never finds another trust's patients: 404 in the caller's own trust, 403 in the other's", async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${otherTrustCode}/patients/?nhsNumber=${nhsSiobhan}`,
      headers: bearer(otherTrustClinicianToken),
    });
    expect(own.statusCode).toBe(404);
    const theirs = await call('GET', `${patientsUrl()}?nhsNumber=${nhsSiobhan}`, otherTrustClinicianToken);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain('Siobh');
  });

  it('lets clerical users and clinicians search, and no other role', async () => {
    expect((await call('GET', `${patientsUrl()}?nhsNumber=${nhsSiobhan}`, clerical.token)).statusCode).toBe(
      200,
    );
    for (const token of refusedTokens)
      expect((await call('GET', `${patientsUrl()}?nhsNumber=${nhsSiobhan}`, token)).statusCode).toBe(403);
  });
});

describe('GET …/patients/{id}/risk-summary/ (docs/requirements.md §3 risk summary)', () => {
  it('answers the current evaluation with its factors, advice, model and the list average', async () => {
    const body = await summary(siobhanKnee);
    expect(body).toMatchObject({
      id: siobhanKnee,
      nhsNumber: nhsSiobhan,
      medicalRecordNumber: 'ZZP000001',
      firstName: 'Siobhán',
      lastName: "O'Brien",
      dateOfBirth: '1951-03-14',
      operationType: 'knee',
      surgeonName: 'Mr A Hamid',
      surgery: 'ready',
      social: 'no_social_concerns',
      isActive: true,
      status: 'processed',
      failure: null,
    });
    const result = body.result!;
    expect(['high', 'medium', 'low']).toContain(result.prediction);
    expect(result.probability).toBeGreaterThan(0);
    expect(result.probability).toBeLessThan(1);
    expect(result.averageProbability).toBeGreaterThan(0);
    expect(result.isAnomaly).toBe(false);
    expect(result.model.demonstration).toBe(true);
    expect(result.featureImportance.every((factor) => factor.importance !== 'low')).toBe(true);
    expect(result.contributions.length).toBeGreaterThan(result.featureImportance.length);
    const magnitudes = result.contributions.map((factor) => Math.abs(factor.contribution));
    expect(magnitudes).toEqual([...magnitudes].sort((a, b) => b - a));
    expect(Array.isArray(body.areasOfImprovement.dos)).toBe(true);
    // Her record had no white cell count and other labs: the model used its normalised values.
    expect(result.isDefaultValueUsed).toBe(true);
    const [row] = await queryRows<{ probability: number; prediction: string }>(
      t.app.db,
      sql`select probability, prediction from pathways where id = ${siobhanKnee}`,
    );
    expect(result.probability).toBe(row!.probability);
    const reads = await accessRows(siobhanKnee);
    expect(reads.at(-1)).toEqual({
      action: 'risk-summary',
      user_id: clinicianId,
      evaluation_id: result.evaluationId,
      route: 'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary',
    });
  });

  it('says waiting, or processing while the list is being scored, with no result', async () => {
    await t.app.db.execute(sql`update pathways set status = 'waiting' where id = ${lukasz}`);
    try {
      const body = await summary(lukasz);
      // A waiting pathway makes the procedure's service busy, so it reads as being processed.
      expect(body.status).toBe('processing');
      expect(body.result).toBeNull();
      expect(body.areasOfImprovement).toEqual({ dos: [] });
    } finally {
      await t.app.db.execute(sql`update pathways set status = 'processed' where id = ${lukasz}`);
    }
  });

  it('says failed, with the fields at fault, when the model could not score the record', async () => {
    await t.app.db.execute(sql`update pathways set status = 'failed', failed_fields = '["height"]'::jsonb,
        failure_reason = 'Height is missing' where id = ${lukasz}`);
    try {
      const body = await summary(lukasz);
      expect(body.status).toBe('failed');
      expect(body.failure).toEqual({ fields: ['height'], reason: 'Height is missing' });
    } finally {
      await t.app.db.execute(sql`update pathways set status = 'processed', failed_fields = null,
          failure_reason = null where id = ${lukasz}`);
    }
  });

  it("is 404 for another trust's pathway, an unknown id, or the wrong procedure; 403 for other roles", async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${patientUrl(siobhanKnee, 'knee', otherTrustCode)}/risk-summary/`,
      headers: bearer(otherTrustClinicianToken),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Siobh');
    expect(
      (await call('GET', `${patientUrl('6f1c9b9e-0000-4000-8000-000000000000')}/risk-summary/`)).statusCode,
    ).toBe(404);
    expect((await call('GET', `${patientUrl(siobhanKnee, 'hip')}/risk-summary/`)).statusCode).toBe(404);
    for (const token of refusedTokens)
      expect((await call('GET', `${patientUrl(siobhanKnee)}/risk-summary/`, token)).statusCode).toBe(403);
  });

  it('refuses every patient call to every other role, before reading anything', async () => {
    const history = (await historyOf(lukasz)).items[0]!.id;
    const calls: [Method, string][] = [
      ['GET', patientUrl(lukasz)],
      ['PUT', patientUrl(lukasz)],
      ['GET', `${patientUrl(lukasz)}/risk-summary/history`],
      ['GET', `${patientUrl(lukasz)}/risk-summary/export`],
      ['GET', `${patientUrl(lukasz)}/history/${history}`],
      ['GET', `${patientUrl(lukasz)}/history/${history}/export`],
      ['POST', `${patientUrl(lukasz)}/mark/anomaly/`],
      ['PUT', `${patientUrl(lukasz)}/surgical-risk-factors/`],
    ];
    for (const token of refusedTokens)
      for (const [method, url] of calls) {
        const response = await call(method, url, token, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.body).not.toContain('Łukasz');
      }
  });
});

describe('GET and PUT …/patients/{id} (docs/requirements.md §3 remodel record, §5 ranges)', () => {
  it('answers the remodel record with numbers as strings, yes/no as 1/0 and unknown as empty', async () => {
    const body = await record(siobhanKnee);
    expect(body).toMatchObject({
      id: siobhanKnee,
      firstName: 'Siobhán',
      isActive: true,
      height: '160',
      weight: '72',
      sex: 'F',
      ethnicGroup: 'A',
      smoking: '4',
      dobDay: '14',
      dobMonth: '3',
      dobYear: '1951',
      hypt: '1',
      hfl: '0',
      haemoglobin: '128',
      albumin: '41',
      egfr: '71',
      crp: '',
      whiteBloodCount: '',
    });
    // The record's own fields and nothing else: what the pathway keeps beside them (its sample
    // dates, its defaulted inputs) is not a value a clinician corrects.
    expect(Object.keys(body).sort()).toEqual(Object.keys(remodelRecordSchema.shape).sort());
    for (const field of remodelFields) expect(typeof body[field], field).toBe('string');
    // The trailing slash is the same call (docs/architecture.md, Conventions).
    expect((await call('GET', `${patientUrl(siobhanKnee)}/`)).json()).toEqual(body);
  });

  it('takes back the GET body unchanged, read-only fields and all, and adds exactly one evaluation', async () => {
    const before = await historyOf(siobhanKnee);
    const body = await record(siobhanKnee);
    const response = await call('PUT', patientUrl(siobhanKnee), clinicianToken, body);
    expect(response.statusCode, response.body).toBe(200);
    const after = await historyOf(siobhanKnee);
    expect(after.totalCount).toBe(before.totalCount + 1);
    const updated = response.json<RiskSummary>();
    expect(updated.result!.reason).toBe('remodel');
    expect(after.items[0]).toMatchObject({
      id: updated.result!.evaluationId,
      isCurrent: true,
      reason: 'remodel',
    });
    expect(after.items.filter((item) => item.isCurrent)).toHaveLength(1);
    expect(await record(siobhanKnee)).toEqual(body);
  });

  it('scores new blood results at once: Hb 92, eGFR 24 and albumin 29 raise the risk', async () => {
    const before = await summary(lukasz);
    const response = await call('PUT', `${patientUrl(lukasz)}/`, clinicianToken, {
      haemoglobin: '92',
      egfr: 24,
      albumin: '29',
      hfl: true,
      copd: '1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<RiskSummary>();
    expect(after.result!.probability).toBeGreaterThan(before.result!.probability);
    expect(await summary(lukasz)).toEqual(after);
    const stored = await record(lukasz);
    expect(stored).toMatchObject({ haemoglobin: '92', egfr: '24', albumin: '29', hfl: '1', copd: '1' });
    const [change] = await queryRows<{
      action: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(
      t.app.db,
      sql`select action, changes from change_log where entity_id = ${lukasz} order by id desc limit 1`,
    );
    expect(change!.action).toContain('Remodelled');
    expect(change!.changes.haemoglobin).toEqual({ before: null, after: 92 });
    expect(change!.changes.egfr).toEqual({ before: 68, after: 24 });
  });

  it("clears a value with '' (I do not know this information) and keeps fields left out", async () => {
    const response = await call('PUT', patientUrl(lukasz), clinicianToken, { albumin: '', weight: '90' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await record(lukasz)).toMatchObject({
      albumin: '',
      weight: '90',
      haemoglobin: '92',
      height: '178',
    });
  });

  const labCases = labFields.flatMap((field: LabField) => {
    const rule = labRules[field];
    const step = rule.min < 1 ? 0.001 : 0.1;
    return [
      { field, value: String(rule.min), ok: true },
      { field, value: String(rule.max), ok: true },
      {
        field,
        value: String(+(rule.min - step).toFixed(3)),
        ok: false,
        message: remodelMessages.labRange(rule),
      },
      {
        field,
        value: String(+(rule.max + step).toFixed(3)),
        ok: false,
        message: remodelMessages.labRange(rule),
      },
      { field, value: '12abc', ok: false, message: remodelMessages.labNumber(rule) },
    ];
  });
  const otherCases = [
    { field: 'height', value: '1', ok: true },
    { field: 'height', value: '250', ok: true },
    { field: 'height', value: '0.9', ok: false, message: remodelMessages.height },
    { field: 'height', value: '250.5', ok: false, message: remodelMessages.height },
    { field: 'height', value: 'tall', ok: false, message: remodelMessages.height },
    { field: 'weight', value: '1', ok: true },
    { field: 'weight', value: '300', ok: true },
    { field: 'weight', value: '0', ok: false, message: remodelMessages.weight },
    { field: 'weight', value: '300.1', ok: false, message: remodelMessages.weight },
  ];
  it.each([...labCases, ...otherCases])('$field = $value: ok $ok', async ({ field, value, ok, message }) => {
    const response = await call('PUT', patientUrl(zoe), clinicianToken, { [field]: value });
    if (ok) {
      expect(response.statusCode, response.body).toBe(200);
      expect((await record(zoe))[field as LabField]).toBe(value);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ [field]: [message] });
    }
  });

  it.each([
    [{ dobDay: '29', dobMonth: '2', dobYear: '2024' }, true],
    [{ dobDay: '1', dobMonth: '1', dobYear: '1900' }, true],
    [{ dobDay: '', dobMonth: '', dobYear: '' }, true],
    [{ dobDay: '29', dobMonth: '2', dobYear: '2023' }, false],
    [{ dobDay: '31', dobMonth: '4', dobYear: '1960' }, false],
    [{ dobDay: '0', dobMonth: '1', dobYear: '1960' }, false],
    [{ dobDay: '1', dobMonth: '13', dobYear: '1960' }, false],
    [{ dobDay: '1', dobMonth: '1', dobYear: '1899' }, false],
    [{ dobDay: '1', dobMonth: '1', dobYear: '2299' }, false],
    [{ dobDay: '12', dobMonth: '', dobYear: '1960' }, false],
  ])('date of birth %o: ok %s', async (parts, ok) => {
    const response = await call('PUT', patientUrl(zoe), clinicianToken, parts);
    if (ok) expect(response.statusCode, response.body).toBe(200);
    else {
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ dateOfBirth: [remodelMessages.dateOfBirth] });
    }
  });

  it('refuses codes outside the option lists, and lists every problem at once', async () => {
    const response = await call('PUT', patientUrl(zoe), clinicianToken, {
      sex: 'X',
      smoking: '7',
      hfl: 'maybe',
      height: '300',
      crp: '0',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['crp', 'height', 'hfl', 'sex', 'smoking']);
  });

  it('refuses hostile text with a 4xx and keeps the record', async () => {
    const before = await record(zoe);
    for (const value of ['12\u0000', 'a'.repeat(5000), '\ud800'])
      expect((await call('PUT', patientUrl(zoe), clinicianToken, { crp: value })).statusCode).toBe(400);
    expect(await record(zoe)).toEqual(before);
  });
});

describe('PUT …/surgical-risk-factors/ (docs/requirements.md §3 edit payload)', () => {
  it('changes surgeon, readiness and social aspects and logs the change', async () => {
    const response = await call('PUT', `${patientUrl(siobhanKnee)}/surgical-risk-factors/`, clinicianToken, {
      trustCode: clerical.trustCode,
      id: siobhanKnee,
      surgeonName: 'Ms Ó Súilleabháin',
      surgery: 'requires_review',
      social: 'social_concerns',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RiskSummary>()).toMatchObject({
      surgeonName: 'Ms Ó Súilleabháin',
      surgery: 'requires_review',
      social: 'social_concerns',
    });
    const [change] = await queryRows<{ changes: Record<string, unknown> }>(
      t.app.db,
      sql`select changes from change_log where entity_id = ${siobhanKnee} order by id desc limit 1`,
    );
    expect(change!.changes.surgeonName).toEqual({ before: 'Mr A Hamid', after: 'Ms Ó Súilleabháin' });
  });

  it('names each missing or wrong field', async () => {
    const url = `${patientUrl(siobhanKnee)}/surgical-risk-factors/`;
    const empty = await call('PUT', url, clinicianToken, {
      surgeonName: ' ',
      surgery: '',
      social: 'unknown',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      surgeonName: [editDetailsMessages.surgeonRequired],
      surgery: [editDetailsMessages.surgeryRequired],
      social: [editDetailsMessages.socialRequired],
    });
    const long = await call('PUT', url, clinicianToken, {
      surgeonName: 'S'.repeat(31),
      surgery: 'ready',
      social: 'social_concerns',
    });
    expect(long.json().errors).toEqual({ surgeonName: [editDetailsMessages.surgeonTooLong] });
    const exactly30 = await call('PUT', url, clinicianToken, {
      surgeonName: 'S'.repeat(30),
      surgery: 'ready',
      social: 'social_concerns',
    });
    expect(exactly30.statusCode).toBe(200);
    const otherId = await call('PUT', url, clinicianToken, {
      id: lukasz,
      surgeonName: 'Mr B',
      surgery: 'ready',
      social: 'social_concerns',
    });
    expect(otherId.json().errors).toEqual({ id: [editDetailsMessages.idMismatch] });
  });
});

describe('POST …/mark/anomaly/ (docs/requirements.md §4 anomaly flag)', () => {
  it('toggles the current result between flagged and not, and logs each', async () => {
    const url = `${patientUrl(siobhanHip, 'hip')}/mark/anomaly/`;
    const first = await call('POST', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().isAnomaly).toBe(true);
    expect((await summary(siobhanHip, 'hip')).result!.isAnomaly).toBe(true);
    const second = await call('POST', url, clerical.token, { reason: 'Checked against the PAS record' });
    expect(second.json().isAnomaly).toBe(false);
    expect((await summary(siobhanHip, 'hip')).result!.isAnomaly).toBe(false);
    const actions = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where entity_id = ${siobhanHip} order by id`,
    );
    expect(actions.map((row) => row.action.split(' for ')[0])).toEqual([
      'Flagged the result as an anomaly',
      'Unflagged the result',
    ]);
  });
});

describe('history and PDFs (docs/requirements.md §2 previous evaluations, §7)', () => {
  it('lists evaluations newest first, 20 a page, with the patient header', async () => {
    const history = await historyOf(zoe, 2);
    expect(history.totalCount).toBeGreaterThan(2);
    expect(history.items).toHaveLength(2);
    expect(history.patient).toEqual({
      id: zoe,
      nhsNumber: null,
      medicalRecordNumber: localOnly,
      firstName: 'Zoë',
      lastName: 'Clarke',
      dateOfBirth: expect.any(String),
      operationType: 'knee',
    });
    const dates = history.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Each item carries the probability its evaluation recorded, which the page shows beside the band;
    // the current one is the probability the risk summary shows.
    const stored = await queryRows<{ id: string; probability: number }>(
      t.app.db,
      sql`select id, probability from evaluations where pathway_id = ${zoe}`,
    );
    for (const item of history.items)
      expect(item.probability).toBe(stored.find((row) => row.id === item.id)!.probability);
    const current = (await historyOf(zoe)).items.find((item) => item.isCurrent)!;
    expect(current.probability).toBe((await summary(zoe)).result!.probability);
    const page2 = await call('GET', `${patientUrl(zoe)}/risk-summary/history?pageNumber=2&pageSize=2`);
    expect(page2.json<RiskHistory>().items[0]!.id).not.toBe(history.items[0]!.id);
  });

  it('shows a past evaluation read-only, with the details the model read then', async () => {
    const history = await historyOf(lukasz);
    const first = history.items.at(-1)!;
    const response = await call('GET', `${patientUrl(lukasz)}/history/${first.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json<HistoryEntry>();
    expect(entry.isCurrent).toBe(false);
    expect(entry.result!.evaluationId).toBe(first.id);
    expect(entry.result!.reason).toBe('batch');
    expect(entry.inputs.egfr).toBe('68');
    expect(entry.inputs.haemoglobin).toBe('');
    expect((await call('GET', `${patientUrl(siobhanKnee)}/history/${first.id}`)).statusCode).toBe(404);
  });

  const pdfText = (bytes: Buffer) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'summary-')), 'summary.pdf');
    fs.writeFileSync(file, bytes);
    // pdftotext (Debian poppler-utils) must be installed: without it this test fails, never skips.
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  };

  /** The name a download is saved under: the header's UTF-8 form (RFC 6266), as browsers read it. */
  const savedAs = (disposition: unknown) =>
    decodeURIComponent(String(disposition).split("filename*=UTF-8''")[1] ?? '');

  it('downloads the risk summary as a PDF with the name, the risk and the demonstration label', async () => {
    const current = await summary(siobhanKnee);
    const response = await call('GET', `${patientUrl(siobhanKnee)}/risk-summary/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    // Named after the patient, not the evaluation's id (decision 0064).
    expect(savedAs(response.headers['content-disposition'])).toMatch(
      /^Risk summary Siobhán OBrien_\d{8}-\d{6}\.pdf$/,
    );
    expect(String(response.headers['content-disposition'])).not.toContain(current.result!.evaluationId);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain("Siobhán O'Brien");
    expect(text).toContain('999 000 0026');
    expect(text).toContain(
      { high: 'High risk', medium: 'Moderate risk', low: 'Low risk' }[current.result!.prediction!],
    );
    expect(text.replace(/\s+/g, ' ')).toContain(demonstrationModelLabel);
    expect((await accessRows(siobhanKnee)).at(-1)!.action).toBe('summary-pdf');
  });

  it('downloads a history entry named after the patient and the day it was made (decision 0064)', async () => {
    const [entry] = (await historyOf(lukasz)).items.slice(-1);
    const response = await call('GET', `${patientUrl(lukasz)}/history/${entry!.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(savedAs(response.headers['content-disposition'])).toBe(
      `Risk summary Łukasz Nowak evaluated ${showLondonDate(new Date(entry!.date))}_${String(response.headers['content-disposition']).match(/_(\d{8}-\d{6})\.pdf/)![1]}.pdf`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Łukasz Nowak');
    expect((await accessRows(lukasz)).at(-1)).toMatchObject({
      action: 'history-pdf',
      evaluation_id: entry!.id,
    });
  });
});

describe('an archived pathway is read-only', () => {
  it('answers its last result, and 409 on edit, remodel and flag', async () => {
    await t.app.db.execute(
      sql`update pathways set is_active = false, date_removed = now() where id = ${siobhanHip}`,
    );
    const body = await summary(siobhanHip, 'hip');
    expect(body.isActive).toBe(false);
    expect(body.status).toBe('processed');
    const url = patientUrl(siobhanHip, 'hip');
    const attempts = [
      await call('PUT', url, clinicianToken, { crp: '3' }),
      await call('POST', `${url}/mark/anomaly/`),
      await call('PUT', `${url}/surgical-risk-factors/`, clinicianToken, {
        surgeonName: 'Mr B',
        surgery: 'ready',
        social: 'social_concerns',
      }),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(409);
      expect(attempt.json().detail).toBe(patientMessages.archived);
    }
    expect((await lookup(`nhsNumber=${nhsSiobhan}`)).find((row) => row.id === siobhanHip)!.isActive).toBe(
      false,
    );
  });

  it("refuses another trust's clinician every change, with no data", async () => {
    for (const [method, suffix] of [
      ['PUT', ''],
      ['POST', '/mark/anomaly/'],
      ['PUT', '/surgical-risk-factors/'],
      ['GET', '/risk-summary/history'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `${patientUrl(lukasz, 'knee', otherTrustCode)}${suffix}`,
        headers: bearer(otherTrustClinicianToken),
        ...(method === 'GET'
          ? {}
          : { payload: { surgeonName: 'X', surgery: 'ready', social: 'social_concerns' } }),
      });
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(response.body).not.toContain('Łukasz');
    }
  });
});

describe('stored explanations (decision 0028)', () => {
  const kneeModel = loadModel(
    fs.readFileSync(path.join(demoListsFolder, '../../../../../models/default/knee/model.pkl')),
    fs.readFileSync(path.join(demoListsFolder, '../../../../../models/default/knee/wrapper.pkl')),
  );

  it('rebuilds the factors, values, contributions and advice the engine gave when it scored the record', async () => {
    const body = await summary(lukasz);
    const [stored] = await queryRows<{ inputs: PatientRecord; evaluation_date: string }>(
      t.app.db,
      sql`select inputs, evaluation_date::text as evaluation_date from evaluations where id = ${body.result!.evaluationId}`,
    );
    const made = evaluate(kneeModel, stored!.inputs, { evaluationDate: stored!.evaluation_date });
    expect(body.result!.probability).toBe(made.probability);
    // Each contribution carries the value the model was given, its unit, and whether it was the default.
    expect(body.result!.contributions).toEqual(
      made.featureImportance.map((f) => ({
        feature: f.feature,
        displayName: f.displayName,
        contribution: f.contribution,
        value: f.value,
        unit: f.unit,
        defaultUsed: f.defaultUsed,
      })),
    );
    expect(body.result!.featureImportance).toEqual(
      made.featureImportance
        .filter((f) => f.importance !== 'low')
        .map((f) => ({
          feature: f.feature,
          displayName: f.displayName,
          importance: f.importance,
          value: f.value,
          unit: f.unit,
          defaultUsed: f.defaultUsed,
        })),
    );
    expect(body.areasOfImprovement.dos).toEqual(made.areasOfImprovement.dos);
  });

  it('shows an evaluation stored before it with the explanation it was written with', async () => {
    const [current] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from evaluations where pathway_id = ${lukasz} order by created_at desc limit 1`,
    );
    const earlier = crypto.randomUUID();
    await t.app.db.execute(sql`insert into evaluations (id, pathway_id, trust_code, procedure_code, model_id,
        model_version, model_name, model_card_version, demonstration, reason, created_at, created_by,
        probability, prediction, is_default_value_used, defaulted_features, feature_importance,
        contributions, areas_of_improvement, inputs)
      select ${earlier}, pathway_id, trust_code, procedure_code, model_id, model_version, model_name,
        model_card_version, demonstration, 'batch', created_at - interval '30 days', 'Batch scoring', 0.25,
        'Moderate', false, '[]'::jsonb,
        '[{"feature":"bmi","displayName":"Body mass index (as stored)","importance":"high","value":31.2,"unit":"kg/m²","defaultUsed":false}]'::jsonb,
        '[["bmi",0.41],["age",-0.02]]'::jsonb,
        '{"dos":[{"title":"Stored advice","description":"Written with the evaluation."}]}'::jsonb, inputs
      from evaluations where id = ${current!.id}`);
    const response = await call('GET', `${patientUrl(lukasz)}/history/${earlier}`);
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json<HistoryEntry>();
    expect(entry.result).toMatchObject({ probability: 0.25, prediction: 'medium' });
    expect(entry.result!.featureImportance).toEqual([
      {
        feature: 'bmi',
        displayName: 'Body mass index (as stored)',
        importance: 'high',
        value: 31.2,
        unit: 'kg/m²',
        defaultUsed: false,
      },
    ]);
    expect(entry.result!.contributions.map((factor) => [factor.feature, factor.contribution])).toEqual([
      ['bmi', 0.41],
      ['age', -0.02],
    ]);
    expect(entry.result!.contributions[0]!.displayName).toBe('Body mass index (as stored)');
    // The stored factor gives its value; a factor not stored has none, and is not called defaulted.
    expect(
      entry.result!.contributions.map(({ value, unit, defaultUsed }) => ({ value, unit, defaultUsed })),
    ).toEqual([
      { value: 31.2, unit: 'kg/m²', defaultUsed: false },
      { value: null, unit: '', defaultUsed: false },
    ]);
    expect(entry.areasOfImprovement.dos).toEqual([
      { title: 'Stored advice', description: 'Written with the evaluation.' },
    ]);
  });
});

describe('the inputs the model defaulted, by name (decision 0035)', () => {
  const kneeWrapper = loadModel(
    fs.readFileSync(path.join(demoListsFolder, '../../../../../models/default/knee/model.pkl')),
    fs.readFileSync(path.join(demoListsFolder, '../../../../../models/default/knee/wrapper.pkl')),
  ).wrapper!;
  const age = kneeWrapper.features.find((feature) => feature.name === 'age')!;

  it('names the age and the default it took when the record has no date of birth, on every answer', async () => {
    const response = await call('PUT', patientUrl(zoe), clinicianToken, {
      dobDay: '',
      dobMonth: '',
      dobYear: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const remodelled = response.json<RiskSummary>().result!;
    expect(remodelled.isDefaultValueUsed).toBe(true);
    expect(remodelled.defaultsUsed).toContainEqual({
      feature: 'age',
      displayName: age.displayName,
      valueUsed: age.default,
      unit: age.unit,
    });
    expect(age.default).toBe(68);
    // The chart's contribution says the same: the default, marked as such.
    expect(remodelled.contributions.find((item) => item.feature === 'age')).toMatchObject({
      value: 68,
      unit: age.unit,
      defaultUsed: true,
    });
    // Every defaulted factor shown is named, and nothing observed is.
    for (const factor of remodelled.featureImportance)
      expect(remodelled.defaultsUsed.some((item) => item.feature === factor.feature)).toBe(
        factor.defaultUsed,
      );
    const shown = await summary(zoe);
    expect(shown.result!.defaultsUsed).toEqual(remodelled.defaultsUsed);
    const entry = await call('GET', `${patientUrl(zoe)}/history/${remodelled.evaluationId}`);
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json<HistoryEntry>().result!.defaultsUsed).toEqual(remodelled.defaultsUsed);
  });

  it('names, for an evaluation stored before decision 0028, the defaulted factors it stored', async () => {
    const [current] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from evaluations where pathway_id = ${zoe} order by created_at desc limit 1`,
    );
    const earlier = crypto.randomUUID();
    await t.app.db.execute(sql`insert into evaluations (id, pathway_id, trust_code, procedure_code, model_id,
        model_version, model_name, model_card_version, demonstration, reason, created_at, created_by,
        probability, prediction, is_default_value_used, defaulted_features, feature_importance,
        contributions, areas_of_improvement, inputs)
      select ${earlier}, pathway_id, trust_code, procedure_code, model_id, model_version, model_name,
        model_card_version, demonstration, 'batch', created_at - interval '30 days', 'Batch scoring', 0.25,
        'Moderate', true, '[]'::jsonb,
        '[{"feature":"egfr","displayName":"eGFR","importance":"high","value":75,"unit":"mL/min/1.73m²","defaultUsed":true},{"feature":"bmi","displayName":"Body mass index","importance":"medium","value":31.2,"unit":"kg/m²","defaultUsed":false}]'::jsonb,
        '[["egfr",0.3],["bmi",0.2]]'::jsonb, '{"dos":[]}'::jsonb, inputs
      from evaluations where id = ${current!.id}`);
    const response = await call('GET', `${patientUrl(zoe)}/history/${earlier}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<HistoryEntry>().result!.defaultsUsed).toEqual([
      { feature: 'egfr', displayName: 'eGFR', valueUsed: 75, unit: 'mL/min/1.73m²' },
    ]);
  });

  it('names nothing when the record is complete', async () => {
    const labs = Object.fromEntries(
      labFields.map((field) => {
        const { min, max, reference } = labRules[field];
        const [low, high] = reference ? [reference.min, reference.max] : [min, max];
        return [field, String(Math.round((low + high) / 2))];
      }),
    );
    const response = await call('PUT', patientUrl(zoe), clinicianToken, {
      ...labs,
      height: '165',
      weight: '80',
      sex: 'F',
      ethnicGroup: 'A',
      smoking: '4',
      dobDay: '30',
      dobMonth: '6',
      dobYear: '1960',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<RiskSummary>().result!;
    expect(result.isDefaultValueUsed).toBe(false);
    expect(result.defaultsUsed).toEqual([]);
    expect((await summary(zoe)).result!.defaultsUsed).toEqual([]);
  });
});

/** A patient of the demonstration knee list imported above: the digits of their NHS number. */
const demoNhsNumber = (line: number) => demoLines[line]!.split(',')[0]!.replace(/\s/g, '');
const pathwayOf = async (line: number) => (await lookup(`nhsNumber=${demoNhsNumber(line)}`))[0]!.id;
async function historyEntryOf(pathwayId: string, historyId: string) {
  const response = await call('GET', `${patientUrl(pathwayId)}/history/${historyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryEntry>();
}

describe('what a remodel changed (decision 0039)', () => {
  it('says, after a remodel, the probability before and after and each input whose value changed', async () => {
    // Brenda Roberts (demonstration list): no blood results, so albumin and haemoglobin were defaulted.
    const brenda = await pathwayOf(11);
    const before = await summary(brenda);
    expect(before.result!.reason).toBe('batch');
    expect(before.change).toBeNull();
    const response = await call('PUT', patientUrl(brenda), clinicianToken, {
      albumin: '29',
      haemoglobin: '104',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<RiskSummary>();
    const change = after.change!;
    expect(change).toMatchObject({
      previousEvaluationId: before.result!.evaluationId,
      previousEvaluatedAt: before.result!.evaluatedAt,
      previousPrediction: before.result!.prediction,
      previousProbability: before.result!.probability,
    });
    expect(after.result!.probability).not.toBe(change.previousProbability);
    const albumin = before.result!.contributions.find((factor) => factor.feature === 'albumin')!;
    expect(albumin.defaultUsed).toBe(true);
    expect(change.inputs.map((input) => input.feature).sort()).toEqual(['albumin', 'haemoglobin']);
    expect(change.inputs.find((input) => input.feature === 'albumin')).toEqual({
      feature: 'albumin',
      displayName: albumin.displayName,
      unit: 'g/L',
      before: albumin.value,
      beforeDefaultUsed: true,
      after: 29,
      afterDefaultUsed: false,
    });
    // The summary read again says the same; so does the evaluation in the history.
    expect((await summary(brenda)).change).toEqual(change);
    expect((await historyEntryOf(brenda, after.result!.evaluationId)).change).toEqual(change);
    // The evaluation before it, not a remodel, says nothing changed.
    expect((await historyEntryOf(brenda, before.result!.evaluationId)).change).toBeNull();
  });

  it('compares a second remodel with the first, and lists no input when none changed', async () => {
    const terence = await pathwayOf(12);
    const first = await call('PUT', patientUrl(terence), clinicianToken, { crp: '48' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('PUT', patientUrl(terence), clinicianToken, await record(terence));
    expect(again.statusCode, again.body).toBe(200);
    const change = again.json<RiskSummary>().change!;
    expect(change.previousEvaluationId).toBe(first.json<RiskSummary>().result!.evaluationId);
    expect(change.previousProbability).toBe(again.json<RiskSummary>().result!.probability);
    expect(change.inputs).toEqual([]);
  });
});

describe('a past evaluation shown as it was (decision 0039)', () => {
  it('shows the surgeon, readiness and social aspects kept with it, not those of today', async () => {
    // Aisha O'Brien (demonstration list): Ms C Nguyen, not ready, no social concerns.
    const aisha = await pathwayOf(13);
    const imported = (await summary(aisha)).result!.evaluationId;
    const edit = await call('PUT', `${patientUrl(aisha)}/surgical-risk-factors/`, clinicianToken, {
      surgeonName: 'Mr D Okafor',
      surgery: 'ready',
      social: 'social_review_required',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const remodelled = await call('PUT', patientUrl(aisha), clinicianToken, { crp: '12' });
    expect(remodelled.statusCode, remodelled.body).toBe(200);

    const past = await historyEntryOf(aisha, imported);
    expect(past).toMatchObject({
      isCurrent: false,
      surgicalRiskFactorsShown: 'as-evaluated',
      surgeonName: 'Ms C Nguyen',
      surgery: 'not_ready',
      social: 'no_social_concerns',
    });
    const current = await historyEntryOf(aisha, remodelled.json<RiskSummary>().result!.evaluationId);
    expect(current).toMatchObject({
      isCurrent: true,
      surgicalRiskFactorsShown: 'current',
      surgeonName: 'Mr D Okafor',
      surgery: 'ready',
      social: 'social_review_required',
    });

    // Edited again after the remodel: the remodel, once replaced, shows what it kept.
    await call('PUT', `${patientUrl(aisha)}/surgical-risk-factors/`, clinicianToken, {
      surgeonName: 'Miss E Hughes',
      surgery: 'requires_review',
      social: 'social_concerns',
    });
    const latest = await call('PUT', patientUrl(aisha), clinicianToken, { crp: '13' });
    expect(latest.statusCode).toBe(200);
    expect(await historyEntryOf(aisha, current.result!.evaluationId)).toMatchObject({
      isCurrent: false,
      surgicalRiskFactorsShown: 'as-evaluated',
      surgeonName: 'Mr D Okafor',
      surgery: 'ready',
      social: 'social_review_required',
    });
  });

  it('shows none, rather than today’s, for an evaluation made before they were kept', async () => {
    const aisha = await pathwayOf(13);
    const oldest = (await historyOf(aisha)).items.at(-1)!;
    await t.app.db.execute(
      sql`update evaluations set surgical_risk_factors_kept = false, surgeon_name = null, surgery = null,
        social = null where id = ${oldest.id}`,
    );
    expect(await historyEntryOf(aisha, oldest.id)).toMatchObject({
      surgicalRiskFactorsShown: 'not-kept',
      surgeonName: null,
      surgery: null,
      social: null,
    });
  });

  it('keeps them with every evaluation a scoring run writes', async () => {
    const brenda = await pathwayOf(11);
    // A pathway scored by another model version is scored again by the next run.
    await t.app.db.execute(sql`update pathways set scored_model_id = null where id = ${brenda}`);
    expect(await scorePending(t.app.db, t.app.database, clerical.trustCode, 'knee')).toBe(1);
    const [latest] = await queryRows<{
      reason: string;
      surgeon_name: string | null;
      surgery: string | null;
      social: string | null;
      kept: boolean;
    }>(
      t.app.db,
      sql`select reason, surgeon_name, surgery, social, surgical_risk_factors_kept as kept from evaluations
        where pathway_id = ${brenda} order by created_at desc, id desc limit 1`,
    );
    expect(latest).toEqual({
      reason: 'rescore',
      surgeon_name: 'Mr T Fairbanks',
      surgery: 'ready',
      social: 'no_social_concerns',
      kept: true,
    });
  });
});

describe('the reason for an anomaly flag (decision 0039)', () => {
  const flagUrl = (id: string) => `${patientUrl(id)}/mark/anomaly/`;
  const lastChange = async (id: string) =>
    (
      await queryRows<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
        t.app.db,
        sql`select action, changes from change_log where entity_id = ${id} order by id desc limit 1`,
      )
    )[0]!;

  it('keeps the reason with the flag, shows it on the summary and the history, logs it, and clears it with the flag', async () => {
    const carol = await pathwayOf(2);
    const reason = '  Albumin of 12 g/L looks like a unit error in the PAS extract  ';
    const flagged = await call('POST', flagUrl(carol), clinicianToken, { reason });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json()).toMatchObject({ isAnomaly: true, anomalyReason: reason.trim() });
    const shown = await summary(carol);
    expect(shown.result).toMatchObject({ isAnomaly: true, anomalyReason: reason.trim() });
    const [item] = (await historyOf(carol)).items;
    expect(item).toMatchObject({ isCurrent: true, isAnomaly: true, anomalyReason: reason.trim() });
    expect((await historyEntryOf(carol, item!.id)).result!.anomalyReason).toBe(reason.trim());
    expect((await lastChange(carol)).changes).toEqual({
      isAnomaly: { before: false, after: true },
      anomalyReason: { before: null, after: reason.trim() },
    });

    // Removing the flag clears its reason and keeps the reason for removing it (decision 0056).
    const removal = 'Albumin repeated on 2 Dec: 41 g/L, so the value was right';
    const unflagged = await call('POST', flagUrl(carol), clerical.token, { reason: ` ${removal} ` });
    expect(unflagged.json()).toMatchObject({ isAnomaly: false, anomalyReason: null });
    expect((await summary(carol)).result).toMatchObject({ isAnomaly: false, anomalyReason: null });
    expect((await historyOf(carol)).items[0]).toMatchObject({
      isAnomaly: false,
      anomalyReason: null,
      anomalyRemoval: { reason: removal, by: expect.stringMatching(/^Ceri /), at: expect.any(String) },
    });
    expect((await lastChange(carol)).changes).toEqual({
      isAnomaly: { before: true, after: false },
      anomalyReason: { before: reason.trim(), after: null },
      reasonForRemovingTheFlag: { before: null, after: removal },
    });
  });

  it('flags without a reason when none, or only spaces, is given', async () => {
    const carol = await pathwayOf(2);
    const blank = await call('POST', flagUrl(carol), clinicianToken, { reason: '   ' });
    expect(blank.json()).toMatchObject({ isAnomaly: true, anomalyReason: null });
    const removed = await call('POST', flagUrl(carol), clinicianToken, { reason: 'Flagged by mistake' });
    expect(removed.json()).toMatchObject({ isAnomaly: false });
  });

  it('refuses a reason over 200 characters, or hostile text, under reason, and leaves the flag as it was', async () => {
    const carol = await pathwayOf(2);
    const before = (await summary(carol)).result!;
    const long = await call('POST', flagUrl(carol), clinicianToken, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ reason: [patientMessages.anomalyReasonTooLong] });
    for (const reason of ['Result\u0000', '\ud800 result', 'x'.repeat(5000)]) {
      const hostile = await call('POST', flagUrl(carol), clinicianToken, { reason });
      expect(hostile.statusCode, reason.slice(0, 10)).toBe(400);
      expect(Object.keys(hostile.json().errors)).toEqual(['reason']);
    }
    expect((await summary(carol)).result).toMatchObject({
      isAnomaly: before.isAnomaly,
      anomalyReason: before.anomalyReason,
    });
    const exactly200 = await call('POST', flagUrl(carol), clinicianToken, { reason: 'x'.repeat(200) });
    expect(exactly200.json()).toMatchObject({ isAnomaly: true, anomalyReason: 'x'.repeat(200) });
  });
});
