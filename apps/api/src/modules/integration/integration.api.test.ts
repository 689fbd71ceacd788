import { demoFileLines, comorbidityCells } from '../../test/factories/demo-files.js';
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { showCalendarDate } from '@esr/contracts/london-dates';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { RiskHistory } from '@esr/contracts/patients';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  importList as importListThrough,
  waitUntil,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { insertPathways } from '../../test/factories/pathways.js';
import { testNhsNumber } from '../../test/factories/generated-lists.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import type { ChangeLogPage } from '@esr/contracts/change-log';
import { validateFhir } from './fhir/fhir-validation.js';
import type { FhirBundle, FhirRiskAssessment } from './fhir/types.js';

/**
 * Blood results from a trust's systems and risk back to its records (decision 0047), on lists
 * imported through the real pipeline: FHIR Bundles and Observations, HL7 v2 ORU^R01 with its ACKs
 * (over HTTP and MLLP), results kept for a later list, duplicates, amendments, units, RiskAssessments
 * validated against the FHIR R4 definitions, who may call what, and the real client-credentials flow.
 */

let t: TestApp;
let clerical: ClericalTrust;
let clientToken: string;
let otherClientToken: string;
let clinicianToken: string;
let clinicianId: string;
const labClientId = `lab-${crypto.randomUUID().slice(0, 8)}`;

const demoLines = demoFileLines('knee-waiting-list.csv');
const header = demoLines[0]!;
const flags = comorbidityCells;

// NHS numbers in the 999 test range with valid check digits.
const nhsSiobhan = '9990000026';
const nhsLukasz = '9990000034';
const nhsLater = '9990000042';
const localOnly = 'ZZP000777';
const siobhanKnee = `${nhsSiobhan},ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,P4,Ready,No social concerns,${flags(['hypt'])}`;
const lukaszKnee = `${nhsLukasz},ZZP000002,Łukasz,Nowak,02/11/1948,Male,A,178,91,2,Total knee replacement,15/02/2026,,Ms R Kaur,P3,Requires review,Social review required,${flags()}`;
const zoeKnee = `,${localOnly},Zoë,Clarke,30/06/1960,Female,A,165,80,1,Total knee replacement,20/03/2026,,Mr A Hamid,P4,Ready,No social concerns,${flags(['nidd'])}`;
const laterKnee = `${nhsLater},ZZP000003,Dafydd,Price,09/09/1955,Male,A,170,85,3,Total knee replacement,01/04/2026,,Ms R Kaur,P4,Ready,No social concerns,${flags()}`;
const siobhanHip = `${nhsSiobhan},ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,72,4,Total hip replacement,05/05/2026,,Ms J Patel,P4,Ready,No social concerns,${flags(['hypt'])}`;
// The days the results were taken, counted back from today: a model uses results of the last 90
// days only (decision 0057), so fixed dates would grow too old as the calendar moves on. The
// extract's first, then the newer ones the trust's systems send since, and one older than the extract's.
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const taken = {
  siobhanExtract: daysAgo(55),
  lukaszExtract: daysAgo(53),
  beforeExtract: daysAgo(96),
  earlier: daysAgo(18),
  sent: daysAgo(17),
  later: daysAgo(16),
};
/** An HL7 v2 timestamp (YYYYMMDDHHMMSS) on one of those days. */
const hl7Time = (day: string, time: string) => `${day.replaceAll('-', '')}${time}`;
const obxTime = hl7Time(taken.sent, '083000');
const bloods = [
  'NHS Number,Hospital Number,Test Name,Result,Units,Flag,Sample Date',
  `${nhsSiobhan},ZZP000001,Haemoglobin,128,g/L,,${showCalendarDate(taken.siobhanExtract)} 12:59`,
  `${nhsSiobhan},ZZP000001,Albumin,41,g/L,,${showCalendarDate(taken.siobhanExtract)} 12:59`,
  `${nhsSiobhan},ZZP000001,eGFR,71,mL/min/1.73m2,,${showCalendarDate(taken.siobhanExtract)} 12:59`,
  `${nhsLukasz},ZZP000002,eGFR,68,mL/min/1.73m2,,${showCalendarDate(taken.lukaszExtract)} 09:10`,
];

const importList = (procedure: ProcedureCode, rows: string[]) =>
  importListThrough(
    t,
    clerical,
    procedure,
    csvFile(`${procedure}-ptl.csv`, [header, ...rows]),
    csvFile('bloods.csv', bloods),
  );

