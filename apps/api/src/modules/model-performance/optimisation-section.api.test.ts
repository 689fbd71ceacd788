import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  optimisationAssociationText,
  type OptimisationPerformance,
} from '@esr/contracts/model-performance-optimisation';
import { addDays } from '@esr/contracts/prioritisation';
import { queryRows } from '../../platform/db/client.js';
import { installDefaultModels } from '../models/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, createUser, tokensForRoles } from '../../test/factories/users.js';
import { insertPathways } from '../../test/factories/pathways.js';
import { insertEvaluations } from '../../test/factories/outcomes.js';

/**
 * The optimisation section of model monitoring (decision 0075) on a real database, over a list
 * built by hand so that every figure below is counted by hand from it:
 *
 * - A1–A12, active women with a haemoglobin of 110 sampled 30 days ago: anaemia found now. A1–A5
 *   referred 20 days ago; A1 and A2 met 10 days ago (20 days from the sample day). A24, an active
 *   man with a haemoglobin of 115 sampled 30 days ago, nothing recorded.
 * - A13–A22, active men, current smokers, nothing recorded. A23, an active woman whose haemoglobin
 *   of 100 is 200 days old, past the trust's 90: not found. X1, archived without an operation,
 *   referred for anaemia: not counted.
 * - O1–O14, women operated 150 days ago, their judged prediction (200 days before) made on a
 *   haemoglobin of 120 sampled 205 days ago; all referred 190 days ago; O1–O10 met 170 days ago
 *   (35 days from the sample day), O11 met 140 days ago (65 days; after the operation); O12–O14
 *   not met. Complications: O1, O2 (met) and O11, O12 (not met).
 * - O15–O24, men operated the same day on a haemoglobin of 125 (sampled 205 days ago): O15 and O16
 *   referred 190 days ago, O15 met 170 days ago (35 days); O15 and O16 had a complication. O25, operated with no prediction before (sex not stated), referred 160 days
 *   ago, no complication: anaemia found from its entry alone.
 */

let t: TestApp;
let trust: string;
let tokens: Record<'cl' | 'ta' | 'tca' | 'cu', string>;
let otherTrustAdmin: string;
const today = todayInLondon();
const ago = (days: number) => addDays(today, -days);
const at = (days: number) => `${ago(days)}T12:00:00Z`;

const url = (query: string) => `/api/trusts/${trust}/procedures/knee/model-performance/optimisation${query}`;
const get = (query: string, token = tokens.tca) =>
  t.app.inject({ method: 'GET', url: url(query), headers: bearer(token) });
