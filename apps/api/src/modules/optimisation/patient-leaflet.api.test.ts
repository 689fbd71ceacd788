import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { showCalendarDate } from '@esr/contracts/london-dates';
import { queryRows } from '../../platform/db/client.js';
import { demoFileLines, comorbidityCells } from '../../test/factories/demo-files.js';
import { createUser, tokensForRoles } from '../../test/factories/users.js';
import {
  createClericalTrust,
  csvFile,
  importList,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { patientLeafletWords } from './patient-leaflet-words.js';

/**
 * "Before your operation: what you can do" (docs/optimisation.md): the page a clinician gives the
 * patient, as a tagged PDF, for each factor not closed, with the service referred to and its
 * contact; read by everyone who works the list, in the access log.
 */

let t: TestApp;
let clerical: ClericalTrust;
let tokens: Record<'cl' | 'wa' | 'cu' | 'ta', string>;
let otherClinician: string;
let otherTrust: string;
let siobhan: string;
let lukasz: string;

const demoLines = demoFileLines('knee-waiting-list.csv');
const nhsSiobhan = '9990000026';
const nhsLukasz = '9990000034';
const sampled = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
// Siobhán: anaemic (Hb 118), hypertensive, a current smoker, BMI 41.0. Łukasz: diabetes only.
const rows = [
  `${nhsSiobhan},ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,105,1,Total knee replacement,02/01/2026,,Mr A Hamid,P4,Ready,No social concerns,${comorbidityCells(['hypt'])}`,
  `${nhsLukasz},ZZP000002,Łukasz,Nowak,02/11/1948,Male,A,178,91,2,Total knee replacement,15/02/2026,,Ms R Kaur,P3,Requires review,Social review required,${comorbidityCells(['nidd'])}`,
  ...demoLines.slice(1, 6),
];
const bloods = [
  'NHS Number,Hospital Number,Test Name,Result,Units,Flag,Sample Date',
  `${nhsSiobhan},ZZP000001,Haemoglobin,118,g/L,L,${showCalendarDate(sampled)} 12:59`,
  `${nhsLukasz},ZZP000002,Haemoglobin,141,g/L,,${showCalendarDate(sampled)} 09:10`,
];
const clinic = 'Pre-operative anaemia clinic';
const clinicContact = 'Call 01632 960 123, Monday to Friday, 9am to 5pm';

const url = (id: string, trust = clerical.trustCode) =>
  `/api/trusts/${trust}/procedures/knee/patients/${id}/optimisation`;
const download = (id: string, token: string, trust?: string) =>
  t.app.inject({ method: 'GET', url: `${url(id, trust)}/patient-leaflet`, headers: bearer(token) });
const record = async (id: string, payload: Record<string, unknown>, token: string) => {
  const response = await t.app.inject({ method: 'POST', url: url(id), headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
};

/** The PDF's words on one line, by pdftotext (Debian poppler-utils; without it the test fails, never skips). */
function textOf(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'patient-leaflet-')), 'page.pdf');
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(/Tagged:\s+yes/);
  return text.replace(/\s+/g, ' ');
}
const pathwayId = async (nhs: string) =>
  (
    await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from pathways where trust_code = ${clerical.trustCode} and nhs_number = ${nhs} and is_active`,
    )
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  tokens = await tokensForRoles(t, clerical.trustCode, ['cl', 'wa', 'cu', 'ta'] as const);
  const other = await createClericalTrust(t);
  otherTrust = other.trustCode;
  otherClinician = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: otherTrust, roles: ['cl'] })).id,
  );
  await importList(
    t,
    clerical,
    'knee',
    csvFile('knee-ptl.csv', [demoLines[0]!, ...rows]),
    csvFile('bloods.csv', bloods),
  );
  siobhan = await pathwayId(nhsSiobhan);
  lukasz = await pathwayId(nhsLukasz);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the patient’s page', () => {
  it('names each open factor in plain words, the service referred to with its contact, and weight never delaying', async () => {
    await record(siobhan, { factor: 'anaemia', status: 'referred', service: clinic }, tokens.wa);
    await record(siobhan, { factor: 'smoking', status: 'referred', service: 'GP practice' }, tokens.cl);
    const contacts = await t.app.inject({
      method: 'PUT',
      url: `/api/trusts/${clerical.trustCode}/optimisation/services`,
      headers: bearer(tokens.ta),
      payload: { contacts: { [clinic]: clinicContact } },
    });
    expect(contacts.statusCode, contacts.body).toBe(200);
    const response = await download(siobhan, tokens.cl);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-disposition'])).toContain('Before your operation');
    const text = textOf(response.rawPayload);
    expect(text).toContain('Before your operation: what you can do');
    expect(text).toContain("Name: Siobhán O'Brien");
    expect(text).toContain('NHS number: 999 000 0026');
    expect(text).toContain('Date of birth: 14 March 1951');
    expect(text).toContain('Your blood test showed you have fewer red blood cells than we would like.');
    expect(text).toContain(`We have asked ${clinic} to help you. How to contact them: ${clinicContact}`);
    // Smoking went to a service without a contact; blood pressure to none yet.
    expect(text).toContain('We have asked GP practice to help you. Ask your hospital team who to contact.');
    expect(text).toContain('Our notes say that you have high blood pressure.');
    expect(text).toContain(patientLeafletWords.weightNeverDelays);
    for (const term of ['g/L', 'NICE', 'Identified', 'Referred', 'mmHg']) expect(text).not.toContain(term);
    const [logged] = await queryRows<{ n: number; route: string }>(
      t.app.db,
      sql`select count(*)::int as n, min(route) as route from patient_access_log
        where action = 'optimisation-patient-leaflet' and pathway_ids @> array[${siobhan}::uuid]`,
    );
    expect(logged).toEqual({
      n: 1,
      route: 'GET /api/trusts/:trust/procedures/:type/patients/:id/optimisation/patient-leaflet',
    });
  });

  it('is read by clerical users and waiting list admins too, never by trust admins', async () => {
    for (const token of [tokens.cu, tokens.wa]) expect((await download(siobhan, token)).statusCode).toBe(200);
    expect((await download(siobhan, tokens.ta)).statusCode).toBe(403);
  });

  it('gives a pathway with no open factor a page that says there is nothing to do now', async () => {
    await record(lukasz, { factor: 'diabetes', status: 'met', reason: 'HbA1c 52 mmol/mol' }, tokens.cl);
    const response = await download(lukasz, tokens.cl);
    expect(response.statusCode, response.body).toBe(200);
    const text = textOf(response.rawPayload);
    expect(text).toContain(patientLeafletWords.noFactors);
    expect(text).not.toContain('Diabetes');
    expect(text).toContain(patientLeafletWords.questions);
  });

  it('answers 404 for another trust’s pathway or an unknown id, and 403 for another trust’s staff', async () => {
    expect((await download(siobhan, otherClinician, otherTrust)).statusCode).toBe(404);
    expect((await download(siobhan, otherClinician)).statusCode).toBe(403);
    expect((await download(crypto.randomUUID(), tokens.cl)).statusCode).toBe(404);
    expect((await download('not-an-id', tokens.cl)).statusCode).toBe(400);
  });
});
