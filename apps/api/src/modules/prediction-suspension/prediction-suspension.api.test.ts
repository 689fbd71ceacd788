import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ActiveRecords, ProcessedCounts } from '@esr/contracts/open-pathways';
import type { RiskHistory, RiskSummary } from '@esr/contracts/patients';
import { suspensionMessages, type PredictionSuspensionState } from '@esr/contracts/prediction-suspension';
import type { Matrix, Worklist } from '@esr/contracts/prioritisation';
import type { WaitingListDashboard } from '@esr/contracts/waiting-list';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import type { PathwayOutcomes } from '@esr/contracts/outcomes';
import { showCalendarDate, todayInLondon } from '@esr/contracts/london-dates';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createUser } from '../../test/factories/users.js';
import { createClericalTrust, type ClericalTrust } from '../../test/factories/waiting-list.js';
import { importScoredKneeList } from '../../test/factories/scored-knee-list.js';

/**
 * A clinical safety officer suspends a procedure's predictions (decision 0063), on a list imported
 * through the real pipeline and scored by the demonstration knee model: only they may; while the
 * suspension holds, no band or probability is in the total table, its filters and counters, the
 * dashboards, the worklist's matrix, page and export, the reports, the risk summary and its
 * history, nor FHIR; lifting it brings the bands back as they were. Both are in the change log.
 */

let t: TestApp;
let list: ClericalTrust;
let other: ClericalTrust;
let tokens: Record<'cso' | 'tca' | 'cl' | 'ta' | 'wa' | 'otherCso', string>;
let fhirToken: string;
const clientId = `fhir-${crypto.randomUUID().slice(0, 8)}`;

const suspensionUrl = (trust = list.trustCode) =>
  `/api/trusts/${trust}/procedures/knee/prediction-suspension`;
const listUrl = (suffix: string) => `/api/trusts/${list.trustCode}/waiting-list/procedures/knee/${suffix}`;
const patientUrl = (id: string, suffix = 'risk-summary') =>
  `/api/trusts/${list.trustCode}/procedures/knee/patients/${id}/${suffix}`;

async function call<T>(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  const json = (response.headers['content-type'] ?? '').toString().includes('json');
  return {
    status: response.statusCode,
    body: (json ? response.json<T>() : undefined) as T,
    text: response.body,
  };
}
const get = async <T>(url: string, token = list.token) => {
  const answer = await call<T>('GET', url, token);
  expect(answer.status, `${url}: ${answer.text.slice(0, 300)}`).toBe(200);
  return answer.body;
};
const fhirSearch = (nhs: string) =>
  t.app.inject({
    method: 'GET',
    url: `/fhir/r4/RiskAssessment?subject:identifier=${encodeURIComponent(`https://fhir.nhs.uk/Id/nhs-number|${nhs}`)}`,
    headers: { ...bearer(fhirToken), accept: 'application/fhir+json' },
  });

const bandWords = /High risk|Moderate risk|Low risk/;
const today = () => todayInLondon();
const suspendedWords = () =>
  `Predictions suspended by the clinical safety officer on ${showCalendarDate(today())}`;

let bandsBefore: ActiveRecords['items'];