interface PathwayState extends Record<string, unknown> {
  id: string;
  clinical: Record<string, unknown>;
  lab_dates: Record<string, string> | null;
  current_evaluation_id: string;
}
const pathwayOf = async (procedure: ProcedureCode, where: { nhs?: string; local?: string }) => {
  const [row] = await queryRows<PathwayState>(
    t.app.db,
    sql`select id, clinical, lab_dates, current_evaluation_id from pathways
        where trust_code = ${clerical.trustCode} and procedure_code = ${procedure} and is_active
          and ${where.nhs ? sql`nhs_number = ${where.nhs}` : sql`local_patient_identifier = ${where.local!}`}`,
  );
  return row!;
};
const evaluationsOf = (pathwayId: string) =>
  queryRows<{ id: string; reason: string; created_by: string; inputs: Record<string, unknown> }>(
    t.app.db,
    sql`select id, reason, created_by, inputs from evaluations where pathway_id = ${pathwayId} order by created_at, id`,
  );

// ---- Messages as trust systems send them ----------------------------------------------------------

const nhsIdentifier = (nhs: string) => ({ system: 'https://fhir.nhs.uk/Id/nhs-number', value: nhs });
const snomed = (code: string, display: string) => ({
  coding: [{ system: 'http://snomed.info/sct', code, display }],
});
const observation = (
  nhs: string,
  code: { coding: object[] },
  value: number,
  unit: { unit: string; code: string },
  effective: string,
  status = 'final',
) => ({
  resourceType: 'Observation',
  status,
  category: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/observation-category',
          code: 'laboratory',
        },
      ],
    },
  ],
  code,
  subject: { identifier: nhsIdentifier(nhs) },
  effectiveDateTime: effective,
  issued: effective,
  valueQuantity: { value, unit: unit.unit, system: 'http://unitsofmeasure.org', code: unit.code },
});
const haemoglobin = snomed('1022431000000105', 'Haemoglobin mass concentration in blood');
const albumin = snomed('1000821000000103', 'Serum albumin level');
const gramsPerLitre = { unit: 'g/L', code: 'g/L' };
const gramsPerDecilitre = { unit: 'g/dL', code: 'g/dL' };
const bundle = (id: string, observations: object[]) => ({
  resourceType: 'Bundle',
  identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${id}` },
  type: 'collection',
  timestamp: `${taken.later}T10:15:00+00:00`,
  entry: observations.map((resource) => ({ fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource })),
});

const hl7 = (
  controlId: string,
  obx: string[],
  pid = `PID|1||${nhsLukasz}^^^NHS^NH~ZZP000002^^^RAN^MR||NOWAK^LUKASZ||19481102|M`,
) =>
  [
    `MSH|^~\\&|WINPATH|RAN_PATH|ESR|RAN|${hl7Time(taken.later, '101500')}||ORU^R01|${controlId}|P|2.4|||AL|NE`,
    pid,
    'PV1|1|O',
    `OBR|1|ORD123|LAB456|U&E^Urea and electrolytes^WINPATH|||${obxTime}`,
    ...obx,
  ].join('\r');
const postFhir = (url: string, body: unknown, token = clientToken) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': 'application/fhir+json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const postHl7 = (text: string, token = clientToken) =>
  t.app.inject({
    method: 'POST',
    url: '/hl7/v2',
    headers: { ...bearer(token), 'content-type': 'application/hl7-v2' },
    payload: text,
  });
const segments = (ack: string) => ack.split(/\r\n|\r|\n/).filter(Boolean);

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  const clinician = await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['cl'] });
  clinicianId = clinician.id;
  clinicianToken = await t.tokenFor(clinician.id);
  const other = await createTrust(t.app.db);
  await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name) values
    (${crypto.randomUUID()}, 'development', ${labClientId}, ${clerical.trustCode}, 'Pathology link'),
    (${crypto.randomUUID()}, 'development', ${`${labClientId}-other`}, ${other.trustCode}, 'Other trust link')`);
  // These messages name their patient by NHS number alone, as the trusts' systems that never send
  // a date of birth do: their admins have said so (decision 0055; birth-date.api.test.ts checks the
  // date of birth of messages that carry one, and refuses one without for a trust that has not).
  await t.app.db.execute(sql`update trusts set lab_messages_without_birth_date = true
    where trust_code in (${clerical.trustCode}, ${other.trustCode})`);
  clientToken = await t.tokenFor(labClientId, { clientId: labClientId });
  otherClientToken = await t.tokenFor(`${labClientId}-other`, { clientId: `${labClientId}-other` });
  await importList('knee', [siobhanKnee, lukaszKnee, zoeKnee, ...demoLines.slice(1, 21)]);
  await importList('hip', [siobhanHip]);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('FHIR results in', () => {
  it('applies newer results to every active pathway of the patient, re-scored with the reason "results"', async () => {
    const knee = await pathwayOf('knee', { nhs: nhsSiobhan });
    const hip = await pathwayOf('hip', { nhs: nhsSiobhan });
    expect(knee.clinical.haemoglobin).toBe(128);
    const before = await evaluationsOf(knee.id);

    const response = await postFhir(
      '/fhir/r4/Bundle',
      bundle(crypto.randomUUID(), [
        observation(nhsSiobhan, haemoglobin, 10.2, gramsPerDecilitre, `${taken.sent}T08:30:00+00:00`),
        observation(nhsSiobhan, albumin, 33, gramsPerLitre, `${taken.sent}T08:30:00+00:00`),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const outcome = response.json<{ resourceType: string; issue: { diagnostics: string }[] }>();
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0]!.diagnostics).toBe(
      '2 results received; 2 results for patients on the waiting list (2 pathways updated and scored again); 0 results kept for 90 days for patients not on a list.',
    );
    expect(JSON.stringify(outcome)).not.toContain(nhsSiobhan);
    expect(validateFhir(outcome)).toEqual([]);

    const kneeAfter = await pathwayOf('knee', { nhs: nhsSiobhan });
    // g/dL converted as the file import converts it.
    expect(kneeAfter.clinical.haemoglobin).toBe(102);
    expect(kneeAfter.clinical.albumin).toBe(33);
    // The eGFR the message did not bring keeps the day it was taken (decision 0057).
    expect(kneeAfter.lab_dates).toEqual({ sampled: taken.sent, egfr: taken.siobhanExtract });
    const after = await evaluationsOf(knee.id);
    expect(after).toHaveLength(before.length + 1);
    const latest = after.at(-1)!;
    expect(latest).toMatchObject({ reason: 'results', created_by: 'Integration client Pathology link' });
    expect(latest.inputs.haemoglobin).toBe(102);
    expect(kneeAfter.current_evaluation_id).toBe(latest.id);
    expect((await pathwayOf('hip', { nhs: nhsSiobhan })).clinical.albumin).toBe(33);
    expect((await evaluationsOf(hip.id)).at(-1)!.reason).toBe('results');

    // The clinician sees why in the history.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${knee.id}/risk-summary/history?pageNumber=1&pageSize=20`,
      headers: bearer(clinicianToken),
    });
    expect(history.json<RiskHistory>().items[0]).toMatchObject({ reason: 'results', isCurrent: true });

    // Recorded: who sent it and what it changed, without patient data; a change log entry per pathway.
    const [message] = await queryRows<{
      outcome: string;
      results: number;
      applied: number;
      changed: string[];
    }>(
      t.app.db,
      sql`select outcome, results, applied, changed_pathway_ids::text[] as changed from integration_messages m
          join integration_clients c on c.id = m.integration_client_id
          where c.client_id = ${labClientId} order by received_at desc limit 1`,
    );
    expect(message).toMatchObject({ outcome: 'accepted', results: 2, applied: 2 });
    expect([...message!.changed].sort()).toEqual([knee.id, hip.id].sort());
    const changes = await queryRows<{ action: string; created_by: string; changes: Record<string, unknown> }>(
      t.app.db,
      sql`select action, created_by, changes from change_log where entity_id = ${knee.id} order by id desc limit 1`,
    );
    expect(changes[0]!.action).toBe('New blood results for patient S O, NHS number ending 0026 (knee)');
    expect(changes[0]!.changes).toEqual({
      haemoglobin: { before: 128, after: 102 },
      albumin: { before: 41, after: 33 },
    });
  });

  it('names in the change log the patient of each pathway it changed, however alike the pathways’ ids (decision 0051)', async () => {
    // A trust of its own, whose two pathways' time-ordered ids share their first 8 characters.
    const trust = await createTrust(t.app.db, { labMessagesWithoutBirthDate: true });
    const siobhanId = timeOrderedUuid();
    const lukaszId = `${siobhanId.slice(0, 8)}${timeOrderedUuid().slice(8)}`;
    await insertPathways(t.app.db, trust.trustCode, 'knee', [
      { id: siobhanId, nhsNumber: nhsSiobhan, firstName: 'Siobhán', lastName: "O'Brien" },
      { id: lukaszId, nhsNumber: nhsLukasz, firstName: 'Łukasz', lastName: 'Nowak' },
    ]);
    const client = `${labClientId}-names`;
    await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
      values (${crypto.randomUUID()}, 'development', ${client}, ${trust.trustCode}, 'Pathology link')`);
    const response = await postFhir(
      '/fhir/r4/Bundle',
      bundle(crypto.randomUUID(), [
        observation(nhsSiobhan, haemoglobin, 118, gramsPerLitre, `${taken.sent}T08:30:00+00:00`),
        observation(nhsLukasz, haemoglobin, 131, gramsPerLitre, `${taken.sent}T08:30:00+00:00`),
      ]),
      await t.tokenFor(client, { clientId: client }),
    );
    expect(response.statusCode, response.body).toBe(200);

    const admin = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['ta'] });
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/changelog?trustCode=${trust.trustCode}`,
      headers: bearer(await t.tokenFor(admin.id)),
    });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log
      .json<ChangeLogPage>()
      .items.map(({ action, pathway, createdBy }) => ({ action, pathway, createdBy }))
      .sort((a, b) => (a.action < b.action ? -1 : 1));
    expect(entries).toEqual([
      {
        action: 'New blood results for patient S O, NHS number ending 0026 (knee)',
        pathway: { id: siobhanId, procedureCode: 'knee' },
        createdBy: 'Integration client Pathology link',
      },
      {
        action: 'New blood results for patient Ł N, NHS number ending 0034 (knee)',
        pathway: { id: lukaszId, procedureCode: 'knee' },
        createdBy: 'Integration client Pathology link',
      },
    ]);
    expect(log.body).not.toMatch(/Siobh|O'Brien|Łukasz|Nowak|9990000026|9990000034/);
  });

  it('answers a message sent twice as the first time, and changes nothing', async () => {
    const message = bundle(crypto.randomUUID(), [
      observation(nhsLukasz, haemoglobin, 131, gramsPerLitre, `${taken.earlier}T09:00:00Z`),
    ]);
    const first = await postFhir('/fhir/r4/Bundle', message);
    expect(first.statusCode, first.body).toBe(200);
    const lukasz = await pathwayOf('knee', { nhs: nhsLukasz });
    const evaluations = await evaluationsOf(lukasz.id);
    const second = await postFhir('/fhir/r4/Bundle', { ...message, timestamp: `${taken.later}T11:00:00Z` });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await evaluationsOf(lukasz.id)).toHaveLength(evaluations.length);
    const [count] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from received_lab_results
          where trust_code = ${clerical.trustCode} and nhs_number = ${nhsLukasz} and value = 131`,
    );
    expect(count!.n).toBe(1);
  });

  it('leaves a result older than the pathway’s, and takes an amended one of the same day', async () => {
    const lukasz = await pathwayOf('knee', { nhs: nhsLukasz });
    expect(lukasz.clinical.egfr).toBe(68);
    const older = await postFhir(
      '/fhir/r4/Observation',
      observation(
        nhsLukasz,
        snomed(
          '1011481000000105',
          'eGFR (estimated glomerular filtration rate) using creatinine Chronic Kidney Disease Epidemiology Collaboration equation per 1.73 square metres',
        ),
        40,
        { unit: 'mL/min/1.73m2', code: 'mL/min/{1.73_m2}' },
        `${taken.beforeExtract}T09:00:00+01:00`,
      ),
    );
    expect(older.statusCode, older.body).toBe(200);
    expect((await pathwayOf('knee', { nhs: nhsLukasz })).clinical.egfr).toBe(68);

    const sameDay = `${taken.earlier}T09:00:00Z`;
    const amended = await postFhir(
      '/fhir/r4/Observation',
      observation(nhsLukasz, haemoglobin, 129, gramsPerLitre, sameDay, 'amended'),
    );
    expect(amended.statusCode, amended.body).toBe(200);
    expect((await pathwayOf('knee', { nhs: nhsLukasz })).clinical.haemoglobin).toBe(129);
  });

  it('keeps a result for a patient not on the list, and applies it when a later list brings them', async () => {
    const response = await postFhir(
      '/fhir/r4/Bundle',
      bundle(crypto.randomUUID(), [
        observation(nhsLater, albumin, 29, gramsPerLitre, `${taken.sent}T08:30:00Z`),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ issue: { diagnostics: string }[] }>().issue[0]!.diagnostics).toContain(
      '1 result kept for 90 days for patients not on a list',
    );
    await importList('knee', [siobhanKnee, lukaszKnee, zoeKnee, laterKnee, ...demoLines.slice(1, 21)]);
    const later = await waitUntil(
      () => pathwayOf('knee', { nhs: nhsLater }),
      (row) => row?.clinical.albumin === 29,
    );
    const evaluations = await evaluationsOf(later.id);
    expect(evaluations.at(-1)!.reason).toBe('results');
    expect(later.current_evaluation_id).toBe(evaluations.at(-1)!.id);
    // The re-import gave Siobhán her file's older results; the newer ones sent since are applied again.
    const siobhan = await waitUntil(
      () => pathwayOf('knee', { nhs: nhsSiobhan }),
      (row) => row.clinical.haemoglobin === 102,
    );
    expect(siobhan.clinical.albumin).toBe(33);
  });

  it('keeps results of another trust’s client to that trust', async () => {
    const before = await pathwayOf('knee', { nhs: nhsSiobhan });
    const response = await postFhir(
      '/fhir/r4/Bundle',
      bundle(crypto.randomUUID(), [
        observation(nhsSiobhan, haemoglobin, 90, gramsPerLitre, `${taken.later}T08:30:00Z`),
      ]),
      otherClientToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ issue: { diagnostics: string }[] }>().issue[0]!.diagnostics).toContain(
      '0 results for patients on the waiting list',
    );
    expect((await pathwayOf('knee', { nhs: nhsSiobhan })).clinical.haemoglobin).toBe(
      before.clinical.haemoglobin,
    );
  });

  it('refuses a bad message as a whole, naming the element, and changes nothing', async () => {
    const lukasz = await pathwayOf('knee', { nhs: nhsLukasz });
    const unknownUnit = await postFhir(
      '/fhir/r4/Bundle',
      bundle(crypto.randomUUID(), [
        observation(nhsLukasz, albumin, 20, gramsPerLitre, `${taken.later}T08:30:00Z`),
        observation(
          nhsLukasz,
          haemoglobin,
          7.1,
          { unit: 'mmol/L', code: 'mmol/L' },
          `${taken.later}T08:30:00Z`,
        ),
      ]),
    );
    expect(unknownUnit.statusCode, unknownUnit.body).toBe(422);
    const issue = unknownUnit.json<{
      issue: { severity: string; expression?: string[]; diagnostics: string }[];
    }>().issue[0]!;
    expect(issue.severity).toBe('error');
    expect(issue.expression?.[0]).toMatch(/^Bundle\.entry\[1\]\.resource\.valueQuantity/);
    expect(issue.diagnostics).toMatch(/mmol\/L/);
    expect((await pathwayOf('knee', { nhs: nhsLukasz })).clinical.albumin).toBe(
      lukasz.clinical.albumin ?? undefined,
    );

    const notJson = await postFhir('/fhir/r4/Bundle', '{"resourceType": "Bundle", ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');

    const wrongType = await postFhir('/fhir/r4/Bundle', { resourceType: 'Patient' });
    expect(wrongType.statusCode).toBe(422);

    const noSubject = await postFhir('/fhir/r4/Observation', {
      ...observation(nhsLukasz, albumin, 30, gramsPerLitre, `${taken.later}T08:30:00Z`),
      subject: undefined,
    });
    expect(noSubject.statusCode).toBe(422);

    const hostile = await postFhir(
      '/fhir/r4/Observation',
      JSON.stringify(observation(nhsLukasz, albumin, 30, gramsPerLitre, `${taken.later}T08:30:00Z`)).replace(
        '"final"',
        '"fin\\u0000al"',
      ),
    );
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');
  });
});

describe('HL7 v2 results in', () => {
  it('accepts an ORU^R01 with an AA ACK, ignoring tests the model does not use', async () => {
    const lukasz = await pathwayOf('knee', { nhs: nhsLukasz });
    const controlId = `MSG${Date.now()}`;
    const response = await postHl7(
      hl7(controlId, [
        `OBX|1|NM|NA^Sodium^WINPATH||139|mmol/L|133-146|N|||F|||${obxTime}`,
        `OBX|2|NM|K^Potassium^WINPATH||4.4|mmol/L|3.5-5.3|N|||F|||${obxTime}`,
        `OBX|3|NM|UREA^Urea^WINPATH||9.8|mmol/L|2.5-7.8|H|||F|||${obxTime}`,
        `OBX|4|NM|CREA^Creatinine^WINPATH||112|umol/L|59-104|H|||F|||${obxTime}`,
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/hl7-v2/);
    const ack = segments(response.body);
    expect(ack[0]).toMatch(/^MSH\|\^~\\&\|ESR\|RAN\|WINPATH\|RAN_PATH\|/);
    expect(ack[0]).toContain('|ACK');
    expect(ack.find((s) => s.startsWith('MSA'))).toMatch(new RegExp(`^MSA\\|AA\\|${controlId}`));
    expect(response.body).not.toContain(nhsLukasz);
    const after = await pathwayOf('knee', { nhs: nhsLukasz });
    expect(after.clinical).toMatchObject({ sodium: 139, urea: 9.8, creatinine: 112 });
    expect((await evaluationsOf(lukasz.id)).at(-1)!.reason).toBe('results');

    const again = await postHl7(
      hl7(controlId, [
        `OBX|1|NM|NA^Sodium^WINPATH||139|mmol/L|133-146|N|||F|||${obxTime}`,
        `OBX|2|NM|K^Potassium^WINPATH||4.4|mmol/L|3.5-5.3|N|||F|||${obxTime}`,
        `OBX|3|NM|UREA^Urea^WINPATH||9.8|mmol/L|2.5-7.8|H|||F|||${obxTime}`,
        `OBX|4|NM|CREA^Creatinine^WINPATH||112|umol/L|59-104|H|||F|||${obxTime}`,
      ]),
    );
    expect(again.body).toBe(response.body);
  });

  it('answers AE naming the segment and field of a refused result, and AR for text it cannot read', async () => {
    const refused = await postHl7(
      hl7(`BAD${Date.now()}`, [`OBX|1|NM|NA^Sodium^WINPATH||139|furlongs|133-146|N|||F|||${obxTime}`]),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    const ack = segments(refused.body);
    expect(ack.find((s) => s.startsWith('MSA'))).toMatch(/^MSA\|AE\|/);
    expect(ack.find((s) => s.startsWith('ERR'))).toMatch(/OBX\^1\^6/);

    const garbage = await postHl7('this is not an HL7 message');
    expect(garbage.statusCode).toBe(400);
    expect(segments(garbage.body).find((s) => s.startsWith('MSA'))).toMatch(/^MSA\|AR/);

    const nul = await postHl7(hl7('NUL1', ['OBX|1|NM|NA^Sodium^WINPATH||13\u00009|mmol/L|||||F']));
    expect(nul.statusCode).toBe(400);
    expect(segments(nul.body).find((s) => s.startsWith('MSA'))).toMatch(/^MSA\|AR/);
  });

  it('feeds the same handler through the MLLP listener', async () => {
    const port = await freePort();
    const mllp = await createTestApp({ HL7_MLLP_PORT: String(port), HL7_MLLP_CLIENT: 'ran-pathology-demo' });
    try {
      // The demonstration trust's list may hold anyone on a database shared with earlier runs: a
      // patient of a number drawn for this run, whom no list there holds with another date of birth.
      const nhs = testNhsNumber(300_000 + Math.floor(Math.random() * 100_000));
      const answer = await mllpSend(
        port,
        hl7(
          `MLLP${Date.now()}`,
          [`OBX|1|NM|NA^Sodium^WINPATH||139|mmol/L|||||F|||${obxTime}`],
          `PID|1||${nhs}^^^NHS^NH||PRICE^DAFYDD||19550909|M`,
        ),
      );
      expect(segments(answer).find((s) => s.startsWith('MSA'))).toMatch(/^MSA\|AA\|MLLP/);
    } finally {
      await mllp.close();
    }
  });
});

/** The product's own code system for the models' inputs, as decision 0070 fixes it. */
const riskModelInputSystem = 'https://fhir.elective-surgical-risk.org/CodeSystem/risk-model-input';

/** The codes of a RiskAssessment's contained haemoglobin Observation. */
const haemoglobinCodes = (assessment: FhirRiskAssessment) =>
  assessment.contained?.find((input) =>
    input.code.coding?.some(
      (coding) => coding.system === riskModelInputSystem && coding.code === 'haemoglobin',
    ),
  )?.code.coding;

/** Every system and extension URL a resource names, once each. */
const systemsOf = (resource: unknown) =>
  [
    ...new Set([...JSON.stringify(resource).matchAll(/"(?:system|url)":"([^"]*)"/g)].map(([, uri]) => uri!)),
  ].sort();

describe('risk out', () => {
  const search = (nhs: string, token = clientToken, app = t) =>
    app.app.inject({
      method: 'GET',
      url: `/fhir/r4/RiskAssessment?subject:identifier=${encodeURIComponent(`https://fhir.nhs.uk/Id/nhs-number|${nhs}`)}`,
      headers: { ...bearer(token), accept: 'application/fhir+json' },
    });

  it('returns each current evaluation as a valid RiskAssessment, and logs the read', async () => {
    const response = await search(nhsSiobhan);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<{
      resourceType: string;
      type: string;
      entry: {
        resource: {
          id: string;
          status: string;
          prediction: { probabilityDecimal: number; qualitativeRisk: { coding: { code: string }[] } }[];
          subject: { identifier: { value: string } };
        };
      }[];
    }>();
    expect(found).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    expect(found.entry).toHaveLength(2);
    expect(validateFhir(found)).toEqual([]);
    const knee = await pathwayOf('knee', { nhs: nhsSiobhan });
    const kneeAssessment = found.entry.find((entry) => entry.resource.id === knee.current_evaluation_id);
    expect(kneeAssessment, 'the knee pathway’s current evaluation').toBeDefined();
    const [pathway] = await queryRows<{ probability: number; prediction: string }>(
      t.app.db,
      sql`select probability, prediction from pathways where id = ${knee.id}`,
    );
    expect(kneeAssessment!.resource.prediction[0]!.probabilityDecimal).toBeCloseTo(pathway!.probability, 12);
    expect(kneeAssessment!.resource.prediction[0]!.qualitativeRisk.coding[0]!.code).toBe(
      pathway!.prediction.toLowerCase(),
    );
    expect(kneeAssessment!.resource.subject.identifier.value).toBe(nhsSiobhan);
    // The haemoglobin the model read, under the codes the results feed reads it by (lab-codes.ts).
    expect(haemoglobinCodes(kneeAssessment!.resource as unknown as FhirRiskAssessment)).toEqual([
      { system: 'http://snomed.info/sct', code: '1022431000000105', display: 'Haemoglobin estimation' },
      { system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' },
      { system: riskModelInputSystem, code: 'haemoglobin', display: 'Haemoglobin' },
    ]);

    const logged = await queryRows<{ action: string; roles: string; user_name: string; route: string }>(
      t.app.db,
      sql`select action, roles, user_name, route from patient_access_log
          where pathway_ids @> array[${knee.id}::uuid] order by id desc limit 1`,
    );
    expect(logged[0]).toEqual({
      action: 'risk-assessment',
      roles: 'Integration',
      user_name: 'Integration client Pathology link',
      route: 'GET /fhir/r4/RiskAssessment',
    });

    const one = await t.app.inject({
      method: 'GET',
      url: `/fhir/r4/RiskAssessment/${knee.current_evaluation_id}`,
      headers: bearer(clientToken),
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(validateFhir(one.json())).toEqual([]);
  });

  it('answers another trust’s client with nothing of this trust', async () => {
    const empty = await search(nhsSiobhan, otherClientToken);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<{ total?: number; entry?: unknown[] }>().entry ?? []).toHaveLength(0);
    const knee = await pathwayOf('knee', { nhs: nhsSiobhan });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/fhir/r4/RiskAssessment/${knee.current_evaluation_id}`,
      headers: bearer(otherClientToken),
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');
  });

  it('refuses an identifier that is not an NHS number', async () => {
    for (const token of ['9990000026', 'https://fhir.nhs.uk/Id/nhs-number|9990000027', 'urn:x|9990000026']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/fhir/r4/RiskAssessment?subject:identifier=${encodeURIComponent(token)}`,
        headers: bearer(clientToken),
      });
      expect(response.statusCode, token).toBe(400);
      expect(response.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');
    }
  });

  it('names the same code systems and identifiers whatever PUBLIC_URL is; only addresses follow it', async () => {
    const elsewhereUrl = 'https://risk.elsewhere.example';
    const elsewhere = await createTestApp({ PUBLIC_URL: elsewhereUrl });
    try {
      const trust = await createClericalTrust(elsewhere);
      const client = `lab-${crypto.randomUUID().slice(0, 8)}`;
      await elsewhere.app.db
        .execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
        values (${crypto.randomUUID()}, 'development', ${client}, ${trust.trustCode}, 'Pathology link')`);
      await importListThrough(
        elsewhere,
        trust,
        'knee',
        csvFile('knee-ptl.csv', [header, siobhanKnee]),
        csvFile('bloods.csv', bloods),
      );
      const knee = (bundle: FhirBundle) =>
        bundle.entry
          ?.map((entry) => entry.resource as FhirRiskAssessment)
          .find((resource) => resource.code?.text?.includes('knee'));
      const hereAnswer = await search(nhsSiobhan);
      const thereAnswer = await search(
        nhsSiobhan,
        await elsewhere.tokenFor(client, { clientId: client }),
        elsewhere,
      );
      expect(thereAnswer.statusCode, thereAnswer.body).toBe(200);
      const [here, there] = [hereAnswer.json<FhirBundle>(), thereAnswer.json<FhirBundle>()];
      expect(validateFhir(there)).toEqual([]);

      // The addresses are each installation's own…
      expect(here.entry?.[0]?.fullUrl).toMatch(/^http:\/\/localhost:3000\/fhir\/r4\/RiskAssessment\//);
      expect(there.entry?.[0]?.fullUrl).toMatch(
        /^https:\/\/risk\.elsewhere\.example\/fhir\/r4\/RiskAssessment\//,
      );
      // …the systems are the product's, from both.
      const [hereKnee, thereKnee] = [knee(here)!, knee(there)!];
      expect(haemoglobinCodes(thereKnee)).toEqual(haemoglobinCodes(hereKnee));
      expect(haemoglobinCodes(thereKnee)?.map((coding) => coding.system)).toEqual([
        'http://snomed.info/sct',
        'http://loinc.org',
        riskModelInputSystem,
      ]);
      expect(thereKnee.identifier[0]?.system).toBe(hereKnee.identifier[0]?.system);
      expect(thereKnee.method.coding?.[0]?.system).toBe(hereKnee.method.coding?.[0]?.system);
      for (const system of [...systemsOf(hereKnee), ...systemsOf(thereKnee)])
        expect(system).not.toMatch(/localhost|risk\.elsewhere/);
    } finally {
      await elsewhere.close();
    }
  }, 120_000);

  it('publishes a valid CapabilityStatement without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/fhir/r4/metadata' });
    expect(response.statusCode).toBe(200);
    const statement = response.json<{ resourceType: string; fhirVersion: string }>();
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    expect(validateFhir(statement)).toEqual([]);
  });
});

