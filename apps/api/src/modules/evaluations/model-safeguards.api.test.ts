import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ActiveRecords } from '@esr/contracts/open-pathways';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ValidationSummary } from '@esr/contracts/waiting-list';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  confirmAsClerk,
  createClericalTrust,
  csvFile,
  idle,
  summaryOf,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { createUser } from '../../test/factories/users.js';

/**
 * What the model is given and when its band is withheld (decision 0057), on a list imported through
 * the real pipeline with the demonstration knee model: a revision, words for a revision and a
 * 16-year-old are kept on the list but not scored; a pathway with no blood results, and one whose
 * haemoglobin is 400 days old, are scored without a band ("Incomplete"), naming what is missing.
 */

let t: TestApp;
let clerical: ClericalTrust;
let clinicianToken: string;
let validation: ValidationSummary;

const dayBefore = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000);
  return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
};
const sixteenYearsAgo = () => {
  const now = new Date();
  return `01/01/${now.getUTCFullYear() - 16}`;
};

const patients = {
  primary: { nhs: '9990000026', local: 'RAN000101', operation: 'W401' },
  revision: { nhs: '9990000034', local: 'RAN000102', operation: 'W403' },
  revisionWords: { nhs: '9990000042', local: 'RAN000103', operation: 'Revision total knee replacement' },
  child: { nhs: '9990000050', local: 'RAN000104', operation: 'W411' },
  noBloods: { nhs: '9434765919', local: 'RAN000105', operation: 'Total knee replacement' },
  staleHaemoglobin: { nhs: '9000000009', local: 'RAN000106', operation: 'W421' },
};

const header =
  'NHS Number,Hospital Number,Forename,Surname,Date of Birth,Sex,Ethnic Category,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,TCI Date,Consultant,Priority,Hypertension,Heart Failure';
const row = (
  p: { nhs: string; local: string; operation: string },
  dateOfBirth = '14/03/1951',
  smoking = '4',
) =>
  `${p.nhs},${p.local},Alex,Tester,${dateOfBirth},Female,A,160,72,${smoking},${p.operation},02/01/2026,,Mr A Hamid,P4,Y,`;

const bloodLines = () => {
  const recent = dayBefore(20);
  const lines = ['NHS Number,Test Name,Result,Units,Sample Date'];
  for (const p of [patients.primary, patients.revision, patients.revisionWords, patients.child])
    lines.push(`${p.nhs},Haemoglobin,131,g/L,${recent}`, `${p.nhs},eGFR,74,mL/min/1.73m2,${recent}`);
  lines.push(
    `${patients.staleHaemoglobin.nhs},Haemoglobin,118,g/L,${dayBefore(400)}`,
    `${patients.staleHaemoglobin.nhs},eGFR,81,mL/min/1.73m2,${recent}`,
  );
  return lines;
};

const pathwayOf = async (nhs: string) => {
  const [found] = await queryRows<{
    id: string;
    status: string;
    prediction: string | null;
    exclusion: string | null;
    current_evaluation_id: string | null;
  }>(
    t.app.db,
    sql`select id, status, prediction, exclusion, current_evaluation_id from pathways
      where trust_code = ${clerical.trustCode} and nhs_number = ${nhs} and is_active`,
  );
  return found!;
};

