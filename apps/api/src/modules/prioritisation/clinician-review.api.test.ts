import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  addDays,
  type Matrix,
  type PathwayPrioritisation,
  type Worklist,
} from '@esr/contracts/prioritisation';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { insertPathways, type PathwayValues } from '../../test/factories/pathways.js';

/**
 * The worklist after decision 0056: a P1a, P1b or P2 pathway postponed at the patient's request is
 * due a clinician's review, its breach still counted, until a clinician decides its priority; and
 * the worklist, its export included, is in NHS England's order unless another is asked for.
 */

let t: TestApp;
const today = todayInLondon();
const daysAgo = (days: number) => addDays(today, -days);

async function freshList(pathways: PathwayValues[]) {
  const trust = await createTrust(t.app.db);
  const cu = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] });
  const wa = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['wa'] });
  const cl = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cl'] });
  const ids = await insertPathways(t.app.db, trust.trustCode, 'knee', pathways);
  return {
    trustCode: trust.trustCode,
    ids,
    cu: await t.tokenFor(cu.id),
    wa: await t.tokenFor(wa.id),
    cl: await t.tokenFor(cl.id),
    list: (path: string) =>
      `/api/trusts/${trust.trustCode}/waiting-list/procedures/knee/prioritisation/${path}`,
    pathway: (id: string, path: string) =>
      `/api/trusts/${trust.trustCode}/procedures/knee/patients/${id}/${path}`,
  };
}

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<T>(), raw: response };
}
async function get<T>(url: string, token: string): Promise<T> {
  const response = await call<T>('GET', url, token);
  expect(response.status, response.raw.body).toBe(200);
  return response.body;
}
async function post(url: string, token: string, payload: Record<string, unknown>) {
  const response = await call<PathwayPrioritisation>('POST', url, token, payload);
  expect(response.status, response.raw.body).toBe(200);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('a postponement at the patient’s request (decision 0056)', () => {
  it('flags a P1a, P1b or P2 pathway postponed by a validation as due a clinician’s review, its breach still counted, until a clinician decides its priority', async () => {
    const list = await freshList([
      // A P2 given 40 days ago: past its 28 days.
      { clockStart: daysAgo(300), priority: 'P2', priorityDate: daysAgo(40), lastName: 'Okafor' },
      // A P1b given yesterday: within its 3 days.
      { clockStart: daysAgo(90), priority: 'P1b', priorityDate: daysAgo(1), lastName: 'Nowak' },
      // A P3 postponed is the patient's choice alone.
      { clockStart: daysAgo(200), priority: 'P3', priorityDate: daysAgo(20), lastName: 'Hughes' },
    ]);
    const [breachedP2, recentP1b, routineP3] = list.ids as [string, string, string];
    const flagged = async () => {
      const worklist = await get<Worklist>(list.list('worklist?flag=clinician_review_due'), list.cu);
      const matrix = await get<Matrix>(list.list('matrix'), list.cu);
      expect(matrix.flags.clinician_review_due).toBe(worklist.totalCount);
      return worklist.items.map((item) => [item.lastName, item.priority, item.flags]);
    };
    expect(await flagged()).toEqual([]);

    const postponed = await post(list.pathway(breachedP2, 'validations'), list.cu, {
      outcome: 'postpone',
      contact: 'phone',
      postponeTo: 'P6',
      note: 'Caring for her husband until January',
    });
    expect(postponed.priority).toBe('P6');
    expect(postponed.postponedFrom).toEqual({
      priority: 'P2',
      priorityDate: daysAgo(40),
      dueBy: addDays(daysAgo(40), 28),
    });
    expect(postponed.flags).toEqual(['priority_breached', 'clinician_review_due']);
    await post(list.pathway(recentP1b, 'validations'), list.wa, {
      outcome: 'postpone',
      contact: 'letter',
      postponeTo: 'P5',
    });
    await post(list.pathway(routineP3, 'validations'), list.cu, {
      outcome: 'postpone',
      contact: 'phone',
      postponeTo: 'P6',
    });
    // The worklist's default order: P5 before P6, then the longest wait.
    expect(await flagged()).toEqual([
      ['Nowak', 'P5', ['clinician_review_due']],
      ['Okafor', 'P6', ['priority_breached', 'clinician_review_due']],
    ]);
    // The breach of the P2 stays on the worklist's breach filter, though P6 has no limit.
    const breached = await get<Worklist>(list.list('worklist?flag=priority_breached'), list.cu);
    expect(breached.items.map((item) => item.lastName)).toEqual(['Okafor']);

    // A clerk cannot decide it; a clinician can, keeping the postponement or changing the priority.
    const byClerk = await call('POST', list.pathway(breachedP2, 'priority'), list.cu, {
      priorityCode: 'P6',
      reason: 'Patient’s wish',
    });
    expect(byClerk.status).toBe(403);
    const kept = await post(list.pathway(breachedP2, 'priority'), list.cl, {
      priorityCode: 'P6',
      reason: 'Spoke to the patient: knee stable, happy to wait until January',
    });
    expect(kept).toMatchObject({ priority: 'P6', postponedFrom: null });
    expect(kept.flags).not.toContain('clinician_review_due');
    expect(kept.flags).not.toContain('priority_breached');
    expect(kept.history[0]).toMatchObject({
      kind: 'priority',
      priorityCode: 'P6',
      previousPriorityCode: 'P6',
    });
    const changed = await post(list.pathway(recentP1b, 'priority'), list.cl, {
      priorityCode: 'P1b',
      reason: 'Cannot safely wait: rebooked',
    });
    expect(changed).toMatchObject({ priority: 'P1b', postponedFrom: null });
    expect(await flagged()).toEqual([]);
    // Once decided, the same priority again is no change.
    const unchanged = await call('POST', list.pathway(breachedP2, 'priority'), list.cl, {
      priorityCode: 'P6',
      reason: 'Again',
    });
    expect(unchanged.status).toBe(400);

    const actions = await queryRows<{ action: string; changes: Record<string, { after: unknown }> }>(
      t.app.db,
      sql`select action, changes from change_log where entity_id = ${breachedP2} order by id`,
    );
    expect(actions.map((row) => row.action.replace(/ for patient .*$/, ''))).toEqual([
      'Recorded a validation by phone: postpone at the patient’s choice (p5 or p6)',
      'Kept the priority P6 after the patient’s postponement from P2',
    ]);
    expect(actions[0]!.changes.clinicianReviewDue!.after).toBe('Postponed from P2');
  });
});

describe('the worklist’s order (decision 0056)', () => {
  it('puts the most urgent priority first, then the longest wait, when no order is asked for, in the export too', async () => {
    const list = await freshList([
      { clockStart: daysAgo(400), priority: 'P4', lastName: 'LongestP4' },
      { clockStart: daysAgo(20), priority: 'P2', lastName: 'RecentP2' },
      { clockStart: daysAgo(60), priority: 'P2', lastName: 'OlderP2' },
      { clockStart: daysAgo(500), priority: null, lastName: 'NoPriority' },
      { clockStart: daysAgo(10), priority: 'P1a', lastName: 'UrgentP1a' },
      {
        clockStart: daysAgo(30),
        priority: 'P3',
        lastName: 'HighRiskP3',
        scored: { prediction: 'High', probability: 0.4 },
      },
    ]);
    const names = async (query: string) =>
      (await get<Worklist>(list.list(`worklist${query}`), list.cu)).items.map((item) => item.lastName);
    const nhsEngland = ['UrgentP1a', 'OlderP2', 'RecentP2', 'HighRiskP3', 'LongestP4', 'NoPriority'];
    expect(await names('')).toEqual(nhsEngland);
    expect(await names('?sort=priority')).toEqual(nhsEngland);
    expect(await names('?sort=longest_wait')).toEqual([
      'NoPriority',
      'LongestP4',
      'OlderP2',
      'HighRiskP3',
      'RecentP2',
      'UrgentP1a',
    ]);
    expect((await names('?sort=highest_risk'))[0]).toBe('HighRiskP3');
    const exported = await t.app.inject({
      method: 'GET',
      url: list.list('worklist/export?fileType=csv'),
      headers: bearer(list.cu),
    });
    expect(exported.statusCode).toBe(200);
    const order = nhsEngland.map((name) => exported.body.indexOf(name));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