describe('who may call', () => {
  it('keeps people’s tokens from the integration endpoints and clients’ tokens from everything else', async () => {
    const person = await postFhir('/fhir/r4/Observation', {}, clinicianToken);
    expect(person.statusCode).toBe(403);
    expect(person.json<{ issue: { diagnostics: string }[] }>().issue[0]!.diagnostics).toBe(
      'Only an integration client of the trust may call this endpoint',
    );
    expect((await postHl7(hl7('P1', []), clinicianToken)).statusCode).toBe(403);
    const noToken = await t.app.inject({ method: 'POST', url: '/hl7/v2', payload: 'MSH|' });
    expect(noToken.statusCode).toBe(401);
    expect(segments(noToken.body).find((s) => s.startsWith('MSA'))).toMatch(/^MSA\|AR/);

    for (const url of ['/api/me', `/api/trusts/${clerical.trustCode}/patients/?nhsNumber=${nhsSiobhan}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(clientToken) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ detail: string }>().detail).toBe(
        'An integration client may call only the FHIR and HL7 endpoints',
      );
    }
    const unregistered = await t.tokenFor('lab-unknown', { clientId: 'lab-unknown' });
    expect((await postHl7(hl7('U1', []), unregistered)).statusCode).toBe(403);
    // A person's token is never taken for a client's, whatever its client.
    const personAsClient = await t.tokenFor(clinicianId, { clientId: labClientId });
    expect((await postHl7(hl7('U2', []), personAsClient)).statusCode).toBe(403);
  });

  it('issues a demonstration client its token by OAuth 2.0 client credentials', async () => {
    const demo = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('ran-pathology-demo:ran-pathology-demo-secret').toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(demo.statusCode, demo.body).toBe(200);
    const { access_token: token } = demo.json<{ access_token: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: `/fhir/r4/RiskAssessment?subject:identifier=${encodeURIComponent(`https://fhir.nhs.uk/Id/nhs-number|${nhsSiobhan}`)}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    // RAN has no pathways in this test: its client sees none of this test's trust.
    expect(response.json<{ entry?: unknown[] }>().entry ?? []).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      403,
    );

    const wrongSecret = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('ran-pathology-demo:guess').toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(wrongSecret.statusCode).toBe(401);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function mllpSend(port: number, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf(0x1c);
      if (end >= 0) {
        socket.end();
        resolve(received.subarray(1, end).toString('utf8'));
      }
    });
    socket.on('error', reject);
    socket.write(
      Buffer.concat([Buffer.from([0x0b]), Buffer.from(message, 'utf8'), Buffer.from([0x1c, 0x0d])]),
    );
  });
}