const summaryFor = async (nhs: string) => {
  const { id } = await pathwayOf(nhs);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${id}/risk-summary/`,
    headers: bearer(clinicianToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RiskSummary>();
};

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  clinicianToken = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['cl'] })).id,
  );
  const upload = await uploadFiles(
    t,
    clerical,
    'knee',
    csvFile('ptl.csv', [
      header,
      row(patients.primary),
      row(patients.revision),
      row(patients.revisionWords),
      row(patients.child, sixteenYearsAgo()),
      row(patients.noBloods, '14/03/1951', ''),
      row(patients.staleHaemoglobin),
    ]),
    csvFile('bloods.csv', bloodLines()),
  );
  expect(upload.statusCode, upload.body).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  await validated(t, clerical, 'knee', batchId);
  validation = await summaryOf(t, clerical, 'knee', batchId);
  expect((await confirmAsClerk(t, clerical, 'knee', batchId)).statusCode).toBe(202);
  await idle(t, clerical, 'knee');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('only the patients the model was made for', () => {
  it('keeps a revision, words for a revision and a 16-year-old on the list, not scored, saying why', async () => {
    expect(await pathwayOf(patients.revision.nhs)).toMatchObject({
      status: 'excluded',
      prediction: null,
      current_evaluation_id: null,
      exclusion: 'revision of knee replacement, W40.3',
    });
    expect((await pathwayOf(patients.revisionWords.nhs)).exclusion).toBe('revision of a joint replacement');
    expect((await pathwayOf(patients.child.nhs)).exclusion).toBe(
      'aged 16; the model is for ages 18 and over',
    );
    const evaluations = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from evaluations e join pathways p on p.id = e.pathway_id
        where p.trust_code = ${clerical.trustCode} and p.nhs_number in (${patients.revision.nhs}, ${patients.child.nhs})`,
    );
    expect(evaluations[0]!.n).toBe(0);
    const summary = await summaryFor(patients.revision.nhs);
    expect(summary).toMatchObject({
      status: 'excluded',
      result: null,
      exclusion: 'revision of knee replacement, W40.3',
    });
  });

  it('warns of them when the list is validated', () => {
    const outside = validation.waiting_list_result.warning_groups.find(
      (group) => group.kind === 'outsidePopulation',
    );
    expect(outside?.count).toBe(3);
    expect(outside?.message).toBe(
      '3 rows are outside the population the model was made for: the patients stay on the list and are not scored.',
    );
  });

  it('scores the primary replacement as before', async () => {
    expect(await pathwayOf(patients.primary.nhs)).toMatchObject({ status: 'processed', exclusion: null });
    const summary = await summaryFor(patients.primary.nhs);
    expect(summary.result!.prediction).not.toBeNull();
    expect(summary.result!.missingRequiredInputs).toEqual([]);
    expect(summary.result!.bloodResults.map((result) => [result.field, result.sampledOn !== null])).toEqual([
      ['haemoglobin', true],
      ['egfr', true],
    ]);
  });
});

describe('inputs a clinician can trust', () => {
  it('gives a pathway without blood results no band, naming what is missing, and its probability only as made with defaults', async () => {
    expect(await pathwayOf(patients.noBloods.nhs)).toMatchObject({ status: 'incomplete', prediction: null });
    const summary = await summaryFor(patients.noBloods.nhs);
    expect(summary.status).toBe('processed');
    expect(summary.result!.prediction).toBeNull();
    expect(summary.result!.probability).toBeGreaterThan(0);
    expect(summary.result!.missingRequiredInputs).toEqual([
      { field: 'haemoglobin', label: 'Haemoglobin' },
      { field: 'egfr', label: 'eGFR' },
    ]);
  });

  it('does not use a 400-day-old haemoglobin: defaulted, named with its date, and the band withheld', async () => {
    const summary = await summaryFor(patients.staleHaemoglobin.nhs);
    const [stale] = summary.result!.staleInputs;
    expect(stale).toMatchObject({ field: 'haemoglobin', label: 'Haemoglobin', maxAgeDays: 90 });
    expect(summary.result!.prediction).toBeNull();
    expect(summary.result!.missingRequiredInputs.map((input) => input.field)).toEqual(['haemoglobin']);
    expect(summary.result!.bloodResults.map((result) => result.field)).toEqual(['egfr']);
    expect(summary.result!.defaultsUsed.map((item) => item.feature)).toContain('haemoglobin');
  });

  it('shows Incomplete and Not scored where the band would be in the total table', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/waiting-list/procedures/knee/manage/records/active?pageNumber=1&pageSize=15`,
      headers: bearer(clerical.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const byNhs = new Map(response.json<ActiveRecords>().items.map((item) => [item.nhsNumber, item]));
    expect(byNhs.get(patients.noBloods.nhs)).toMatchObject({
      status: 'incomplete',
      prediction: null,
      probability: null,
      statusDetail: 'haemoglobin and eGFR not recorded',
    });
    expect(byNhs.get(patients.revision.nhs)).toMatchObject({
      status: 'excluded',
      statusDetail: 'revision of knee replacement, W40.3',
    });
    expect(byNhs.get(patients.staleHaemoglobin.nhs)!.defaultedInputs).toContain('Haemoglobin');
  });

  it('warns at validation of each blank input the model reads, by name, with the value it will use', () => {
    const smoking = validation.waiting_list_result.warning_groups.find(
      (group) => group.kind === 'blank:smoking',
    );
    expect(smoking?.message).toBe(
      "Smoking status is blank in 1 row: the model will use 'Non-smoker, history not known'.",
    );
    const heartFailure = validation.waiting_list_result.warning_groups.find(
      (group) => group.kind === 'blank:hfl',
    );
    expect(heartFailure?.count).toBe(6);
    expect(heartFailure?.message).toMatch(/is blank in 6 rows: the model will use 'No'\.$/);
  });
});
