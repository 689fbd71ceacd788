import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { showCalendarDate } from '@esr/contracts/london-dates';
import { automaticRecorder, type PathwayOptimisation } from '@esr/contracts/optimisation';
import type { OptimisationWorklist } from '@esr/contracts/optimisation-worklist';
import { addDays } from '@esr/contracts/prioritisation';
import { defaultBloodResultMaxAgeDays } from '@esr/contracts/scoring-settings';
import { optimisationWorklist } from './optimisation-worklist.js';
import { pathwayOptimisation } from './pathway-optimisation.js';
import { queryRows } from '../../platform/db/client.js';
import { demoFileLines, comorbidityCells } from '../../test/factories/demo-files.js';
import { createTrust, createUser, tokensForRoles } from '../../test/factories/users.js';
import {
  createClericalTrust,
  csvFile,
  importList,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { validateFhir } from '../integration/fhir/fhir-validation.js';

/**
 * Waiting well (decision 0071) on a list imported through the real pipeline: the factors found
 * from the values, each step a dated entry with who may record it, and a new result from the
 * trust's systems meeting the target by itself, re-scoring the pathway once.
 */

let t: TestApp;
let clerical: ClericalTrust;
let tokens: Record<'cl' | 'wa' | 'cu' | 'ta' | 'tca', string>;
let otherClinician: string;
let siobhan: string;
let lukasz: string;
const labClientId = `optimisation-lab-${crypto.randomUUID().slice(0, 8)}`;

const demoLines = demoFileLines('knee-waiting-list.csv');
const header = demoLines[0]!;
const flags = comorbidityCells;
const nhsSiobhan = '9990000026';
const nhsLukasz = '9990000034';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const sampled = daysAgo(40);
const newResultDay = daysAgo(2);
// Siobhán: anaemic (Hb 118), hypertensive, a current smoker (code 1), BMI 41.0 (160 cm, 105 kg).
// Łukasz: an eGFR of 68 and no factor but his recorded diabetes.
const rows = [
  `${nhsSiobhan},ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,105,1,Total knee replacement,02/01/2026,,Mr A Hamid,P4,Ready,No social concerns,${flags(['hypt'])}`,
  `${nhsLukasz},ZZP000002,Łukasz,Nowak,02/11/1948,Male,A,178,91,2,Total knee replacement,15/02/2026,,Ms R Kaur,P3,Requires review,Social review required,${flags(['nidd'])}`,
  ...demoLines.slice(1, 11),
];
const bloods = [
  'NHS Number,Hospital Number,Test Name,Result,Units,Flag,Sample Date',
  `${nhsSiobhan},ZZP000001,Haemoglobin,118,g/L,L,${showCalendarDate(sampled)} 12:59`,
  `${nhsSiobhan},ZZP000001,eGFR,71,mL/min/1.73m2,,${showCalendarDate(sampled)} 12:59`,
  `${nhsLukasz},ZZP000002,Haemoglobin,141,g/L,,${showCalendarDate(sampled)} 09:10`,
  `${nhsLukasz},ZZP000002,eGFR,68,mL/min/1.73m2,,${showCalendarDate(sampled)} 09:10`,
];

const url = (id: string, trust = clerical.trustCode) =>
  `/api/trusts/${trust}/procedures/knee/patients/${id}/optimisation`;
const read = (id: string, token = tokens.cl, trust?: string) =>
  t.app.inject({ method: 'GET', url: url(id, trust), headers: bearer(token) });
const record = (id: string, payload: unknown, token = tokens.cl) =>
  t.app.inject({
    method: 'POST',
    url: url(id),
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
async function optimisationOf(id: string) {
  const response = await read(id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PathwayOptimisation>();
}
const factorOf = async (id: string, code: string) =>
  (await optimisationOf(id)).factors.find((factor) => factor.code === code);
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
  tokens = await tokensForRoles(t, clerical.trustCode, ['cl', 'wa', 'cu', 'ta', 'tca'] as const);
  const other = await createTrust(t.app.db);
  otherClinician = await t.tokenFor(
    (await createUser(t.app.db, { trustCode: other.trustCode, roles: ['cl'] })).id,
  );
  await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name) values
    (${crypto.randomUUID()}, 'development', ${labClientId}, ${clerical.trustCode}, 'Pathology link')`);
  await t.app.db.execute(sql`update trusts set lab_messages_without_birth_date = true
    where trust_code = ${clerical.trustCode}`);
  await importList(
    t,
    clerical,
    'knee',
    csvFile('knee-ptl.csv', [header, ...rows]),
    csvFile('bloods.csv', bloods),
  );
  siobhan = await pathwayId(nhsSiobhan);
  lukasz = await pathwayId(nhsLukasz);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the factors found from the values', () => {
  it('finds anaemia with its value and sample day, smoking, blood pressure and weight, in the rules’ order', async () => {
    const { factors, weightNote } = await optimisationOf(siobhan);
    expect(factors.map((factor) => [factor.code, factor.status])).toEqual([
      ['anaemia', 'identified'],
      ['smoking', 'identified'],
      ['blood_pressure', 'identified'],
      ['weight', 'identified'],
    ]);
    const anaemia = factors[0]!;
    expect(anaemia).toMatchObject({
      finding: 'Haemoglobin 118 g/L',
      value: 118,
      valueDate: sampled,
      identifiedOn: sampled,
      overdue: false,
    });
    // No TCI date: 12 weeks from identification.
    expect(anaemia.dueOn).toBe(new Date(Date.parse(sampled) + 84 * 86_400_000).toISOString().slice(0, 10));
    expect(anaemia.services).toContain('Pre-operative anaemia clinic');
    expect(factors[3]!.finding).toBe('Body mass index 41.0');
    expect(weightNote).toMatch(/never a reason to delay surgery.*NICE NG226/);
    expect((await factorOf(lukasz, 'anaemia')) ?? null).toBeNull();
    expect((await optimisationOf(lukasz)).factors.map((factor) => factor.code)).toEqual(['diabetes']);
  });

  it('is due the day before the TCI date when there is one, and overdue once that day has passed', async () => {
    const tci = daysAgo(-30);
    await t.app.db.execute(sql`update pathways set tci_date = ${tci}::date where id = ${lukasz}`);
    try {
      const diabetes = (await factorOf(lukasz, 'diabetes'))!;
      expect(diabetes.dueOn).toBe(daysAgo(-29));
      expect(diabetes.overdue).toBe(false);
      await t.app.db.execute(sql`update pathways set tci_date = ${daysAgo(1)}::date where id = ${lukasz}`);
      expect((await factorOf(lukasz, 'diabetes'))!).toMatchObject({ dueOn: daysAgo(2), overdue: true });
    } finally {
      await t.app.db.execute(sql`update pathways set tci_date = null where id = ${lukasz}`);
    }
  });

  it('is read by clinicians, clerical users and waiting list admins, and recorded in the access log', async () => {
    for (const token of [tokens.cl, tokens.cu, tokens.wa])
      expect((await read(siobhan, token)).statusCode).toBe(200);
    for (const token of [tokens.ta, tokens.tca]) expect((await read(siobhan, token)).statusCode).toBe(403);
    const logged = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from patient_access_log
        where action = 'optimisation' and pathway_ids @> array[${siobhan}::uuid]`,
    );
    expect(logged[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('answers 404 for another trust’s pathway and for an unknown id', async () => {
    expect((await read(siobhan, otherClinician)).statusCode).toBe(403);
    expect((await read(crypto.randomUUID())).statusCode).toBe(404);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: url(siobhan).replace('/knee/', '/hip/'),
      headers: bearer(tokens.cl),
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('recording each step', () => {
  it('refuses a request without its required fields, naming each', async () => {
    const empty = await record(siobhan, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      factor: ['Select the risk factor'],
      status: ['Select what happened'],
    });
    const noService = await record(siobhan, { factor: 'anaemia', status: 'referred' });
    expect(noService.json().errors).toEqual({ service: ['Select the service the patient is referred to'] });
    const unknownService = await record(siobhan, {
      factor: 'anaemia',
      status: 'referred',
      service: 'Elsewhere',
    });
    expect(unknownService.statusCode).toBe(400);
    expect(unknownService.json().errors).toEqual({ service: ['Select one of the trust’s services'] });
    const noReason = await record(siobhan, { factor: 'smoking', status: 'declined' });
    expect(noReason.json().errors).toEqual({ reason: ['Enter the reason'] });
    const metWithout = await record(siobhan, { factor: 'smoking', status: 'met', reason: '  ' });
    expect(metWithout.json().errors).toEqual({
      reason: ['Enter how the target was met, with the value and its date'],
    });
  });

  it('refuses hostile text with a 400 and keeps nothing', async () => {
    for (const note of ['Iron\u0000studies', 'Lone \ud800 surrogate', 'x'.repeat(100_000)]) {
      const response = await record(siobhan, {
        factor: 'anaemia',
        status: 'referred',
        service: 'Pre-operative anaemia clinic',
        note,
      });
      expect(response.statusCode, note.slice(0, 20)).toBe(400);
    }
    const tooLong = await record(siobhan, {
      factor: 'anaemia',
      status: 'referred',
      service: 'Pre-operative anaemia clinic',
      note: 'x'.repeat(501),
    });
    expect(tooLong.json().errors).toEqual({ note: ['The note must be 500 characters or fewer'] });
    expect((await factorOf(siobhan, 'anaemia'))!.entries).toEqual([]);
  });

  it('lets a waiting list admin refer and a clinician record met, never the other way round', async () => {
    const referred = await record(
      siobhan,
      { factor: 'smoking', status: 'referred', service: 'Local Stop Smoking Service', note: 'Letter sent' },
      tokens.wa,
    );
    expect(referred.statusCode, referred.body).toBe(200);
    const smoking = referred.json<PathwayOptimisation>().factors.find((factor) => factor.code === 'smoking')!;
    expect(smoking.status).toBe('referred');
    expect(smoking.entries[0]).toMatchObject({ service: 'Local Stop Smoking Service', note: 'Letter sent' });
    const byAdmin = await record(siobhan, { factor: 'smoking', status: 'met', reason: 'Stopped' }, tokens.wa);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().detail).toBe('Only a clinician can record this');
    expect((await record(siobhan, { factor: 'smoking', status: 'in_progress' }, tokens.cu)).statusCode).toBe(
      403,
    );
    expect(
      (await record(siobhan, { factor: 'smoking', status: 'in_progress' }, otherClinician)).statusCode,
    ).toBe(403);
    const met = await record(siobhan, {
      factor: 'smoking',
      status: 'met',
      reason: 'Stopped on 1 December, CO 3 ppm',
    });
    expect(met.statusCode, met.body).toBe(200);
    const after = (await factorOf(siobhan, 'smoking'))!;
    expect(after.status).toBe('met');
    expect(after.overdue).toBe(false);
    expect(after.entries.map((entry) => entry.status)).toEqual(['met', 'referred']);
    const again = await record(siobhan, { factor: 'smoking', status: 'in_progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This risk factor is already closed');
  });

  it('never moves the priority or the place on the list for weight, which is never a reason to delay', async () => {
    const prioritisation = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${siobhan}/prioritisation`,
          headers: bearer(tokens.cl),
        })
      ).json<{ priority: string | null; priorityDate: string | null; isActive: boolean }>();
    const before = await prioritisation();
    const referred = await record(siobhan, {
      factor: 'weight',
      status: 'referred',
      service: 'Weight management service',
    });
    expect(referred.statusCode, referred.body).toBe(200);
    const weight = referred.json<PathwayOptimisation>().factors.find((factor) => factor.code === 'weight')!;
    expect(weight.status).toBe('referred');
    expect(referred.json<PathwayOptimisation>().weightNote).toContain('never a reason to delay surgery');
    const after = await prioritisation();
    expect({ priority: after.priority, priorityDate: after.priorityDate, isActive: after.isActive }).toEqual({
      priority: before.priority,
      priorityDate: before.priorityDate,
      isActive: true,
    });
  });

  it('refuses a factor the pathway does not have with 409', async () => {
    const response = await record(siobhan, { factor: 'kidney', status: 'in_progress' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('This risk factor was not found for this patient');
  });

  it('writes the GP letter with each open factor, its value and date, the guidance and the ask', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${url(siobhan)}/gp-letter`,
      headers: bearer(tokens.cu),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-disposition'])).toContain('GP letter');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gp-letter-')), 'letter.pdf');
    fs.writeFileSync(file, response.rawPayload);
    // pdftotext (Debian poppler-utils) must be installed: without it this test fails, never skips.
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Before surgery: risk factors to optimise');
    expect(text).toContain('NHS number: 999 000 0026');
    expect(text).toContain(`Finding: Haemoglobin 118 g/L on ${showCalendarDate(sampled)}`);
    expect(text).toContain('What we ask: Investigate and treat the anaemia before surgery');
    expect(text).toContain('Blood pressure');
    expect(text).toContain('Weight is never a reason to delay surgery by itself (NICE NG226)');
    // Smoking was met above: a closed factor is not asked of the GP.
    expect(text).not.toContain('stop-smoking');
    const [logged] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from patient_access_log
        where action = 'optimisation-letter' and pathway_ids @> array[${siobhan}::uuid]`,
    );
    expect(logged!.n).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url(siobhan)}/gp-letter`, headers: bearer(tokens.ta) }))
        .statusCode,
    ).toBe(403);
  });

  it('writes each step to the change log in the form’s words', async () => {
    const entries = await queryRows<{ action: string; changes: unknown }>(
      t.app.db,
      sql`select action, changes from change_log where entity_id = ${siobhan} and action like '%as met%'`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toContain('Recorded smoking as met');
  });

  it('answers 409 for an archived pathway', async () => {
    await t.app.db.execute(sql`update pathways set is_active = false where id = ${lukasz}`);
    try {
      const response = await record(lukasz, { factor: 'diabetes', status: 'in_progress' });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('This pathway is no longer on the waiting list');
    } finally {
      await t.app.db.execute(sql`update pathways set is_active = true where id = ${lukasz}`);
    }
  });
});

