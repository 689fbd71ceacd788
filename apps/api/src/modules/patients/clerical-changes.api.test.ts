import { demoFileLines } from '../../test/factories/demo-files.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clericalChangeMessages, clericalChangeText } from '@esr/contracts/clerical-changes';
import {
  patientMessages,
  type HistoryEntry,
  type RiskHistory,
  type RiskSummary,
} from '@esr/contracts/patients';
import type { Matrix, Worklist } from '@esr/contracts/prioritisation';
import type { RoleCode } from '@esr/contracts/roles';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  importList,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { createTrust, createUser } from '../../test/factories/users.js';

/**
 * Changes by non-clinicians made visible to clinicians (decision 0056), on a list imported through
 * the real pipeline: a clerk's remodel shows as not yet reviewed on the summary, the history and the
 * worklist until a clinician, acting as one, marks it reviewed; who may mark it; and removing an
 * anomaly flag takes a reason, which the history and the change log keep.
 */

let t: TestApp;
let clerk: ClericalTrust;
let clerkName: string;
const people = {} as Record<
  'clinician' | 'both' | 'otherClinician',
  { id: string; name: string; token: string }
>;
/** Tokens of the roles that may not mark changes reviewed (besides clerks). */
const refused: string[] = [];
let otherTrust: string;

const demoLines = demoFileLines('knee-waiting-list.csv');
/** The demonstration list's first twelve patients, as the trust's extract gives them, and their bloods. */
const rows = demoLines.slice(1, 13);
const nhsOf = (line: string) => line.split(',')[0]!.replace(/\s/g, '');
const [bloodsHeader, ...bloodRows] = demoFileLines('knee-blood-tests.csv');
const bloods = [
  bloodsHeader!,
  ...bloodRows.filter((line) => rows.some((row) => line.startsWith(nhsOf(row)))),
];

const patientUrl = (id: string, trust = clerk.trustCode) =>
  `/api/trusts/${trust}/procedures/knee/patients/${id}`;
const listUrl = (suffix: string) =>
  `/api/trusts/${clerk.trustCode}/waiting-list/procedures/knee/prioritisation/${suffix}`;

async function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string,
  options: { body?: object; actingAs?: RoleCode | string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(options.actingAs ? { 'x-acting-role': options.actingAs } : {}) },
    ...(options.body ? { payload: options.body } : {}),
  });
}
async function ok<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const summaryOf = async (id: string) =>
  ok<RiskSummary>(await call('GET', `${patientUrl(id)}/risk-summary/`, people.clinician.token));
const remodel = async (id: string, token: string, body: object, actingAs?: RoleCode) =>
  ok<RiskSummary>(await call('PUT', patientUrl(id), token, { body, actingAs }));
const review = (id: string, token: string, actingAs?: RoleCode) =>
  call('POST', `${patientUrl(id)}/review-changes`, token, { actingAs });
const flagged = async () => {
  const worklist = await ok<Worklist>(
    await call('GET', listUrl('worklist?flag=clerical_change_unreviewed'), people.clinician.token),
  );
  const matrix = await ok<Matrix>(await call('GET', listUrl('matrix'), people.clinician.token));
  expect(matrix.flags.clerical_change_unreviewed).toBe(worklist.totalCount);
  return worklist.items.map((item) => item.id);
};
let ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  clerk = await createClericalTrust(t);
  const [clerkRow] = await queryRows<{ name: string }>(
    t.app.db,
    sql`select first_name || ' ' || last_name as name from users where id = ${clerk.userId}::uuid`,
  );
  clerkName = clerkRow!.name;
  const person = async (
    key: keyof typeof people,
    trustCode: string,
    roles: RoleCode[],
    firstName: string,
  ) => {
    const user = await createUser(t.app.db, { trustCode, roles, firstName, lastName: 'Adeyemi' });
    people[key] = { id: user.id, name: `${firstName} Adeyemi`, token: await t.tokenFor(user.id) };
  };
  await person('clinician', clerk.trustCode, ['cl'], 'Olu');
  // A user holding both roles, who switches between them in the header.
  await person('both', clerk.trustCode, ['cu', 'cl'], 'Bisi');
  otherTrust = (await createTrust(t.app.db)).trustCode;
  await person('otherClinician', otherTrust, ['cl'], 'Tayo');
  for (const role of ['ta', 'tca', 'sa', 'wa'] as const)
    refused.push(
      await t.tokenFor((await createUser(t.app.db, { trustCode: clerk.trustCode, roles: [role] })).id),
    );
  await importList(
    t,
    clerk,
    'knee',
    csvFile('knee-ptl.csv', [demoLines[0]!, ...rows]),
    csvFile('knee-bloods.csv', bloods),
  );
  // The pathways the model scored, in the list's order: each test works on its own.
  const scored = await queryRows<{ id: string; nhs_number: string }>(
    t.app.db,
    sql`select id, nhs_number from pathways where trust_code = ${clerk.trustCode} and is_active
      and current_evaluation_id is not null`,
  );
  ids = rows.flatMap((line) => scored.filter((row) => row.nhs_number === nhsOf(line)).map((row) => row.id));
  expect(ids.length).toBeGreaterThanOrEqual(8);
}, 240_000);
afterAll(async () => t?.close());