async function figures(query: string, token = tokens.tca) {
  const response = await get(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OptimisationPerformance>();
}
const factorOf = (answer: OptimisationPerformance, code: string) =>
  answer.factors.find((factor) => factor.factor === code)!;

async function pathways(count: number, values: { sex: 'F' | 'M'; isActive?: boolean }) {
  return insertPathways(
    t.app.db,
    trust,
    'knee',
    Array.from({ length: count }, () => ({
      sex: values.sex,
      ethnicGroup: 'A',
      dateOfBirth: '1952-03-01',
      clockStart: ago(400),
      isActive: values.isActive ?? true,
      scored: { prediction: 'Low' as const, probability: 0.1 },
    })),
  );
}

async function setRecord(
  ids: string[],
  record: Record<string, string>,
  labDates: Record<string, string> | null,
) {
  for (const id of ids)
    await t.app.db.execute(sql`update pathways set clinical = ${JSON.stringify(record)}::json,
        lab_dates = ${labDates === null ? null : JSON.stringify(labDates)}::json,
        created_at = ${at(300)}::timestamptz where id = ${id}`);
}

async function entry(id: string, status: string, daysAgo: number) {
  await t.app.db.execute(sql`insert into optimisation_entries (id, pathway_id, trust_code, factor, status,
      service, recorded_by, recorded_at)
    values (${crypto.randomUUID()}, ${id}, ${trust}, 'anaemia', ${status},
      ${status === 'referred' ? 'GP practice' : null}, 'Dr Test', ${at(daysAgo)}::timestamptz)`);
}

/** An operation 150 days ago, judged against the pathway's evaluation when it has one. */
async function operated(id: string, sex: string, event: boolean) {
  const [evaluation] = await queryRows<{ id: string; model_id: string; model_version: number }>(
    t.app.db,
    sql`select id, model_id, model_version from evaluations where pathway_id = ${id}`,
  );
  await t.app.db.execute(sql`update pathways set is_active = false, date_removed = ${at(149)}::timestamptz,
      date_of_operation = ${ago(150)}::date where id = ${id}`);
  await t.app.db.execute(sql`insert into pathway_outcomes (id, pathway_id, trust_code, procedure_code,
      is_current, date_of_operation, complication_90_days, source, recorded_by, evaluation_id, model_id,
      model_version, probability, prediction, sex, ethnic_group, age_band)
    values (${crypto.randomUUID()}, ${id}, ${trust}, 'knee', true, ${ago(150)}::date, ${event}, 'file',
      'Test', ${evaluation?.id ?? null}::uuid, ${evaluation?.model_id ?? null}::uuid,
      ${evaluation?.model_version ?? null}::int, ${evaluation ? 0.1 : null}::float8,
      ${evaluation ? 'Low' : null}, ${sex}, ${evaluation ? 'White' : 'Not stated'},
      ${evaluation ? '70 to 79' : null})`);
}

async function judgedOn(ids: string[], sex: 'F' | 'M', haemoglobin: string) {
  for (const id of ids) {
    const [evaluationId] = await insertEvaluations(t.app.db, id, [
      {
        probability: 0.1,
        prediction: 'Low',
        createdAt: `${ago(200)}T09:00:00Z`,
        inputs: { sex, ethnicGroup: 'A', dateOfBirth: '1952-03-01', haemoglobin },
      },
    ]);
    await t.app.db
      .execute(sql`update evaluations set lab_dates = ${JSON.stringify({ sampled: ago(205) })}::json
      where id = ${evaluationId!}`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  trust = (await createTrust(t.app.db)).trustCode;
  await installDefaultModels(t.app.db, [trust]);
  tokens = await tokensForRoles(t, trust, ['cl', 'ta', 'tca', 'cu'] as const);
  const other = (await createTrust(t.app.db)).trustCode;
  otherTrustAdmin = await t.tokenFor((await createUser(t.app.db, { trustCode: other, roles: ['tca'] })).id);

  const women = await pathways(12, { sex: 'F' });
  await setRecord(women, { sex: 'F', ethnicGroup: 'A', haemoglobin: '110' }, { sampled: ago(30) });
  for (const [index, id] of women.entries()) {
    if (index < 5) await entry(id, 'referred', 20);
    if (index < 2) await entry(id, 'met', 10);
  }
  const [man] = await pathways(1, { sex: 'M' });
  await setRecord([man!], { sex: 'M', ethnicGroup: 'A', haemoglobin: '115' }, { sampled: ago(30) });
  const smokers = await pathways(10, { sex: 'M' });
  await setRecord(smokers, { sex: 'M', ethnicGroup: 'A', smoking: '1' }, null);
  const [stale] = await pathways(1, { sex: 'F' });
  await setRecord([stale!], { sex: 'F', ethnicGroup: 'A', haemoglobin: '100' }, { sampled: ago(200) });
  const [archived] = await pathways(1, { sex: 'F', isActive: false });
  await entry(archived!, 'referred', 60);

  const operatedWomen = await pathways(14, { sex: 'F' });
  await judgedOn(operatedWomen, 'F', '120');
  for (const [index, id] of operatedWomen.entries()) {
    await entry(id, 'referred', 190);
    if (index < 10) await entry(id, 'met', 170);
    if (index === 10) await entry(id, 'met', 140);
    await operated(id, 'Female', [0, 1, 10, 11].includes(index));
  }
  const operatedMen = await pathways(10, { sex: 'M' });
  await judgedOn(operatedMen, 'M', '125');
  for (const [index, id] of operatedMen.entries()) {
    if (index < 2) await entry(id, 'referred', 190);
    if (index === 0) await entry(id, 'met', 170);
    await operated(id, 'Male', index < 2);
  }
  const [unjudged] = await pathways(1, { sex: 'F' });
  await entry(unjudged!, 'referred', 160);
  await operated(unjudged!, 'Not stated', false);
}, 120_000);

afterAll(async () => t?.close());

describe('the optimisation section of model monitoring (decision 0075)', () => {
  it('counts each factor found on the active and the operated pathways, referred, met before the operation, and the median days to met', async () => {
    const answer = await figures('?by=sex');
    expect(answer).toMatchObject({ procedure: 'knee', from: null, to: null, by: 'sex' });
    expect(answer.association).toBe(optimisationAssociationText);
    expect(answer.factors.map((factor) => factor.factor)).toEqual([
      'anaemia',
      'smoking',
      'diabetes',
      'nutrition',
      'kidney',
      'blood_pressure',
      'weight',
    ]);
    const anaemia = factorOf(answer, 'anaemia');
    expect(anaemia.label).toBe('Anaemia');
    // A1–A12, A24, O1–O25 (A23's result is too old; X1 was never operated).
    expect(anaemia.overall).toEqual({
      found: 12 + 1 + 14 + 10 + 1,
      // A1–A5, O1–O14, O15, O16, O25.
      referred: 5 + 14 + 2 + 1,
      operated: 25,
      // O1–O10 and O15: O11's met is dated after its operation.
      metBeforeOperation: 11,
      // A1, A2 (20 days), O1–O10 and O15 (35), O11 (65): the 7th and 8th of 14, both 35.
      met: 14,
      medianDaysToMet: 35,
    });
    const smoking = factorOf(answer, 'smoking');
    expect(smoking.overall).toEqual({
      found: 10,
      referred: 0,
      operated: 0,
      metBeforeOperation: 0,
      met: 0,
      medianDaysToMet: null,
    });
    expect(factorOf(answer, 'weight').overall.found).toBe(0);
  });

  it('gives the counts by group with the fairness table’s suppression: one patient not stated hidden, and the next smallest group', async () => {
    const anaemia = factorOf(await figures('?by=sex'), 'anaemia');
    // Not stated (O25) is 1: hidden, and the men (A24, O15–O24), the smaller group left. The two
    // hidden together (12) had some but not all of each count (3 referred, 11 operated, 1 met), so
    // the women's counts give none of theirs away and are shown.
    expect(anaemia.groups).toEqual([
      // A1–A12 and O1–O14.
      {
        group: 'Female',
        found: 26,
        referred: 19,
        operated: 14,
        metBeforeOperation: 10,
        met: 13,
        medianDaysToMet: 35,
        suppressed: false,
      },
      { group: 'Male', found: 'hidden', suppressed: true },
      { group: 'Not stated', found: 'hidden', suppressed: true },
    ]);
    expect(factorOf(await figures('?by=sex'), 'smoking').groups).toEqual([
      expect.objectContaining({ group: 'Female', found: 0, suppressed: false }),
      expect.objectContaining({ group: 'Male', found: 10, referred: 0, suppressed: false }),
      expect.objectContaining({ group: 'Not stated', found: 0, suppressed: false }),
    ]);
    // By age: the active, born in 1952, are 70 to 79 today, as the operated were at operation; O25
    // has no age (no prediction) and counts in no band.
    const byAge = factorOf(await figures('?by=ageBand'), 'anaemia');
    expect(byAge.groups.find((group) => group.group === '70 to 79')).toMatchObject({
      found: 37,
      referred: 21,
      operated: 24,
      metBeforeOperation: 11,
      suppressed: false,
    });
    expect(byAge.groups.filter((group) => group.group !== '70 to 79').map((group) => group.found)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('compares the complications of the operated patients whose factor was met before the operation with the rest, with Wilson intervals', async () => {
    const { complications } = factorOf(await figures('?by=sex'), 'anaemia');
    // Met: O1–O10 and O15, complications O1, O2 and O15. Not met: O11–O14, O16–O24, O25;
    // complications O11, O12 and O16. Intervals from SciPy 1.17.1:
    // scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method='wilson').
    expect(complications.met).toEqual({
      n: 11,
      events: 3,
      rate: 3 / 11,
      lower: expect.closeTo(0.09746059290024892, 12) as number,
      upper: expect.closeTo(0.5656453011761292, 12) as number,
      suppressed: false,
    });
    expect(complications.notMet).toEqual({
      n: 14,
      events: 3,
      rate: 3 / 14,
      lower: expect.closeTo(0.07571386712693184, 12) as number,
      upper: expect.closeTo(0.47589230586600295, 12) as number,
      suppressed: false,
    });
    // Smoking: no one operated, so nobody on either side.
    expect(factorOf(await figures('?by=sex'), 'smoking').complications.met).toMatchObject({
      n: 0,
      rate: null,
    });
  });

  it('counts only the pathways operated in the period chosen', async () => {
    const answer = await figures(`?by=sex&from=${ago(155)}&to=${ago(145)}`);
    expect(answer).toMatchObject({ from: ago(155), to: ago(145) });
    // O1–O25; O11's 65 days with the eleven 35s: the 6th and 7th of 12, both 35.
    expect(factorOf(answer, 'anaemia').overall).toEqual({
      found: 25,
      referred: 17,
      operated: 25,
      metBeforeOperation: 11,
      met: 12,
      medianDaysToMet: 35,
    });
    expect(factorOf(answer, 'smoking').overall.found).toBe(0);
    const none = await figures(`?by=sex&from=${ago(100)}`);
    expect(none.factors.every((factor) => factor.overall.found === 0)).toBe(true);
  });

  it('is for the roles that read model monitoring, of the trust; refuses a bad grouping and hostile dates', async () => {
    expect((await get('?by=sex', tokens.cl)).statusCode).toBe(200);
    expect((await get('?by=sex', tokens.ta)).statusCode).toBe(200);
    expect((await get('?by=sex', tokens.cu)).statusCode).toBe(403);
    expect((await get('?by=sex', otherTrustAdmin)).statusCode).toBe(403);
    for (const query of ['', '?by=postcode', '?by=sex&from=%00', '?by=sex&to=2027-02-30', '?by=sex&from=9'])
      expect((await get(query)).statusCode, query).toBe(400);
    expect((await get(`?by=sex&from=${'9'.repeat(5000)}`)).statusCode).toBe(400);
    expect((await get('?by=sex&from=%ED%A0%80')).statusCode).toBe(400);
  });
});