describe('a new result closes the loop by itself', () => {
  it('marks anaemia met from a FHIR Observation of Hb 134 and re-scores the pathway once', async () => {
    const referred = await record(siobhan, {
      factor: 'anaemia',
      status: 'referred',
      service: 'Pre-operative anaemia clinic',
    });
    expect(referred.statusCode, referred.body).toBe(200);
    const evaluations = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.db,
          sql`select count(*)::int as n from evaluations where pathway_id = ${siobhan}`,
        )
      )[0]!.n;
    const before = await evaluations();
    const [{ probability: riskBefore }] = (await queryRows<{ probability: number }>(
      t.app.db,
      sql`select probability from pathways where id = ${siobhan}`,
    )) as [{ probability: number }];
    const clientToken = await t.tokenFor(labClientId, { clientId: labClientId });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Observation',
      headers: { ...bearer(clientToken), 'content-type': 'application/fhir+json' },
      payload: JSON.stringify({
        resourceType: 'Observation',
        status: 'final',
        code: {
          coding: [
            {
              system: 'http://snomed.info/sct',
              code: '1022431000000105',
              display: 'Haemoglobin mass concentration in blood',
            },
          ],
        },
        subject: { identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: nhsSiobhan } },
        effectiveDateTime: `${newResultDay}T09:30:00+00:00`,
        valueQuantity: { value: 134, unit: 'g/L', system: 'http://unitsofmeasure.org', code: 'g/L' },
      }),
    });
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    expect(await evaluations()).toBe(before + 1);
    const anaemia = (await factorOf(siobhan, 'anaemia'))!;
    expect(anaemia.status).toBe('met');
    expect(anaemia.finding).toBeNull();
    const [met] = anaemia.entries;
    expect(met).toMatchObject({
      status: 'met',
      finding: 'Haemoglobin 134 g/L',
      recordedBy: automaticRecorder,
    });
    expect(met!.riskBefore).toBeCloseTo(riskBefore, 10);
    expect(met!.riskAfter).not.toBeNull();
    expect(met!.riskAfter).not.toBe(met!.riskBefore);
    const [{ finding_date }] = (await queryRows<{ finding_date: string }>(
      t.app.db,
      sql`select finding_date::text as finding_date from optimisation_entries
        where pathway_id = ${siobhan} and factor = 'anaemia' and status = 'met'`,
    )) as [{ finding_date: string }];
    expect(finding_date).toBe(newResultDay);
    // The pathway's history of changes says what the new value did, under the system that sent it.
    const [history] = await queryRows<{ action: string; created_by: string }>(
      t.app.db,
      sql`select action, created_by from change_log where entity_id = ${siobhan}
        and action like 'Optimisation: anaemia met%' order by id desc limit 1`,
    );
    expect(history!.action).toMatch(
      /^Optimisation: anaemia met \(Haemoglobin 134 g\/L\); risk \d+\.\d% → \d+\.\d%/,
    );
    expect(history!.created_by).toBe('Integration client Pathology link');
  });

  it('closes a factor only identified, too, when a remodel’s value meets it', async () => {
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${siobhan}`,
      headers: bearer(tokens.cl),
    });
    const remodel = await t.app.inject({
      method: 'PUT',
      url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${siobhan}`,
      headers: bearer(tokens.cl),
      payload: { ...record.json<Record<string, string>>(), weight: '95' },
    });
    expect(remodel.statusCode, remodel.body).toBe(200);
    const weight = (await factorOf(siobhan, 'weight'))!;
    expect(weight.status).toBe('met');
    expect(weight.entries[0]).toMatchObject({
      finding: 'Body mass index 37.1',
      recordedBy: automaticRecorder,
    });
    // Blood pressure is a recorded condition: only a person closes it.
    expect((await factorOf(siobhan, 'blood_pressure'))!.status).toBe('identified');
  });
});