describe('a clerk’s remodel, until a clinician reviews it (decision 0056)', () => {
  it('shows on the summary, the history and the worklist as not yet reviewed, and clears when a clinician marks it reviewed', async () => {
    const id = ids[0]!;
    expect(await flagged()).not.toContain(id);
    const answer = await remodel(id, clerk.token, { haemoglobin: '104' });
    expect(answer.clericalChanges).toEqual([
      {
        evaluationId: answer.result!.evaluationId,
        changedBy: clerkName,
        changedAt: answer.result!.evaluatedAt,
        reviewedBy: null,
        reviewedAt: null,
      },
    ]);
    expect(clericalChangeText(answer.clericalChanges[0]!)).toMatch(
      new RegExp(
        `^Details changed by ${clerkName} \\(Clerical User\\) on \\d{2}-[A-Z][a-z]{2}-\\d{4}, not yet reviewed by a clinician$`,
      ),
    );
    expect((await summaryOf(id)).clericalChanges).toEqual(answer.clericalChanges);
    const [latest] = (
      await ok<RiskHistory>(
        await call('GET', `${patientUrl(id)}/risk-summary/history`, people.clinician.token),
      )
    ).items;
    expect(latest).toMatchObject({
      id: answer.result!.evaluationId,
      clericalChange: answer.clericalChanges[0],
    });
    expect(await flagged()).toEqual([id]);

    const reviewed = await ok<RiskSummary>(await review(id, people.clinician.token));
    expect(reviewed.clericalChanges).toEqual([]);
    expect((await summaryOf(id)).clericalChanges).toEqual([]);
    expect(await flagged()).toEqual([]);
    // The past evaluation keeps the change, now with its review.
    const entry = await ok<HistoryEntry>(
      await call('GET', `${patientUrl(id)}/history/${answer.result!.evaluationId}`, people.clinician.token),
    );
    expect(entry.clericalChanges).toEqual([
      { ...answer.clericalChanges[0], reviewedBy: people.clinician.name, reviewedAt: expect.any(String) },
    ]);
    expect(clericalChangeText(entry.clericalChanges[0]!)).toContain(
      `reviewed by ${people.clinician.name} (Clinician) on`,
    );

    // Recorded in the change log and the access log, by the clinician.
    const [change] = await queryRows<{
      action: string;
      created_by: string;
      changes: Record<string, { before: string; after: string }>;
    }>(
      t.app.db,
      sql`select action, created_by, changes from change_log where entity_id = ${id} order by id desc limit 1`,
    );
    expect(change!.action).toMatch(/^Marked the changes by clerical staff as reviewed for patient /);
    expect(change!.created_by).toBe(people.clinician.name);
    expect(change!.changes.clericalChanges!.before).toContain('not yet reviewed by a clinician');
    expect(change!.changes.clericalChanges!.after).toContain(
      `reviewed by ${people.clinician.name} (Clinician)`,
    );
    const access = await queryRows<{ action: string; user_id: string; route: string }>(
      t.app.db,
      sql`select action, user_id::text as user_id, route from patient_access_log
        where pathway_ids @> array[${id}::uuid] and route like 'POST %' order by id`,
    );
    expect(access).toEqual([
      {
        action: 'changes-review',
        user_id: people.clinician.id,
        route: 'POST /api/trusts/:trust/procedures/:type/patients/:id/review-changes',
      },
    ]);

    // Nothing left to review.
    const again = await review(id, people.clinician.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(clericalChangeMessages.nothingToReview);
  });

  it('takes the acting role from X-Acting-Role: a clinician’s remodel needs no review, a clerk’s does, and a user holding both who does not say is taken as the clerk', async () => {
    const [asClinician, asClerk, unsaid, clinicianOnly] = ids.slice(1, 5) as [string, string, string, string];
    expect((await remodel(asClinician, people.both.token, { crp: '12' }, 'cl')).clericalChanges).toEqual([]);
    expect((await remodel(asClerk, people.both.token, { crp: '12' }, 'cu')).clericalChanges).toMatchObject([
      { changedBy: people.both.name, reviewedBy: null },
    ]);
    expect((await remodel(unsaid, people.both.token, { crp: '12' })).clericalChanges).toHaveLength(1);
    expect((await remodel(clinicianOnly, people.clinician.token, { crp: '12' })).clericalChanges).toEqual([]);
    // A role the user does not hold names none: the clinician stays a clinician, the clerk a clerk.
    expect(
      (await remodel(clinicianOnly, people.clinician.token, { crp: '13' }, 'cu')).clericalChanges,
    ).toEqual([]);
    expect(await flagged()).toEqual(expect.arrayContaining([asClerk, unsaid]));
    expect(await flagged()).not.toContain(asClinician);
    // A second clerical change of the same pathway waits too, and one review covers both.
    await remodel(asClerk, clerk.token, { crp: '14' });
    expect((await summaryOf(asClerk)).clericalChanges.map((change) => change.changedBy)).toEqual([
      people.both.name,
      clerkName,
    ]);
    // A clinician's own remodel afterwards does not review the clerks' changes.
    expect((await remodel(asClerk, people.clinician.token, { crp: '15' })).clericalChanges).toHaveLength(2);
    const reviewed = await ok<RiskSummary>(await review(asClerk, people.both.token, 'cl'));
    expect(reviewed.clericalChanges).toEqual([]);
    expect(await flagged()).toEqual([unsaid]);
    const malformed = await call('GET', `${patientUrl(asClerk)}/risk-summary/`, people.both.token, {
      actingAs: 'Clinician',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets only a clinician acting as Clinician mark changes reviewed: 403 for everyone else, 404 for another trust’s pathway', async () => {
    const id = ids[5]!;
    await remodel(id, clerk.token, { albumin: '31' });
    const url = `${patientUrl(id)}/review-changes`;
    const refusals = [
      await review(id, clerk.token),
      await review(id, clerk.token, 'cl'),
      await review(id, people.both.token, 'cu'),
      await review(id, people.both.token),
      ...(await Promise.all(refused.map((token) => review(id, token)))),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain('Adeyemi');
    }
    // Another trust's clinician: not found under their own trust, refused under this one.
    const foreign = await call('POST', url.replace(clerk.trustCode, otherTrust), people.otherClinician.token);
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', url, people.otherClinician.token)).statusCode).toBe(403);
    expect((await summaryOf(id)).clericalChanges).toHaveLength(1);
    expect(await flagged()).toContain(id);
    expect((await review(id, people.clinician.token, 'cl')).statusCode).toBe(200);
  });

  it('leaves the prediction unmarked after a clerk edits the surgeon, readiness or social aspects, which the model does not read', async () => {
    const id = ids[6]!;
    const edited = await ok<RiskSummary>(
      await call('PUT', `${patientUrl(id)}/surgical-risk-factors/`, clerk.token, {
        body: { surgeonName: 'Ms R Kaur', surgery: 'requires_review', social: 'social_review_required' },
      }),
    );
    expect(edited.clericalChanges).toEqual([]);
    expect(await flagged()).not.toContain(id);
    expect((await review(id, people.clinician.token)).statusCode).toBe(409);
  });
});

describe('removing an anomaly flag takes a reason (decision 0056)', () => {
  it('refuses to remove a flag without one, 400 under reason, and keeps the reason given in the history and the change log', async () => {
    const id = ids[7]!;
    const url = `${patientUrl(id)}/mark/anomaly/`;
    const flagReason = 'eGFR of 9 does not match the GP record';
    expect(
      (
        await ok<{ isAnomaly: boolean }>(
          await call('POST', url, people.clinician.token, { body: { reason: flagReason } }),
        )
      ).isAnomaly,
    ).toBe(true);
    for (const body of [undefined, {}, { reason: '   ' }, { reason: null }]) {
      const refusedUnflag = await call('POST', url, clerk.token, body ? { body } : {});
      expect(refusedUnflag.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusedUnflag.json().errors).toEqual({ reason: [patientMessages.unflagReasonRequired] });
    }
    const [still] = (
      await ok<RiskHistory>(
        await call('GET', `${patientUrl(id)}/risk-summary/history`, people.clinician.token),
      )
    ).items;
    expect(still).toMatchObject({ isAnomaly: true, anomalyReason: flagReason, anomalyRemoval: null });

    const removal = 'Repeat eGFR 62 on 3 Dec: the first sample was haemolysed';
    const unflagged = await ok<{ isAnomaly: boolean; anomalyReason: string | null }>(
      await call('POST', url, clerk.token, { body: { reason: removal } }),
    );
    expect(unflagged).toMatchObject({ isAnomaly: false, anomalyReason: null });
    const [item] = (
      await ok<RiskHistory>(
        await call('GET', `${patientUrl(id)}/risk-summary/history`, people.clinician.token),
      )
    ).items;
    expect(item).toMatchObject({
      isAnomaly: false,
      anomalyReason: null,
      anomalyRemoval: { reason: removal, by: clerkName, at: expect.any(String) },
    });
    const [change] = await queryRows<{
      action: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(
      t.app.db,
      sql`select action, changes from change_log where entity_id = ${id} order by id desc limit 1`,
    );
    expect(change!.action).toMatch(/^Unflagged the result for patient /);
    expect(change!.changes).toEqual({
      isAnomaly: { before: true, after: false },
      anomalyReason: { before: flagReason, after: null },
      reasonForRemovingTheFlag: { before: null, after: removal },
    });
    // Flagged again, the removal is no longer what the history shows.
    await ok(await call('POST', url, people.clinician.token, { body: {} }));
    const [again] = (
      await ok<RiskHistory>(
        await call('GET', `${patientUrl(id)}/risk-summary/history`, people.clinician.token),
      )
    ).items;
    expect(again).toMatchObject({ isAnomaly: true, anomalyRemoval: null });
  });
});
