/**
 * Results from a trust's systems are for the right patient (docs/decisions/0055-identity-by-nhs-number-and-date-of-birth.md):
 * a FHIR Patient.birthDate or HL7 PID-7 that is not the date of birth of the pathway its NHS number
 * names refuses the whole message (422 OperationOutcome, AE naming PID-7), and nothing is kept or
 * applied; a message without a date of birth is refused unless the trust's admin has said its
 * systems never send one; a kept result is never applied to a pathway born on another day.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { IntegrationClients } from '@esr/contracts/integration-clients';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createUser } from '../../test/factories/users.js';
import {
  createClericalTrust,
  csvFile,
  importList,
  jobsSettled,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

let t: TestApp;
let clerical: ClericalTrust;
let clientToken: string;
let adminToken: string;
const labClientId = `telepath-${crypto.randomUUID().slice(0, 8)}`;

const header =
  'NHS Number,Hospital Number,Forename,Surname,Date of Birth,Sex,Height,Weight,Smoking,Procedure,Referral Date,Consultant';
/** Dates a few days back, so that the 90-day freshness rule (decision 0057) never turns these stale. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const hl7Time = (days: number, time: string) => `${daysAgo(days).slice(0, 10).replaceAll('-', '')}${time}`;
const ukDate = (days: number) => daysAgo(days).slice(0, 10).split('-').reverse().join('/');

const margaret = '9990038864,RAN981432,Margaret,Hughes,12/03/1951,F,158,71,4,W401,14/01/2026,Mr A Hamid';
const arthur = '9990000018,RAN981433,Arthur,Pryce,02/11/1948,M,176,88,2,W401,03/02/2026,Ms R Kaur';
const bloodFile = (lines: string[]) =>
  csvFile('pathology.csv', ['NHS Number,Test Name,Result,Units,Sample Date', ...lines]);
const bloods = bloodFile([`9990038864,Haemoglobin,128,g/L,${ukDate(55)} 09:10`]);

interface Clinical extends Record<string, unknown> {
  clinical: Record<string, unknown>;
}
const haemoglobinOf = async (nhs: string) =>
  (
    await queryRows<Clinical>(
      t.app.db,
      sql`select clinical from pathways where trust_code = ${clerical.trustCode} and nhs_number = ${nhs}
        and is_active`,
    )
  )[0]?.clinical.haemoglobin;
const keptCount = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from received_lab_results where trust_code = ${clerical.trustCode}`,
      )
    )[0]!.n,
  );

// ---- Messages as a pathology system sends them -----------------------------------------------------

const patient = (nhs: string, birthDate: string | null) => ({
  resourceType: 'Patient',
  identifier: [{ system: 'https://fhir.nhs.uk/Id/nhs-number', value: nhs }],
  name: [{ family: 'Hughes', given: ['Margaret'] }],
  ...(birthDate === null ? {} : { birthDate }),
});
const haemoglobin = (patientUrl: string, grams: number, taken: string) => ({
  resourceType: 'Observation',
  status: 'final',
  category: [
    {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
    },
  ],
  code: {
    coding: [
      {
        system: 'http://snomed.info/sct',
        code: '1022431000000105',
        display: 'Haemoglobin mass concentration in blood',
      },
    ],
  },
  subject: { reference: patientUrl },
  effectiveDateTime: taken,
  valueQuantity: { value: grams, unit: 'g/L', system: 'http://unitsofmeasure.org', code: 'g/L' },
});
const bundle = (nhs: string, birthDate: string | null, grams: number) => {
  const patientUrl = `urn:uuid:${crypto.randomUUID()}`;
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${crypto.randomUUID()}` },
    type: 'collection',
    timestamp: `${daysAgo(16).slice(0, 10)}T10:15:00+00:00`,
    entry: [
      { fullUrl: patientUrl, resource: patient(nhs, birthDate) },
      {
        fullUrl: `urn:uuid:${crypto.randomUUID()}`,
        resource: haemoglobin(patientUrl, grams, `${daysAgo(17).slice(0, 10)}T08:30:00+00:00`),
      },
    ],
  };
};
const oru = (controlId: string, pid: string) =>
  [
    `MSH|^~\\&|TELEPATH|RAN_PATH|ESR|RAN|${hl7Time(16, '101500')}||ORU^R01|${controlId}|P|2.4|||AL|NE`,
    pid,
    'PV1|1|O',
    `OBR|1|ORD88|LAB88|FBC^Full blood count^TELEPATH|||${hl7Time(17, '083000')}`,
    `OBX|1|NM|HB^Haemoglobin^L||119|g/L|115-165||||F|||${hl7Time(17, '083000')}`,
  ].join('\r');
const postFhir = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/fhir/r4/Bundle',
    headers: { ...bearer(clientToken), 'content-type': 'application/fhir+json' },
    payload: JSON.stringify(body),
  });
const postHl7 = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/hl7/v2',
    headers: { ...bearer(clientToken), 'content-type': 'application/hl7-v2' },
    payload: text,
  });
const segments = (ack: string) => ack.split(/\r\n|\r|\n/).filter(Boolean);
const settingsUrl = () => `/api/trusts/${clerical.trustCode}/integration-clients/settings`;

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  const admin = await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['ta'] });
  adminToken = await t.tokenFor(admin.id);
  await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name) values
    (${crypto.randomUUID()}, 'development', ${labClientId}, ${clerical.trustCode}, 'TelePath (Rhapsody)')`);
  clientToken = await t.tokenFor(labClientId, { clientId: labClientId });
  await importList(t, clerical, 'knee', csvFile('knee-ptl.csv', [header, margaret, arthur]), bloods);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('a result for a patient born on another day', () => {
  it('FHIR: refuses the Bundle whole (422 naming Patient.birthDate), keeping and applying nothing', async () => {
    const before = await haemoglobinOf('9990038864');
    const response = await postFhir(bundle('9990038864', '1960-07-04', 96));
    expect(response.statusCode).toBe(422);
    const outcome = response.json<{ issue: { code: string; diagnostics: string; expression: string[] }[] }>();
    expect(outcome.issue).toEqual([
      {
        severity: 'error',
        code: 'invalid',
        diagnostics:
          'Bundle.entry[0].resource.birthDate: the date of birth (Patient.birthDate) is not that of the patient on the waiting list with this NHS number: the results may be another patient’s. The message is refused and nothing was applied: check the patient’s identifiers in the sending system.'.replace(
            /’/g,
            "'",
          ),
        expression: ['Bundle.entry[0].resource.birthDate'],
      },
    ]);
    // No date of birth, in either form, is given back.
    expect(response.body).not.toContain('1960');
    expect(response.body).not.toContain('1951');
    expect(await haemoglobinOf('9990038864')).toBe(before);
    expect(await keptCount()).toBe(0);
  });

  it('FHIR: applies the Bundle whose Patient.birthDate is the pathway’s', async () => {
    const response = await postFhir(bundle('9990038864', '1951-03-12', 121));
    expect(response.statusCode, response.body).toBe(200);
    expect(await haemoglobinOf('9990038864')).toBe(121);
  });

  it('HL7: answers AE naming PID-7 (ERR-2 PID^1^7), keeping and applying nothing', async () => {
    const before = await haemoglobinOf('9990000018');
    const kept = await keptCount();
    const response = await postHl7(
      oru('TP0001', 'PID|1||9990000018^^^NHS^NH~RAN981433^^^RAN^MR||PRYCE^ARTHUR||19841102|M'),
    );
    expect(response.statusCode).toBe(422);
    const ack = segments(response.body);
    expect(ack.find((segment) => segment.startsWith('MSA'))).toMatch(
      /^MSA\|AE\|TP0001\|PID\[1\]: the date of birth \(PID-7\) is not that of the patient/,
    );
    expect(ack.find((segment) => segment.startsWith('ERR'))).toMatch(/\|PID\^1\^7\^1\|102\^/);
    expect(await haemoglobinOf('9990000018')).toBe(before);
    expect(await keptCount()).toBe(kept);
    const [recorded] = await queryRows<{ outcome: string; detail: string }>(
      t.app.db,
      sql`select outcome, detail from integration_messages where trust_code = ${clerical.trustCode}
        and message_id = 'TP0001'`,
    );
    expect(recorded).toMatchObject({ outcome: 'rejected' });
    expect(recorded!.detail).not.toMatch(/1984|1948|9990000018/);
  });
});

describe('a result without a date of birth', () => {
  const withoutBirthDate = oru('TP0002', 'PID|1||9990000018^^^NHS^NH~RAN981433^^^RAN^MR||PRYCE^ARTHUR|||M');

  it('is refused while the trust says its systems send one, and taken by NHS number once its admin says they never do', async () => {
    const before = await haemoglobinOf('9990000018');
    const refused = await postHl7(withoutBirthDate);
    expect(refused.statusCode).toBe(422);
    expect(segments(refused.body).find((segment) => segment.startsWith('ERR'))).toMatch(
      /\|PID\^1\^7\^1\|101\^/,
    );
    expect(await haemoglobinOf('9990000018')).toBe(before);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/integration-clients`,
      headers: bearer(adminToken),
    });
    expect(listed.json<IntegrationClients>().settings).toEqual({ labMessagesWithoutBirthDate: false });

    // Only an admin changes it; a clerk may not.
    const asClerk = await t.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: bearer(clerical.token),
      payload: { labMessagesWithoutBirthDate: true },
    });
    expect(asClerk.statusCode).toBe(403);
    const changed = await t.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: bearer(adminToken),
      payload: { labMessagesWithoutBirthDate: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = await queryRows<{ action: string; changes: Record<string, unknown> }>(
      t.app.db,
      sql`select action, changes from change_log where trust_code = ${clerical.trustCode}
        and entity_type = 'trust' order by id desc limit 1`,
    );
    expect(entry!.changes).toEqual({ labMessagesWithoutBirthDate: { before: false, after: true } });
    expect(entry!.action).toBe(
      "Results without a date of birth from the trust's laboratory systems: matched by NHS number alone",
    );

    // The same message again is read again, not answered as the first time.
    const taken = await postHl7(withoutBirthDate);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(segments(taken.body).find((segment) => segment.startsWith('MSA'))).toMatch(/^MSA\|AA\|TP0002\|/);
    expect(await haemoglobinOf('9990000018')).toBe(119);

    // A date of birth that is given is still compared.
    const mismatch = await postHl7(
      oru('TP0003', 'PID|1||9990000018^^^NHS^NH~RAN981433^^^RAN^MR||PRYCE^ARTHUR||19841102|M'),
    );
    expect(mismatch.statusCode).toBe(422);
    await t.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: bearer(adminToken),
      payload: { labMessagesWithoutBirthDate: false },
    });
  });
});

describe('a kept result', () => {
  it('is not applied to a patient who joins the list with its NHS number and another date of birth', async () => {
    // For a patient not on a list: kept for 90 days.
    const response = await postFhir(bundle('9990000042', '1955-09-09', 88));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ issue: { diagnostics: string }[] }>().issue[0]!.diagnostics).toMatch(
      /1 result kept for 90 days/,
    );
    // The next list has that NHS number for someone born ten years later: the result is not theirs.
    await importList(
      t,
      clerical,
      'knee',
      csvFile('knee-ptl.csv', [
        header,
        margaret,
        arthur,
        '9990000042,RAN981499,Dafydd,Price,09/09/1965,M,170,85,3,W401,01/04/2026,Ms R Kaur',
      ]),
      bloods,
    );
    await jobsSettled(t, clerical);
    expect(await haemoglobinOf('9990000042')).toBeUndefined();
  });
});