describe('the optimisation worklist', () => {
  const listUrl = (query = '', trust = clerical.trustCode) =>
    `/api/trusts/${trust}/waiting-list/procedures/knee/optimisation${query ? `?${query}` : ''}`;
  const worklist = async (query = '', token = tokens.cl) => {
    const response = await t.app.inject({ method: 'GET', url: listUrl(query), headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OptimisationWorklist>();
  };
  /** Every pathway's factors as its own screen shows them, as the worklist lists them. */
  async function screensOf(ids: string[]) {
    const shown = new Map<string, unknown[]>();
    for (const id of ids)
      shown.set(
        id,
        (await optimisationOf(id)).factors.map(({ code, status, value, valueDate, dueOn, overdue }) => ({
          code,
          status,
          value,
          valueDate,
          dueOn,
          overdue,
        })),
      );
    return shown;
  }
  const allStatuses = ['identified', 'referred', 'in_progress', 'met', 'declined', 'not_possible'];

  it('lists the same factors, statuses and due days as each pathway’s screen, and counts them', async () => {
    const every = await Promise.all(allStatuses.map((status) => worklist(`status=${status}&pageSize=100`)));
    const items = new Map(every.flatMap((page) => page.items.map((item) => [item.id, item.factors])));
    expect(items.size).toBeGreaterThanOrEqual(2);
    expect(items.get(siobhan)!.find((factor) => factor.code === 'anaemia')).toMatchObject({ status: 'met' });
    for (const [id, factors] of await screensOf([...items.keys()]))
      expect(items.get(id), id).toEqual(factors);
    // The counts are of the pathways at each status, for each factor.
    const { counts } = every[0]!;
    for (const [index, status] of allStatuses.entries())
      expect(
        Object.values(counts).reduce((sum, byStatus) => sum + byStatus[status as 'met'], 0),
        status,
      ).toBe(
        every[index]!.items.reduce(
          (sum, item) => sum + item.factors.filter((f) => f.status === status).length,
          0,
        ),
      );
  });

  it('shows by default only the patients with a factor not yet closed, nearest TCI date first', async () => {
    await t.app.db.execute(sql`update pathways set tci_date = ${daysAgo(-20)}::date where id = ${lukasz}`);
    try {
      const open = await worklist();
      const tciDates = open.items.map((item) => item.tciDate ?? '9999-12-31');
      expect(tciDates).toEqual([...tciDates].sort());
      expect(open.items.find((item) => item.id === lukasz)!.factors).toEqual([
        {
          code: 'diabetes',
          status: expect.any(String),
          value: null,
          valueDate: null,
          dueOn: daysAgo(-19),
          overdue: false,
        },
      ]);
      for (const item of open.items)
        expect(
          item.factors.some((factor) => !['met', 'declined', 'not_possible'].includes(factor.status)),
        ).toBe(true);
      // Without a TCI date, the highest risk first.
      const rest = open.items.filter((item) => item.tciDate === null).map((item) => item.probability ?? -1);
      expect(rest).toEqual([...rest].sort((a, b) => b - a));
      expect(open.totalCount).toBe(open.items.length);
      const anaemiaOpen = await worklist('factor=anaemia');
      expect(anaemiaOpen.items.map((item) => item.id)).not.toContain(siobhan);
      const anaemiaMet = await worklist('factor=anaemia&status=met');
      expect(anaemiaMet.items.map((item) => item.id)).toEqual([siobhan]);
      expect(anaemiaMet.totalCount).toBe(anaemiaMet.counts.anaemia.met);
      const paged = await worklist('pageSize=1&pageNumber=2');
      expect(paged.items.map((item) => item.id)).toEqual([open.items[1]!.id]);
      expect(paged.totalCount).toBe(open.totalCount);
      const kaur = await worklist('surgeonName=kAUR');
      expect(kaur.items.map((item) => item.id)).toContain(lukasz);
      expect(kaur.items.every((item) => item.surgeonName?.toLowerCase().includes('kaur'))).toBe(true);
      await t.app.db.execute(sql`update pathways set tci_date = ${daysAgo(1)}::date where id = ${lukasz}`);
      const overdue = await worklist('overdue=true');
      expect(overdue.items.map((item) => item.id)).toContain(lukasz);
      expect(overdue.items.every((item) => item.factors.some((factor) => factor.overdue))).toBe(true);
    } finally {
      await t.app.db.execute(sql`update pathways set tci_date = null where id = ${lukasz}`);
    }
  });

  it('stops listing a factor found only by a result once the result is older than the trust’s limit', async () => {
    const [{ max_age: maxAge }] = (await queryRows<{ max_age: number | null }>(
      t.app.db,
      sql`select blood_result_max_age_days as max_age from trusts where trust_code = ${clerical.trustCode}`,
    )) as [{ max_age: number | null }];
    const days = maxAge ?? defaultBloodResultMaxAgeDays;
    const user = await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['cl'] });
    const principal = {
      userId: user.id,
      firstName: 'Test',
      lastName: 'Clinician',
      email: 'test.clinician@nhs.net',
      trustCode: clerical.trustCode,
      trustName: 'Test trust',
      roles: ['cl' as const],
    };
    for (const day of [addDays(sampled, days), addDays(sampled, days + 1)]) {
      const listed = await optimisationWorklist(
        t.app.db,
        principal,
        clerical.trustCode,
        'knee',
        { status: 'identified', pageNumber: 1, pageSize: 100 },
        day,
      );
      for (const item of listed.items) {
        const screen = await pathwayOptimisation(
          [t.app.db, principal, clerical.trustCode, 'knee', item.id],
          day,
        );
        expect(item.factors, `${item.id} on ${day}`).toEqual(
          screen.factors.map(({ code, status, value, valueDate, dueOn, overdue }) => ({
            code,
            status,
            value,
            valueDate,
            dueOn,
            overdue,
          })),
        );
      }
    }
  });

  it('flags the same pathways "Optimisation open" on the prioritisation worklist and its matrix', async () => {
    const open = await worklist('pageSize=100');
    const base = `/api/trusts/${clerical.trustCode}/waiting-list/procedures/knee/prioritisation`;
    const matrix = await t.app.inject({ method: 'GET', url: `${base}/matrix`, headers: bearer(tokens.cl) });
    expect(matrix.statusCode, matrix.body).toBe(200);
    expect(matrix.json().flags.optimisation_open).toBe(open.totalCount);
    const flagged = await t.app.inject({
      method: 'GET',
      url: `${base}/worklist?flag=optimisation_open&pageNumber=1`,
      headers: bearer(tokens.cl),
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const items = flagged.json<{ items: { id: string; flags: string[] }[] }>().items;
    expect(items.map((item) => item.id).sort()).toEqual(open.items.map((item) => item.id).sort());
    expect(items.every((item) => item.flags.includes('optimisation_open'))).toBe(true);
    // Closing the last open factor of a pathway takes it off, at once (the matrix is counted again).
    const lukaszOpen = open.items.find((item) => item.id === lukasz)!;
    expect(lukaszOpen.factors.map((factor) => factor.code)).toEqual(['diabetes']);
    const closed = await record(lukasz, {
      factor: 'diabetes',
      status: 'not_possible',
      reason: 'Diet controlled',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `${base}/matrix`, headers: bearer(tokens.cl) });
    expect(after.json().flags.optimisation_open).toBe(open.totalCount - 1);
    const prioritisation = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${lukasz}/prioritisation`,
      headers: bearer(tokens.cl),
    });
    expect(prioritisation.json().flags).not.toContain('optimisation_open');
  });

  it('is read by clinicians, clerical users and waiting list admins only, each page in the access log', async () => {
    for (const token of [tokens.cu, tokens.wa]) await worklist('', token);
    for (const token of [tokens.ta, tokens.tca, otherClinician])
      expect((await t.app.inject({ method: 'GET', url: listUrl(), headers: bearer(token) })).statusCode).toBe(
        403,
      );
    const [entry] = await queryRows<{ pathway_ids: string[]; detail: string }>(
      t.app.db,
      sql`select pathway_ids, detail from patient_access_log where action = 'optimisation-worklist'
        and trust_code = ${clerical.trustCode} order by accessed_at desc limit 1`,
    );
    expect(entry!.detail).toBe('page 1, not yet closed');
    expect(entry!.pathway_ids.length).toBeGreaterThan(0);
  });

  it('refuses unknown filters, hostile text and pages too large with a 400', async () => {
    for (const query of [
      'factor=gout',
      'status=done',
      'overdue=yes',
      'surgeonName=Ka%00ur',
      `surgeonName=${'x'.repeat(101)}`,
      'surgeonName=%ED%A0%80',
      'pageSize=101',
      'pageNumber=0',
    ])
      expect(
        (await t.app.inject({ method: 'GET', url: listUrl(query), headers: bearer(tokens.cl) })).statusCode,
        query,
      ).toBe(400);
  });

  it('exports one row per matching factor, as csv and xlsx, in the change log', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: listUrl('fileType=csv&status=met').replace('/optimisation?', '/optimisation/export?'),
      headers: bearer(tokens.wa),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('NHS number');
    expect(lines[0]).toContain('Risk factor');
    const met = await worklist('status=met&pageSize=100');
    const metFactors = met.items.reduce(
      (sum, item) => sum + item.factors.filter((f) => f.status === 'met').length,
      0,
    );
    expect(lines.length - 1).toBe(metFactors);
    expect(lines.find((line) => line.includes('Anaemia'))).toContain('Met');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: listUrl('fileType=xlsx').replace('/optimisation?', '/optimisation/export?'),
      headers: bearer(tokens.cl),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const logged = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from change_log where trust_code = ${clerical.trustCode}
        and action like '%optimisation worklist%'`,
    );
    expect(logged[0]!.n).toBeGreaterThanOrEqual(2);
  });
});

describe('referrals as FHIR ServiceRequests for the trust’s systems', () => {
  const fhirGet = async (target: string, clientId = labClientId) =>
    t.app.inject({
      method: 'GET',
      url: target,
      headers: bearer(await t.tokenFor(clientId, { clientId })),
    });
  const search = (nhs: string, clientId?: string) =>
    fhirGet(`/fhir/r4/ServiceRequest?subject:identifier=https://fhir.nhs.uk/Id/nhs-number|${nhs}`, clientId);
  interface Entry {
    resource: Record<string, unknown> & { id: string; status: string; code: { coding: { code: string }[] } };
  }

  it('sends each referral with its status, finding, due day and the trust as requester, valid R4', async () => {
    const referred = await record(siobhan, {
      factor: 'blood_pressure',
      status: 'referred',
      service: 'GP practice',
      note: 'Clinic BP 172/104',
    });
    expect(referred.statusCode, referred.body).toBe(200);
    const response = await search(nhsSiobhan);
    expect(response.statusCode, response.body).toBe(200);
    const bundle = response.json<{ type: string; entry: Entry[] }>();
    expect(bundle.type).toBe('searchset');
    expect(validateFhir(bundle)).toEqual([]);
    const byFactor = new Map(
      bundle.entry.map((entry) => [entry.resource.code.coding[0]!.code, entry.resource]),
    );
    expect([...byFactor.keys()].sort()).toEqual(['anaemia', 'blood_pressure', 'smoking', 'weight']);
    // Anaemia was met by the new haemoglobin: its referral is completed, and keeps its reason.
    const anaemia = byFactor.get('anaemia')!;
    expect(anaemia).toMatchObject({
      resourceType: 'ServiceRequest',
      status: 'completed',
      intent: 'order',
      subject: { identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: nhsSiobhan } },
      requester: {
        identifier: { system: 'https://fhir.nhs.uk/Id/ods-organization-code', value: clerical.trustCode },
      },
      performer: [{ display: 'Pre-operative anaemia clinic' }],
      reasonReference: [{ reference: '#finding' }],
    });
    const [finding] = anaemia.contained as Record<string, unknown>[];
    expect(finding).toMatchObject({
      resourceType: 'Observation',
      effectiveDateTime: sampled,
      valueQuantity: { value: 118, unit: 'g/L', system: 'http://unitsofmeasure.org', code: 'g/L' },
    });
    expect(JSON.stringify(finding)).toContain('"code":"718-7"');
    const bloodPressure = byFactor.get('blood_pressure')!;
    expect(bloodPressure).toMatchObject({
      status: 'active',
      reasonCode: [{ text: 'Hypertension recorded' }],
      note: [{ text: 'Clinic BP 172/104' }],
    });
    expect(bloodPressure.occurrencePeriod).toEqual({
      end: (await factorOf(siobhan, 'blood_pressure'))!.dueOn,
    });
    const one = await fhirGet(`/fhir/r4/ServiceRequest/${bloodPressure.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(bloodPressure);
    expect(validateFhir(one.json())).toEqual([]);
  });

  it('answers another trust’s client with none, an unknown id with 404, and a person with 403', async () => {
    const otherTrust = await createTrust(t.app.db);
    const otherClient = `optimisation-other-${crypto.randomUUID().slice(0, 8)}`;
    await t.app.db
      .execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name) values
      (${crypto.randomUUID()}, 'development', ${otherClient}, ${otherTrust.trustCode}, 'Other link')`);
    const elsewhere = await search(nhsSiobhan, otherClient);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().entry).toBeUndefined();
    const [referral] = (await search(nhsSiobhan)).json<{ entry: Entry[] }>().entry;
    expect((await fhirGet(`/fhir/r4/ServiceRequest/${referral!.resource.id}`, otherClient)).statusCode).toBe(
      404,
    );
    expect((await fhirGet(`/fhir/r4/ServiceRequest/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await fhirGet('/fhir/r4/ServiceRequest/not-an-id')).statusCode).toBe(404);
    const person = await t.app.inject({
      method: 'GET',
      url: `/fhir/r4/ServiceRequest?subject:identifier=https://fhir.nhs.uk/Id/nhs-number|${nhsSiobhan}`,
      headers: bearer(tokens.cl),
    });
    expect(person.statusCode).toBe(403);
    const badNumber = await search('9990000027');
    expect(badNumber.statusCode).toBe(400);
  });
});

