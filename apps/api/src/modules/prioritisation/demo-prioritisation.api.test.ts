import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ModelPerformance, NationalPerformance } from '@esr/contracts/model-performance';
import type { Matrix } from '@esr/contracts/prioritisation';
import { queryRows } from '../../platform/db/client.js';
import { demoUsers } from '../../platform/db/seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { waitUntil } from '../../test/factories/waiting-list.js';

/**
 * `npm start`'s demonstration trust (decision 0044): once its lists are imported and scored, its
 * prioritisation history is recorded once, and the worklist shows waits over 52 and 78 weeks,
 * work done (validations, harm reviews, a priority moved up, adjustments) and work due.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_WAITING_LISTS: 'true' });
}, 120_000);
afterAll(async () => t?.close());

const entriesByKind = async () =>
  Object.fromEntries(
    (
      await queryRows<{ kind: string; n: number | string }>(
        t.app.db,
        sql`select kind, count(*) as n from prioritisation_entries where trust_code = 'RAN' group by kind`,
      )
    ).map((row) => [row.kind, Number(row.n)]),
  );

describe('the demonstration prioritisation', () => {
  it('records validations, harm reviews, a priority moved up and adjustments, once', async () => {
    const kinds = await waitUntil(entriesByKind, (found) => Object.keys(found).length > 0, 240_000);
    expect(kinds.validation).toBeGreaterThan(5);
    expect(kinds.harm_review).toBeGreaterThan(3);
    expect(kinds.priority).toBeGreaterThanOrEqual(1);
    expect(kinds.risk_adjustment).toBeGreaterThanOrEqual(3);
    const [adjusted] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from pathways where trust_code = 'RAN' and is_active and adjusted_prediction is not null`,
    );
    expect(Number(adjusted!.n)).toBe(kinds.risk_adjustment);

    const clinician = demoUsers.find((user) => user.firstName === 'Olu')!;
    const token = await t.tokenFor(clinician.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/trusts/RAN/waiting-list/procedures/knee/prioritisation/matrix',
      headers: bearer(token),
    });
    const matrix = response.json<Matrix>();
    const over = (bands: string[]) =>
      matrix.cells.filter((cell) => bands.includes(cell.wait)).reduce((sum, cell) => sum + cell.count, 0);
    expect(over(['52-65', '65-78', '78-104', '104+'])).toBeGreaterThan(0);
    expect(over(['78-104', '104+'])).toBeGreaterThan(0);
    expect(matrix.withoutClockStart).toBe(0);
    expect(matrix.flags.validation_due).toBeGreaterThan(0);
    expect(matrix.flags.harm_review_due).toBeGreaterThan(0);
  }, 300_000);
});

describe('the demonstration outcomes', () => {
  it('judge knee with enough complications to act on, show hip drifting, and give the national funnel three trusts', async () => {
    const technicalAdmin = demoUsers.find((user) => user.firstName === 'Ravi')!;
    const token = await t.tokenFor(technicalAdmin.id);
    const figures = async (procedure: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/trusts/RAN/procedures/${procedure}/model-performance`,
          headers: bearer(token),
        })
      ).json<ModelPerformance>();
    const knee = await waitUntil(
      () => figures('knee'),
      (found) => found.n > 0,
      240_000,
    );
    expect(knee.enoughEvents).toBe(true);
    expect(knee.excluded).toBe(0);
    // Drawn from the model's own risks: observed near expected (the draw is random, the bounds wide).
    expect(knee.oe!.ratio).toBeGreaterThan(0.7);
    expect(knee.oe!.ratio).toBeLessThan(1.3);
    const hip = await waitUntil(
      () => figures('hip'),
      (found) => found.n > 0,
      120_000,
    );
    expect(hip.cusum.signalledOn).not.toBeNull();
    expect(hip.oe!.ratio).toBeGreaterThan(1);
    const superAdmin = demoUsers.find((user) => user.firstName === 'Priya')!;
    const national = await waitUntil(
      async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/model-performance?procedure=knee',
            headers: bearer(await t.tokenFor(superAdmin.id)),
          })
        ).json<NationalPerformance>(),
      (found) =>
        ['R0A', 'RAN', 'RL1'].every((code) => found.trusts.some((trust) => trust.trustCode === code)),
      120_000,
    );
    // The demonstration's three trusts; on a database shared with other tests, their trusts too.
    const demoTrusts = national.trusts
      .map((trust) => trust.trustCode)
      .filter((code) => ['R0A', 'RAN', 'RL1'].includes(code));
    expect(demoTrusts.sort()).toEqual(['R0A', 'RAN', 'RL1']);
  }, 400_000);
});