beforeAll(async () => {
  t = await createTestApp();
  list = await createClericalTrust(t);
  other = await createClericalTrust(t);
  const token = async (trustCode: string, roles: ('cso' | 'tca' | 'cl' | 'ta' | 'wa')[]) =>
    t.tokenFor((await createUser(t.app.db, { trustCode, roles })).id);
  tokens = {
    cso: await token(list.trustCode, ['cso']),
    tca: await token(list.trustCode, ['tca']),
    cl: await token(list.trustCode, ['cl']),
    ta: await token(list.trustCode, ['ta']),
    wa: await token(list.trustCode, ['wa']),
    otherCso: await token(other.trustCode, ['cso']),
  };
  await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
    values (${crypto.randomUUID()}, 'development', ${clientId}, ${list.trustCode}, 'Theatre system')`);
  fhirToken = await t.tokenFor(clientId, { clientId });
  await importScoredKneeList(t, list);
  bandsBefore = (await get<ActiveRecords>(listUrl('manage/records/active'))).items;
}, 240_000);
afterAll(async () => t?.close());

describe('suspending predictions', () => {
  it('starts with every pathway scored and banded', () => {
    expect(bandsBefore).toHaveLength(3);
    for (const record of bandsBefore) {
      expect(record.status).toBe('processed');
      expect(record.prediction).not.toBeNull();
    }
  });

  it('is the clinical safety officer’s alone, of their own trust, and asks why', async () => {
    for (const role of ['tca', 'cl', 'ta', 'wa'] as const)
      expect((await call('PUT', suspensionUrl(), tokens[role], { reason: 'Review' })).status, role).toBe(403);
    expect((await call('PUT', suspensionUrl(), list.token, { reason: 'Review' })).status).toBe(403);
    expect((await call('PUT', suspensionUrl(), tokens.otherCso, { reason: 'Review' })).status).toBe(403);
    const empty = await call<{ detail: string; errors?: unknown }>('PUT', suspensionUrl(), tokens.cso, {
      reason: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Enter why predictions are suspended');
    expect((await call('PUT', suspensionUrl(), tokens.cso, { reason: 'A\u0000B' })).status).toBe(400);
    expect((await call('PUT', suspensionUrl(), tokens.cso, { reason: 'x'.repeat(2001) })).status).toBe(400);
    expect((await call('PUT', suspensionUrl(), tokens.cso, {})).status).toBe(400);
    // Nothing was suspended by any of these.
    expect((await get<PredictionSuspensionState>(suspensionUrl(), tokens.tca)).suspension).toBeNull();
  });

  it('suspends, once, and says since when, by whom and why', async () => {
    const reason =
      'The CUSUM signalled more complications than predicted; suspended while the surgical leads review.';
    const suspended = await call<PredictionSuspensionState>('PUT', suspensionUrl(), tokens.cso, { reason });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.body.suspension).toMatchObject({ suspendedOn: today(), reason });
    expect(suspended.body.suspension?.suspendedBy).toMatch(/\S/);
    const again = await call<{ detail: string }>('PUT', suspensionUrl(), tokens.cso, { reason });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(suspensionMessages.alreadySuspended);
    const [entry] = await queryRows<{ action: string; changes: Record<string, { after: unknown }> }>(
      t.app.db,
      sql`select action, changes from change_log where trust_code = ${list.trustCode} and entity_type = 'model'
        order by id desc limit 1`,
    );
    expect(entry?.action).toBe("Suspended the model's predictions for Knee replacement");
    expect(entry?.changes.Reason?.after).toBe(reason);
  });

  it('withholds every band and probability from the total table, its filters, counters and dashboards', async () => {
    const active = await get<ActiveRecords>(listUrl('manage/records/active'));
    expect(active.items).toHaveLength(3);
    for (const record of active.items) {
      expect(record).toMatchObject({
        status: 'suspended',
        statusDetail: today(),
        prediction: null,
        probability: null,
      });
    }
    for (const band of ['high', 'medium', 'low'])
      expect(
        (await get<ActiveRecords>(listUrl(`manage/records/active?prediction=${band}`))).totalCount,
        band,
      ).toBe(0);
    // Sorting by risk would give the bands away by their order: the rows come in the list's order.
    const byRisk = await get<ActiveRecords>(listUrl('manage/records/active?sort=risk&direction=desc'));
    const byWait = await get<ActiveRecords>(listUrl('manage/records/active?sort=wait'));
    expect(byRisk.items.map((record) => record.id).sort()).toEqual(
      byWait.items.map((record) => record.id).sort(),
    );
    const processed = await get<ProcessedCounts>(listUrl('manage/processed'));
    expect(processed.counters).toMatchObject({ total: 3, high: 0, medium: 0, low: 0 });
    expect(processed.suspendedOn).toBe(today());
    const dashboard = await get<WaitingListDashboard>(`/api/trusts/${list.trustCode}/waiting-list/dashboard`);
    expect(dashboard.counters).toMatchObject({ highRiskRecords: 0, mediumRiskRecords: 0, lowRiskRecords: 0 });
    expect(dashboard.riskByProcedure.find((row) => row.procedureCode === 'knee')).toMatchObject({
      suspendedOn: today(),
      highRiskRecords: 0,
      mediumRiskRecords: 0,
      lowRiskRecords: 0,
    });
  });

  it('puts every scored pathway in the worklist’s suspended row, with no band, order by risk or band in its export', async () => {
    for (const token of [list.token, tokens.cl, tokens.wa]) {
      const matrix = await get<Matrix>(listUrl('prioritisation/matrix'), token);
      expect(matrix.suspendedOn).toBe(today());
      const sum = (risk: string) =>
        matrix.cells.filter((cell) => cell.risk === risk).reduce((total, cell) => total + cell.count, 0);
      expect([sum('high'), sum('medium'), sum('low'), sum('suspended')]).toEqual([0, 0, 0, 3]);
    }
    const page = await get<Worklist>(listUrl('prioritisation/worklist?sort=highest_risk'), tokens.cl);
    expect(page.items).toHaveLength(3);
    for (const item of page.items)
      expect(item).toMatchObject({ status: 'suspended', prediction: null, probability: null });
    expect((await get<Worklist>(listUrl('prioritisation/worklist?risk=high'), tokens.cl)).totalCount).toBe(0);
    expect(
      (await get<Worklist>(listUrl('prioritisation/worklist?risk=suspended'), tokens.cl)).totalCount,
    ).toBe(3);
    const exported = await call(
      'GET',
      listUrl('prioritisation/worklist/export?fileType=csv&sort=highest_risk'),
      tokens.cl,
    );
    expect(exported.status).toBe(200);
    expect(exported.text).toContain(suspendedWords());
    expect(exported.text).not.toMatch(bandWords);
  });

  it('writes the reports without a band or probability', async () => {
    const fields = 'nhsNumber,status,prediction,probability';
    const report = await call(
      'GET',
      listUrl(`manage/records/active/export?fileName=Theatre%20list&fileType=csv&fields=${fields}`),
      list.token,
    );
    expect(report.status, report.text).toBe(200);
    const rows = report.text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line.includes('999'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toContain(suspendedWords());
      // The probability column is empty: the row ends with the suspension's words.
      expect(row).toMatch(/,"?Predictions suspended[^,]*"?,$/);
    }
    expect(report.text).not.toMatch(bandWords);
  });

  it('shows the risk summary and its history without a result, and FHIR says why there is no assessment', async () => {
    const id = bandsBefore[0]!.id;
    const summary = await get<RiskSummary>(patientUrl(id), tokens.cl);
    expect(summary).toMatchObject({ status: 'suspended', suspendedOn: today(), result: null });
    expect(summary.areasOfImprovement.dos).toEqual([]);
    const history = await get<RiskHistory>(patientUrl(id, 'risk-summary/history'), tokens.cl);
    expect(history.suspendedOn).toBe(today());
    expect(history.items.length).toBeGreaterThan(0);
    for (const item of history.items) expect(item).toMatchObject({ prediction: null, probability: null });
    const entry = await get<RiskSummary>(patientUrl(id, `history/${history.items[0]!.id}`), tokens.cl);
    expect(entry).toMatchObject({ status: 'suspended', result: null });

    const search = await fhirSearch(bandsBefore[0]!.nhsNumber!);
    expect(search.statusCode, search.body).toBe(200);
    const bundle = search.json<{
      total: number;
      entry?: { resource: { resourceType: string; issue?: { code: string; diagnostics: string }[] } }[];
    }>();
    expect(bundle.total).toBe(0);
    expect(bundle.entry?.map((e) => e.resource.resourceType)).toEqual(['OperationOutcome']);
    expect(bundle.entry?.[0]?.resource.issue?.[0]).toMatchObject({ code: 'suppressed' });
    expect(bundle.entry?.[0]?.resource.issue?.[0]?.diagnostics).toContain(suspendedWords());
    const read = await t.app.inject({
      method: 'GET',
      url: `/fhir/r4/RiskAssessment/${history.items[0]!.id}`,
      headers: { ...bearer(fhirToken), accept: 'application/fhir+json' },
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).toContain(suspendedWords());
    expect(read.body).not.toMatch(/"probabilityDecimal"/);
  });

  it('names the prediction an outcome after surgery is judged against, without its band', async () => {
    const id = bandsBefore[1]!.id;
    const history = await get<RiskHistory>(patientUrl(id, 'risk-summary/history'), tokens.cl);
    const evaluationId = history.items[0]!.id;
    // An outcome judged against that prediction, as the outcome writer keeps it.
    await t.app.db.execute(sql`insert into pathway_outcomes (id, pathway_id, trust_code, procedure_code,
        is_current, date_of_operation, complication_90_days, source, recorded_by, evaluation_id,
        model_version, probability, prediction, evaluated_at)
      values (${crypto.randomUUID()}, ${id}, ${list.trustCode}, 'knee', true, current_date - 1, false,
        'clinician', 'Test clinician', ${evaluationId}, 1, 0.31, 'High', now() - interval '10 days')`);
    const outcomes = await get<PathwayOutcomes>(patientUrl(id, 'outcome'), tokens.cl);
    expect(outcomes.judgedPrediction).toMatchObject({ evaluationId, prediction: null, probability: null });
  });

  it('keeps the model’s monitoring, which says the predictions are suspended', async () => {
    const figures = await get<ModelPerformance>(
      `/api/trusts/${list.trustCode}/procedures/knee/model-performance`,
      tokens.tca,
    );
    expect(figures.suspension?.suspendedOn).toBe(today());
  });

  it('is lifted by the clinical safety officer alone, with a reason, and the bands come back as they were', async () => {
    expect((await call('POST', `${suspensionUrl()}/lift`, tokens.tca, { reason: 'Fine' })).status).toBe(403);
    expect((await call('POST', `${suspensionUrl()}/lift`, tokens.cso, { reason: '' })).status).toBe(400);
    const lifted = await call<PredictionSuspensionState>('POST', `${suspensionUrl()}/lift`, tokens.cso, {
      reason: 'Recalibrated version approved; local calibration acceptable.',
    });
    expect(lifted.status, lifted.text).toBe(200);
    expect(lifted.body.suspension).toBeNull();
    const again = await call<{ detail: string }>('POST', `${suspensionUrl()}/lift`, tokens.cso, {
      reason: 'Again',
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(suspensionMessages.notSuspended);
    const active = await get<ActiveRecords>(listUrl('manage/records/active'));
    expect(
      active.items.map(({ id, status, prediction, probability }) => ({
        id,
        status,
        prediction,
        probability,
      })),
    ).toEqual(
      bandsBefore.map(({ id, status, prediction, probability }) => ({ id, status, prediction, probability })),
    );
    const matrix = await get<Matrix>(listUrl('prioritisation/matrix'), tokens.cl);
    expect(matrix.suspendedOn).toBeNull();
    expect(matrix.cells.filter((cell) => cell.risk === 'suspended').every((cell) => cell.count === 0)).toBe(
      true,
    );
    const fhir = (await fhirSearch(bandsBefore[0]!.nhsNumber!)).json<{ total: number }>();
    expect(fhir.total).toBe(1);
    const [entry] = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where trust_code = ${list.trustCode} and entity_type = 'model'
        order by id desc limit 1`,
    );
    expect(entry?.action).toBe("Lifted the suspension of the model's predictions for Knee replacement");
  });
});