describe('the trust’s rules and services', () => {
  const rulesUrl = () => `/api/trusts/${clerical.trustCode}/optimisation/rules`;
  const servicesUrl = () => `/api/trusts/${clerical.trustCode}/optimisation/services`;
  const put = (target: string, payload: unknown, token = tokens.ta) =>
    t.app.inject({ method: 'PUT', url: target, headers: bearer(token), payload: payload as object });

  it('reads the defaults, to trust admins and to everyone who works the list, not to others', async () => {
    for (const token of [tokens.ta, tokens.cl, tokens.wa, tokens.cu]) {
      const response = await t.app.inject({ method: 'GET', url: rulesUrl(), headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        haemoglobinBelow: 130,
        albuminBelow: 35,
        egfrBelow: 30,
        bmiFrom: 40,
        dueWeeks: 12,
      });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: rulesUrl(), headers: bearer(tokens.tca) })).statusCode,
    ).toBe(403);
    expect((await put(rulesUrl(), { dueWeeks: 8 }, tokens.cl)).statusCode).toBe(403);
  });

  it('refuses a threshold out of range, a fraction or words, naming the field', async () => {
    for (const haemoglobinBelow of [79, 161, '12.5', 'high', '1'.repeat(100_000)]) {
      const response = await put(rulesUrl(), { haemoglobinBelow });
      expect(response.statusCode, String(haemoglobinBelow).slice(0, 10)).toBe(400);
      expect(response.json().errors.haemoglobinBelow).toEqual([
        'Enter the haemoglobin for anaemia as a whole number from 80 to 160 g/L',
      ]);
    }
    expect((await put(rulesUrl(), { haemoglobinBelow: '130\u0000' })).statusCode).toBe(400);
  });

  it('changes a threshold, which finds the factors at once, in the change log', async () => {
    const changed = await put(rulesUrl(), { haemoglobinBelow: '150', dueWeeks: 8 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ haemoglobinBelow: 150, dueWeeks: 8, egfrBelow: 30 });
    const anaemia = (await factorOf(lukasz, 'anaemia'))!;
    expect(anaemia).toMatchObject({ status: 'identified', finding: 'Haemoglobin 141 g/L' });
    expect(anaemia.dueOn).toBe(new Date(Date.parse(sampled) + 56 * 86_400_000).toISOString().slice(0, 10));
    const [entry] = await queryRows<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      t.app.db,
      sql`select changes from change_log where entity_id = ${clerical.trustCode}
        and action = 'Changed the optimisation rules' order by id desc limit 1`,
    );
    expect(entry!.changes['Anaemia: haemoglobin below (g/L)']).toEqual({ before: 130, after: 150 });
    await put(rulesUrl(), { haemoglobinBelow: 130, dueWeeks: 12 });
    expect(await factorOf(lukasz, 'anaemia')).toBeUndefined();
  });

  it('sets a factor’s services, refusing blanks, repeats and hostile names, and refers only to them', async () => {
    for (const anaemia of [
      [],
      [' '],
      ['Clinic', 'clinic'],
      ['x'.repeat(101)],
      ['Line\nbreak'],
      Array(11).fill('A'),
    ])
      expect(
        (await put(servicesUrl(), { services: { anaemia } })).statusCode,
        JSON.stringify(anaemia).slice(0, 30),
      ).toBe(400);
    expect((await put(servicesUrl(), { services: { unknown: ['A'] } })).statusCode).toBe(400);
    const changed = await put(servicesUrl(), {
      services: { nutrition: ['Dietetics (Ward 7)', 'GP practice'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().services.nutrition).toEqual(['Dietetics (Ward 7)', 'GP practice']);
    expect(changed.json().services.anaemia).toContain('Pre-operative anaemia clinic');
    const read = await t.app.inject({ method: 'GET', url: servicesUrl(), headers: bearer(tokens.wa) });
    expect(read.json()).toEqual(changed.json());
  });
});
