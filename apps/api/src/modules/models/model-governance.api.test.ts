import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mapProbability } from '@esr/risk-engine/recalibrated-model';
import { modelMessages, type ModelVersion, type TripodCard } from '@esr/contracts/models';
import { queryRows, type Db } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createUser } from '../../test/factories/users.js';
import { insertPathways } from '../../test/factories/pathways.js';
import { insertEvaluations } from '../../test/factories/outcomes.js';
import { createClericalTrust, idle, type ClericalTrust } from '../../test/factories/waiting-list.js';
import { multipartBody } from '../../test/multipart.js';
import { importScoredKneeList } from '../../test/factories/scored-knee-list.js';
import { recordOutcomes } from '../outcomes/index.js';

/**
 * Model governance (decisions 0046 and 0060) on a real database: the versions table; an upload
 * that waits, inactive, for a clinical safety officer's approval; a rollback proposed by a
 * technical admin and approved by a safety officer, which re-scores the list and keeps every
 * earlier evaluation; a proposer who may not approve their own proposal; a decline with its reason;
 * recalibration refused below 100 complications and fitted above, approved by a safety officer and
 * then scoring through its map; the model card and its PDF; and who may do what.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const kneeModel = fs.readFileSync(path.join(root, 'models/default/knee/model.pkl'));
const kneeWrapper = fs.readFileSync(path.join(root, 'models/default/knee/wrapper.pkl'));

let t: TestApp;
let list: ClericalTrust;
let admins: { first: string; second: string; clinician: string; safety: string; both: string };
const modelsUrl = (trust: string, procedure = 'knee') =>
  `/api/trusts/${trust}/machine-learning/procedures/${procedure}/models`;

async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const json = (response.headers['content-type'] ?? '').toString().includes('json');
  return { status: response.statusCode, body: (json ? response.json<T>() : undefined) as T, raw: response };
}
const versions = async (trust = list.trustCode) =>
  (await call<{ items: ModelVersion[] }>('GET', modelsUrl(trust), admins.first)).body.items;

async function currentProbabilities(db: Db, trustCode: string) {
  return queryRows<{ id: string; probability: number; model_version: number }>(
    db,
    sql`select p.id, p.probability, e.model_version from pathways p
      join evaluations e on e.id = p.current_evaluation_id
      where p.trust_code = ${trustCode} and p.is_active order by p.id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  list = await createClericalTrust(t);
  const token = async (roles: ('tca' | 'cl' | 'cso')[]) =>
    t.tokenFor((await createUser(t.app.db, { trustCode: list.trustCode, roles })).id);
  admins = {
    first: await token(['tca']),
    second: await token(['tca']),
    clinician: await token(['cl']),
    safety: await token(['cso']),
    // One person holding both roles: they may propose, or approve, but never both for one version.
    both: await token(['tca', 'cso']),
  };
  await importScoredKneeList(t, list);
}, 240_000);
afterAll(async () => t?.close());

describe('model versions and rollback', () => {
  it('lists each version with its source, smoke test and the pathways it scored', async () => {
    const [first] = await versions();
    expect(first).toMatchObject({ version: 1, isActive: true, source: 'uploaded', smokeTest: 'passed', pathwaysScored: 3 });
    expect(first?.localPerformance).toBeNull();
  });

  it('keeps an upload inactive until a clinical safety officer approves it; a rollback is proposed and approved the same way; earlier evaluations are kept', async () => {
    const body = multipartBody([
      { field: 'modelFile', fileName: 'knee-v2.pkl', bytes: kneeModel },
      { field: 'wrapperFile', fileName: 'wrapper.pkl', bytes: kneeWrapper },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${modelsUrl(list.trustCode)}/upload`,
      headers: { ...bearer(admins.first), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    expect(uploaded.json()).toMatchObject({ version: 2, status: 'awaiting approval' });
    await idle(t, list, 'knee');
    // Nothing changed for the patients: version 1 still scores the list.
    expect((await currentProbabilities(t.app.db, list.trustCode)).map((row) => row.model_version)).toEqual([1, 1, 1]);
    const v2 = (await versions()).find((version) => version.version === 2)!;
    expect(v2).toMatchObject({ isActive: false, status: 'awaiting approval', proposal: { byYou: true } });

    const url = (id: string, action: string) => `${modelsUrl(list.trustCode)}/${id}/${action}`;
    // Technical admins propose; only a clinical safety officer approves.
    expect((await call('POST', url(v2.id, 'approve'), admins.second)).status).toBe(403);
    expect((await call('POST', url(v2.id, 'approve'), admins.clinician)).status).toBe(403);
    const approved = await call<{ version: number }>('POST', url(v2.id, 'approve'), admins.safety);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ version: 2, status: 'active' });
    await idle(t, list, 'knee');
    expect((await currentProbabilities(t.app.db, list.trustCode)).map((row) => row.model_version)).toEqual([2, 2, 2]);

    const before = await queryRows<{ id: string; probability: number; model_version: number }>(
      t.app.db,
      sql`select id, probability, model_version from evaluations where trust_code = ${list.trustCode} order by id`,
    );
    const v1 = (await versions()).find((version) => version.version === 1)!;
    expect((await call('POST', url(v1.id, 'propose'), admins.clinician)).status).toBe(403);
    expect((await call('POST', url(v1.id, 'propose'), admins.safety)).status).toBe(403);
    const proposed = await call('POST', url(v1.id, 'propose'), admins.first);
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ version: 1, status: 'awaiting approval' });
    expect((await call<{ detail: string }>('POST', url(v1.id, 'propose'), admins.second)).body.detail).toBe(
      modelMessages.alreadyProposed,
    );
    await idle(t, list, 'knee');
    expect((await currentProbabilities(t.app.db, list.trustCode)).map((row) => row.model_version)).toEqual([2, 2, 2]);
    expect((await call('POST', url(v1.id, 'approve'), admins.safety)).status).toBe(200);
    await idle(t, list, 'knee');
    expect((await currentProbabilities(t.app.db, list.trustCode)).map((row) => row.model_version)).toEqual([1, 1, 1]);
    const after = await queryRows<{ id: string; probability: number; model_version: number }>(
      t.app.db,
      sql`select id, probability, model_version from evaluations where trust_code = ${list.trustCode} order by id`,
    );
    expect(after.length).toBe(before.length + 3);
    for (const evaluation of before) expect(after).toContainEqual(evaluation);
    const listed = await versions();
    expect(listed.map((version) => [version.version, version.isActive, version.status])).toEqual([
      [2, false, 'superseded'],
      [1, true, 'active'],
    ]);
    const actions = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where trust_code = ${list.trustCode} and entity_type = 'model' order by id desc limit 2`,
    );
    expect(actions.map((entry) => entry.action)).toEqual([
      expect.stringMatching(/^Approved model version 1 for Knee replacement, proposed by .+: it is now the active version$/),
      expect.stringMatching(/^Proposed making model version 1 active for Knee replacement; awaiting approval by a clinical safety officer$/),
    ]);
    // The active version is not proposed again, nor approved again.
    expect((await call<{ detail: string }>('POST', url(v1.id, 'propose'), admins.first)).body.detail).toBe(
      modelMessages.alreadyActive,
    );
    expect((await call('POST', url(v1.id, 'approve'), admins.safety)).status).toBe(409);
  });

  it('never lets the proposer approve their own proposal, even holding both roles; a declined version says why', async () => {
    const url = (id: string, action: string) => `${modelsUrl(list.trustCode)}/${id}/${action}`;
    const v2 = (await versions()).find((version) => version.version === 2)!;
    expect((await call('POST', url(v2.id, 'propose'), admins.both)).status).toBe(200);
    const own = await call<{ detail: string }>('POST', url(v2.id, 'approve'), admins.both);
    expect(own.status).toBe(409);
    expect(own.body.detail).toBe(modelMessages.proposerCannotApprove);
    expect((await call('POST', url(v2.id, 'decline'), admins.safety, { reason: '' })).status).toBe(400);
    const declined = await call('POST', url(v2.id, 'decline'), admins.safety, {
      reason: 'The validation report does not cover patients over 85.',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ version: 2, status: 'declined' });
    const listed = (await versions()).find((version) => version.version === 2)!;
    expect(listed).toMatchObject({
      status: 'declined',
      proposal: null,
      declined: { reason: 'The validation report does not cover patients over 85.' },
    });
    const nothing = await call<{ detail: string }>('POST', url(v2.id, 'approve'), admins.safety);
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toBe(modelMessages.nothingToApprove);
    expect((await versions()).find((version) => version.isActive)?.version).toBe(1);
  });

  it('does not find another trust’s version', async () => {
    const [otherModel] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from ml_models where trust_code = 'RL1' and procedure_code = 'knee' limit 1`,
    );
    expect((await call('POST', `${modelsUrl(list.trustCode)}/${otherModel!.id}/propose`, admins.first)).status).toBe(404);
    expect((await call('POST', `${modelsUrl(list.trustCode)}/${otherModel!.id}/approve`, admins.safety)).status).toBe(404);
    expect((await call('GET', `${modelsUrl(list.trustCode)}/${otherModel!.id}/card`, admins.first)).status).toBe(404);
    expect((await call('GET', modelsUrl('RL1'), admins.first)).status).toBe(403);
  });
});

describe('recalibration', () => {
  let activeVersion: ModelVersion;

  it('is refused below 100 complications, saying why', async () => {
    activeVersion = (await versions()).find((version) => version.isActive)!;
    const refused = await call<{ detail: string }>(
      'POST',
      `${modelsUrl(list.trustCode)}/${activeVersion.id}/recalibrate`,
      admins.first,
      { method: 'auto' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(modelMessages.tooFewEvents(0));
    expect(
      (await call('POST', `${modelsUrl(list.trustCode)}/${activeVersion.id}/recalibrate`, admins.first, { method: 'sideways' }))
        .status,
    ).toBe(400);
  });

  it('fits an intercept on the trust’s outcomes, as a new inactive version a clinical safety officer must approve, which then scores through its map', async () => {
    // 1,200 operated patients whose true risk is twice the model's odds: an intercept of about log 2.
    const count = 1_200;
    const probabilities = Array.from({ length: count }, (_, index) => 0.04 + (0.2 * ((index * 7919) % count)) / count);
    const ids = await insertPathways(
      t.app.db,
      list.trustCode,
      'knee',
      probabilities.map(() => ({ isActive: false, scored: { prediction: 'Low' as const, probability: 0.1 } })),
    );
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const [index, id] of ids.entries())
      await insertEvaluations(t.app.db, id, [
        { probability: probabilities[index]!, prediction: 'Low', createdAt: '2026-03-01T09:00:00Z', modelVersion: 1 },
      ]);
    await t.app.db.transaction(async (tx) =>
      recordOutcomes(
        tx as unknown as Db,
        ids.map((id, index) => {
          const p = probabilities[index]!;
          const odds = (2 * p) / (1 - p);
          return {
            pathwayId: id,
            dateOfOperation: '2026-04-01',
            complication90Days: random() < odds / (1 + odds),
            complicationType: null,
            readmission30Days: null,
            lengthOfStayDays: null,
            death90Days: null,
          };
        }),
        {
          trustCode: list.trustCode,
          procedureCode: 'knee',
          source: 'file',
          batchId: null,
          fileName: 'outcomes.csv',
          recordedBy: 'Test',
          userId: null,
        },
      ),
    );
    const listed = (await versions()).find((version) => version.version === 1)!;
    expect(listed.localPerformance?.n).toBe(count);

    const created = await call<ModelVersion>(
      'POST',
      `${modelsUrl(list.trustCode)}/${activeVersion.id}/recalibrate`,
      admins.first,
      { method: 'intercept', from: '2026-01-01', to: '2026-12-31' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      version: 3,
      createdByYou: true,
      isActive: false,
      source: 'recalibrated',
      baseVersion: 1,
      status: 'awaiting approval',
      proposal: { byYou: true },
    });
    const map = created.body.recalibration!;
    expect(map.method).toBe('intercept');
    expect(map.slope).toBe(1);
    expect(map.intercept).toBeGreaterThan(0.4);
    expect(map.intercept).toBeLessThan(1);
    expect(map.n).toBe(count);
    // Its 95% interval holds the estimate; an intercept update fits no slope.
    expect(map.intervals?.intercept.lower).toBeLessThan(map.intercept);
    expect(map.intervals?.intercept.upper).toBeGreaterThan(map.intercept);
    expect(map.intervals?.slope).toBeNull();

    const card = await call<TripodCard>('GET', `${modelsUrl(list.trustCode)}/${created.body.id}/card`, admins.second);
    expect(card.body.recalibration?.intercept).toBe(map.intercept);
    expect(card.body.updates.join(' ')).toMatch(/logit\(p′\) = a \+ b·logit\(p\)/);
    expect(card.body.predictors.length).toBeGreaterThan(5);
    // The card takes the outcome, its horizon and the population from the wrapper, and says which
    // TRIPOD+AI items the developer did not report.
    expect(card.body.timeFrame).toBe('Within 90 days of the operation.');
    expect(card.body.population).toMatch(/OPCS-4 W40\.1, W41\.1, W42\.1, O18\.1; aged 18 and over\.$/);
    expect(card.body.intendedUse).toMatch(/it does not set anyone’s priority|does not set/);
    expect(card.body.tripodItems.find((entry) => entry.item === 'Dates and setting of the development data')).toEqual({
      item: 'Dates and setting of the development data',
      reported: false,
      detail: 'Not reported by the developer',
    });
    expect(card.body.tripodItems.find((entry) => entry.item === 'Model updating')?.reported).toBe(true);
    const pdf = await call('GET', `${modelsUrl(list.trustCode)}/${created.body.id}/card/export`, admins.second);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'card-')), 'card.pdf');
    fs.writeFileSync(file, pdf.raw.rawPayload);
    // pdftotext (Debian poppler-utils) must be installed: without it this test fails, never skips.
    const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page, index, all) => index < all.length - 1 || page.trim() !== '');
    // No blank page, and no field name where words belong.
    for (const page of pages) expect(page.replace(/Model card, .* page \d+ of \d+/, '').trim()).not.toBe('');
    const text = pages.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Who it was made for');
    expect(text).toContain('Dates and setting of the development data Not reported by the developer');
    expect(text).not.toMatch(/\b(auroc|brier|calibrationSlope|calibrationIntercept)\b/);

    const before = await currentProbabilities(t.app.db, list.trustCode);
    expect((await call('POST', `${modelsUrl(list.trustCode)}/${created.body.id}/approve`, admins.first)).status).toBe(403);
    expect((await call('POST', `${modelsUrl(list.trustCode)}/${created.body.id}/approve`, admins.safety)).status).toBe(200);
    await idle(t, list, 'knee');
    const after = await currentProbabilities(t.app.db, list.trustCode);
    expect(after.map((row) => row.model_version)).toEqual([3, 3, 3]);
    for (const [index, row] of after.entries())
      expect(row.probability).toBeCloseTo(mapProbability(before[index]!.probability, map), 12);
  });
});
