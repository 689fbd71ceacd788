import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@esr/contracts/prioritisation';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  monitoringMessages,
  type ModelPerformance,
  type ModelPerformanceGroups,
  type NationalPerformance,
} from '@esr/contracts/model-performance';
import type { TripodCard } from '@esr/contracts/models';
import {
  outcomeMessages,
  type OutcomesDecision,
  type OutcomesUploadStatus,
  type OutcomesValidationSummary,
  type PathwayOutcomes,
} from '@esr/contracts/outcomes';
import { textRuleMessages } from '@esr/contracts/text-rules';
import { queryRows } from '../../platform/db/client.js';
import { installDefaultModels } from '../models/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { multipartBody } from '../../test/multipart.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { insertPathways } from '../../test/factories/pathways.js';
import { insertEvaluations } from '../../test/factories/outcomes.js';
import { waitUntil } from '../../test/factories/waiting-list.js';

/**
 * Outcomes after surgery and model monitoring (decision 0045) on a real database: the outcomes file
 * (clean, dirty, hostile, corrected by a later file), the prediction each outcome is judged against,
 * a clinician's outcome, the figures and groups with their filters and suppression, the national
 * view, and who may do what.
 */

let t: TestApp;
const today = todayInLondon();
const daysAgo = (days: number) => addDays(today, -days);
/** A 10-digit NHS number with a valid modulus 11 check digit from a 9-digit stem, or null when the stem has none. */
function withCheckDigit(stem: number): string | null {
  const digits = String(stem).padStart(9, '0');
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : `${digits}${check}`;
}
const nhsNumber = (stem: number) => withCheckDigit(stem) ?? withCheckDigit(stem + 500_000)!;
/** `count` distinct valid NHS numbers from `stem` on. */
function nhsNumbers(stem: number, count: number): string[] {
  const numbers: string[] = [];
  for (let next = stem; numbers.length < count; next += 1) {
    const number = withCheckDigit(next);
    if (number) numbers.push(number);
  }
  return numbers;
}
/** UK day-first spelling of a day, as trust extracts write it. */
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface Trust {
  code: string;
  cu: string;
  cl: string;
  ta: string;
  tca: string;
  cso: string;
}

async function freshTrust(): Promise<Trust> {
  const trust = await createTrust(t.app.db);
  await installDefaultModels(t.app.db, [trust.trustCode]);
  const token = async (role: 'cu' | 'cl' | 'ta' | 'tca' | 'cso') =>
    t.tokenFor((await createUser(t.app.db, { trustCode: trust.trustCode, roles: [role] })).id);
  return {
    code: trust.trustCode,
    cu: await token('cu'),
    cl: await token('cl'),
    ta: await token('ta'),
    tca: await token('tca'),
    cso: await token('cso'),
  };
}

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json<T>() };
}
const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
  const response = await call<T>(method, url, token, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

const outcomesUrl = (trust: Trust, procedure = 'knee') =>
  `/api/trusts/${trust.code}/waiting-list/procedures/${procedure}/outcomes`;
const pathwayUrl = (trust: Trust, id: string) => `/api/trusts/${trust.code}/procedures/knee/patients/${id}`;
const performanceUrl = (trust: Trust, query = '') =>
  `/api/trusts/${trust.code}/procedures/knee/model-performance${query}`;

function uploadOutcomes(trust: Trust, name: string, bytes: Buffer | string, token = trust.cu) {
  const body = multipartBody([{ field: 'outcomesFile', fileName: name, bytes: Buffer.from(bytes) }]);
  return t.app.inject({
    method: 'POST',
    url: `${outcomesUrl(trust)}/upload/`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function uploaded(trust: Trust, name: string, bytes: Buffer | string) {
  const response = await uploadOutcomes(trust, name, bytes);
  expect(response.statusCode, response.body).toBe(202);
  const { batchId } = response.json<{ batchId: string }>();
  const status = await waitUntil(
    () =>
      ok<OutcomesUploadStatus>('GET', `${outcomesUrl(trust)}/upload-status/?batchId=${batchId}`, trust.cu),
    (value) => value.batchStatus !== 'VALIDATING',
  );
  const summary = await ok<OutcomesValidationSummary>(
    'GET',
    `${outcomesUrl(trust)}/validation-summary/?batchId=${batchId}`,
    trust.cu,
  );
  return { batchId, status, summary };
}

const confirm = (trust: Trust, batchId: string) =>
  call<OutcomesDecision>('POST', `${outcomesUrl(trust)}/confirm_import/`, trust.cu, { batchId });

/** A cp1252 theatre extract with a banner, as a PAS report writes it. */
const theatreExtract = (rows: string[]) =>
  Buffer.from(
    [
      'Royal Anytown NHS Trust – Theatre outcomes extract',
      `Run date ${ukDate(today)}`,
      'NHS No,Hospital No,Operation Date,Complication (90 days),Complication Type,Readmitted 30 Days,LOS (days),Died 90 Days',
      ...rows,
    ].join('\r\n') + '\r\n',
    'latin1',
  );

let trust: Trust;
let other: Trust;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  trust = await freshTrust();
  other = await freshTrust();
  superAdmin = await t.tokenFor((await createUser(t.app.db, { trustCode: trust.code, roles: ['sa'] })).id);
});
afterAll(async () => t?.close());

describe('the outcomes file', () => {
  it('records each matched row against the latest prediction made before the day of operation, and archives the pathway as operated', async () => {
    const [ann, bob, cat] = [nhsNumber(999000101), nhsNumber(999000102), nhsNumber(999000103)];
    const [annId, bobId, catId] = await insertPathways(t.app.db, trust.code, 'knee', [
      { nhsNumber: ann, clockStart: daysAgo(400), scored: { prediction: 'High', probability: 0.31 } },
      { nhsNumber: bob, clockStart: daysAgo(400), scored: { prediction: 'Low', probability: 0.04 } },
      { nhsNumber: cat, clockStart: daysAgo(400), isActive: false },
    ]);
    // Operated 120 days ago: the 90 days of follow-up are complete, so the outcomes count (decision 0059).
    const operated = daysAgo(120);
    await insertEvaluations(t.app.db, annId!, [
      { probability: 0.2, prediction: 'Moderate', createdAt: `${daysAgo(180)}T10:00:00Z` },
      { probability: 0.31, prediction: 'High', createdAt: `${daysAgo(121)}T10:00:00Z` },
      // On the day of operation: it may already know how the operation went, so it is not judged.
      { probability: 0.45, prediction: 'High', createdAt: `${operated}T07:30:00Z` },
      // After the operation: never the one judged.
      { probability: 0.5, prediction: 'High', createdAt: `${daysAgo(10)}T10:00:00Z` },
    ]);
    await insertEvaluations(t.app.db, catId!, [
      { probability: 0.08, prediction: 'Low', createdAt: `${daysAgo(150)}T10:00:00Z` },
    ]);
    const { batchId, status, summary } = await uploaded(
      trust,
      'theatre outcomes.csv',
      theatreExtract([
        `${ann},RAN1,${ukDate(operated)},Y,Deep infection,Y,6,N`,
        `${bob},RAN2,${ukDate(operated)},No,,,2,`,
        `${cat},RAN3,${ukDate(daysAgo(110))},N,,N,1.5,N`,
        `${nhsNumber(999000199)},RAN9,${ukDate(operated)},N,,,,`,
      ]),
    );
    expect(status.status).toBe('VALIDATED');
    expect(status.totals).toMatchObject({ rows: 4, invalid: 0 });
    expect(summary.matched).toBe(3);
    expect(summary.unmatched).toBe(1);
    expect(summary.outcomes_result.warning_groups.map((group) => group.message)).toContain(
      '1 row matches no pathway of this procedure and will be skipped',
    );
    expect(summary.changes).toEqual({ recorded: 3, corrected: 0, unchanged: 0, operated: 2 });

    const decision = await confirm(trust, batchId);
    expect(decision.status).toBe(200);
    expect(decision.body).toMatchObject({ batchStatus: 'IMPORTED', changes: { recorded: 3, operated: 2 } });
    // Idempotent.
    expect((await confirm(trust, batchId)).body.batchStatus).toBe('IMPORTED');

    const annOutcome = await ok<PathwayOutcomes>('GET', `${pathwayUrl(trust, annId!)}/outcome`, trust.cl);
    expect(annOutcome.current).toMatchObject({
      dateOfOperation: operated,
      complication90Days: true,
      complicationType: 'Deep infection',
      readmission30Days: true,
      lengthOfStayDays: 6,
      death90Days: false,
      source: 'file',
      fileName: 'theatre outcomes.csv',
    });
    expect(annOutcome.judgedPrediction).toMatchObject({ probability: 0.31, prediction: 'high' });
    // Bob's pathway has no evaluation before the operation: kept, not judged.
    const bobOutcome = await ok<PathwayOutcomes>('GET', `${pathwayUrl(trust, bobId!)}/outcome`, trust.cu);
    expect(bobOutcome.current?.complication90Days).toBe(false);
    expect(bobOutcome.judgedPrediction).toBeNull();

    const [annPathway] = await queryRows<{
      is_active: boolean;
      date_of_operation: string;
      date_removed: unknown;
    }>(
      t.app.db,
      sql`select is_active, date_of_operation::text as date_of_operation, date_removed from pathways where id = ${annId!}`,
    );
    expect(annPathway).toMatchObject({ is_active: false, date_of_operation: operated });
    expect(annPathway?.date_removed).not.toBeNull();

    const figures = await ok<ModelPerformance>('GET', performanceUrl(trust), trust.tca);
    expect(figures).toMatchObject({ n: 2, events: 1, excluded: 1 });
    expect(figures.expected).toBeCloseTo(0.31 + 0.08, 12);
  });

  it('refuses rows with a date before the referral, in the future, a complication that is not yes or no, or a negative stay, and cannot be confirmed', async () => {
    const own = await freshTrust();
    const nhs = nhsNumber(999000201);
    await insertPathways(t.app.db, own.code, 'knee', [
      { nhsNumber: nhs, clockStart: daysAgo(100), scored: { prediction: 'Low', probability: 0.05 } },
    ]);
    const { batchId, status, summary } = await uploaded(
      own,
      'outcomes.csv',
      [
        'NHS Number,Date of Operation,Complication',
        `${nhs},${ukDate(daysAgo(200))},N`,
        `${nhs},${ukDate(addDays(today, 3))},N`,
        `${nhs},${ukDate(daysAgo(5))},maybe`,
        `${nhs},31/02/2026,N`,
      ].join('\n'),
    );
    expect(status.status).toBe('VALIDATED_WITH_ERRORS');
    expect(summary.outcomes_result.totals.invalid).toBe(4);
    const messages = summary.outcomes_result.invalid_rows.flatMap((row) => [
      ...Object.values(row.field_specific_errors).flat(),
      ...row.non_field_specific_errors,
    ]);
    expect(messages).toContain('The date of operation must be on or after the referral date');
    expect(messages.join(' ')).toMatch(/future/i);
    expect(summary.changes).toBeNull();
    expect((await confirm(own, batchId)).status).toBe(422);
  });

  it('fails a file without the complication column, with the missing column named', async () => {
    const own = await freshTrust();
    const { status, summary } = await uploaded(
      own,
      'outcomes.csv',
      `NHS Number,Date of Operation\n${nhsNumber(999000301)},01/10/2026\n`,
    );
    expect(status.status).toBe('FAILED');
    expect(summary.outcomes_result.diff_headers.missing.length).toBeGreaterThan(0);
  });

  it('keeps every outcome of a pathway; a later file wins, the same file again changes nothing', async () => {
    const own = await freshTrust();
    const nhs = nhsNumber(999000401);
    const [id] = await insertPathways(t.app.db, own.code, 'knee', [
      { nhsNumber: nhs, clockStart: daysAgo(300), scored: { prediction: 'Low', probability: 0.05 } },
    ]);
    const file = (complication: string) =>
      `NHS Number,Date of Operation,Complication\n${nhs},${ukDate(daysAgo(40))},${complication}\n`;
    const first = await uploaded(own, 'week 1.csv', file('N'));
    expect((await confirm(own, first.batchId)).status).toBe(200);
    const again = await uploaded(own, 'week 1 again.csv', file('N'));
    expect(again.summary.changes).toEqual({ recorded: 0, corrected: 0, unchanged: 1, operated: 0 });
    await confirm(own, again.batchId);
    const later = await uploaded(own, 'week 2.csv', file('Yes'));
    expect(later.summary.changes).toMatchObject({ corrected: 1 });
    await confirm(own, later.batchId);
    const outcomes = await ok<PathwayOutcomes>('GET', `${pathwayUrl(own, id!)}/outcome`, own.cu);
    expect(outcomes.current?.complication90Days).toBe(true);
    expect(outcomes.history.map((outcome) => outcome.fileName)).toEqual(['week 2.csv', 'week 1.csv']);
  });

  it('is for clerical users of the trust only; another trust’s upload is not found', async () => {
    expect((await uploadOutcomes(trust, 'o.csv', 'NHS Number\n', trust.cl)).statusCode).toBe(403);
    const response = await uploadOutcomes(trust, 'outcomes.pdf', '%PDF-1.4');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.outcomesFile).toBeDefined();
    const { batchId } = (await uploaded(trust, 'o.csv', 'NHS Number,Date of Operation,Complication\n'))
      .status;
    const foreign = await call('GET', `${outcomesUrl(other)}/upload-status/?batchId=${batchId}`, other.cu);
    expect(foreign.status).toBe(404);
    const cancelled = await call<OutcomesDecision>('POST', `${outcomesUrl(trust)}/cancel_import/`, trust.cu, {
      batchId,
    });
    expect(cancelled.body.batchStatus).toBe('CANCELLED');
  });
});

describe('a clinician’s outcome', () => {
  it('records and corrects one pathway’s outcome, in the change log; refuses a future date, one before the referral, and hostile text', async () => {
    const own = await freshTrust();
    const [id] = await insertPathways(t.app.db, own.code, 'knee', [
      {
        nhsNumber: nhsNumber(999000501),
        clockStart: daysAgo(200),
        scored: { prediction: 'Low', probability: 0.05 },
      },
    ]);
    const url = `${pathwayUrl(own, id!)}/outcome`;
    const future = await call<{ errors: Record<string, string[]> }>('POST', url, own.cl, {
      dateOfOperation: addDays(today, 1),
      complication90Days: 'no',
    });
    expect(future.status).toBe(422);
    expect(future.body.errors.dateOfOperation).toEqual([
      'The date of operation must be today or in the past',
    ]);
    expect(
      (await call('POST', url, own.cl, { dateOfOperation: daysAgo(300), complication90Days: 'no' })).status,
    ).toBe(422);
    expect(
      (
        await call('POST', url, own.cl, {
          dateOfOperation: daysAgo(3),
          complication90Days: 'no',
          complicationType: 'a\u0000b',
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', url, own.cl, { dateOfOperation: daysAgo(3), complication90Days: 'maybe' })).status,
    ).toBe(400);
    // A length of stay written any way but plain decimal: Number() would have kept "0x10" as 16 days.
    for (const lengthOfStayDays of ['0x10', '1e1', '+2', 'Infinity', '1_000']) {
      const refused = await call<{ errors: Record<string, string[]> }>('POST', url, own.cl, {
        dateOfOperation: daysAgo(3),
        complication90Days: 'no',
        lengthOfStayDays,
      });
      expect(refused.status, lengthOfStayDays).toBe(400);
      expect(refused.body.errors.lengthOfStayDays).toEqual([outcomeMessages.lengthOfStayNumber]);
    }
    // A date of operation before 1900, and one PostgreSQL cannot hold at all: 400, never 500.
    for (const dateOfOperation of ['1899-12-31', '0000-01-01']) {
      const refused = await call<{ errors: Record<string, string[]> }>('POST', url, own.cl, {
        dateOfOperation,
        complication90Days: 'no',
      });
      expect(refused.status, dateOfOperation).toBe(400);
      expect(refused.body.errors.dateOfOperation).toEqual([textRuleMessages.dateTooEarly]);
    }
    // A complication type on one line; the escape character is refused before the schema reads it.
    for (const [complicationType, message] of [
      ['Deep wound\ninfection', textRuleMessages.lineBreak],
      ['Deep wound \u001b[0minfection', textRuleMessages.control('U+001B')],
    ] as const) {
      const refused = await call<{ errors: Record<string, string[]> }>('POST', url, own.cl, {
        dateOfOperation: daysAgo(3),
        complication90Days: 'yes',
        complicationType,
      });
      expect(refused.status, complicationType).toBe(400);
      expect(refused.body.errors.complicationType).toEqual([message]);
    }
    expect(
      (await call('POST', url, own.cu, { dateOfOperation: daysAgo(3), complication90Days: 'no' })).status,
    ).toBe(403);

    const recorded = await ok<PathwayOutcomes>('POST', url, own.cl, {
      dateOfOperation: daysAgo(3),
      complication90Days: 'no',
      lengthOfStayDays: '2',
    });
    expect(recorded.current).toMatchObject({
      source: 'clinician',
      complication90Days: false,
      lengthOfStayDays: 2,
    });
    const corrected = await ok<PathwayOutcomes>('POST', url, own.cl, {
      dateOfOperation: daysAgo(3),
      complication90Days: 'yes',
      complicationType: 'Pulmonary embolism',
    });
    expect(corrected.history).toHaveLength(2);
    const log = await queryRows<{ action: string; changes: unknown }>(
      t.app.db,
      sql`select action, changes from change_log where trust_code = ${own.code} and entity_id = ${id!} order by id`,
    );
    expect(log.map((entry) => entry.action)).toEqual([
      expect.stringMatching(/^Recorded the outcome after surgery/),
      expect.stringMatching(/^Corrected the outcome after surgery/),
    ]);
    expect(JSON.stringify(log[1]?.changes)).toContain('Complication within 90 days');
    const access = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from patient_access_log where trust_code = ${own.code} and action = 'outcome-change'`,
    );
    expect(Number(access[0]?.n)).toBe(2);
    // Another trust's clinician does not learn the pathway exists.
    expect(
      (await call('GET', `/api/trusts/${other.code}/procedures/knee/patients/${id!}/outcome`, other.cl))
        .status,
    ).toBe(404);
  });
});

describe('model performance', () => {
  let own: Trust;
  beforeAll(async () => {
    own = await freshTrust();
    // 60 operated pathways: women at 10%, men at 30% predicted; a few each of three age bands.
    const numbers = nhsNumbers(999100000, 64);
    const values = Array.from({ length: 64 }, (_, index) => ({
      nhsNumber: numbers[index]!,
      clockStart: daysAgo(500),
      scored: { prediction: 'Low' as const, probability: 0.1 },
      sex: (index % 2 === 0 ? 'F' : 'M') as 'F' | 'M',
    }));
    const ids = await insertPathways(t.app.db, own.code, 'knee', values);
    const lines = ['NHS Number,Date of Operation,Complication'];
    for (const [index, id] of ids.entries()) {
      const female = index % 2 === 0;
      if (index < 60)
        await insertEvaluations(t.app.db, id, [
          {
            probability: female ? 0.1 : 0.3,
            prediction: female ? 'Low' : 'High',
            createdAt: `${daysAgo(200 - index)}T09:00:00Z`,
            modelVersion: index < 30 ? 1 : 2,
            inputs: {
              sex: female ? 'F' : 'M',
              ethnicGroup: index < 8 ? 'M' : 'A',
              dateOfBirth: '1950-06-01',
            },
          },
        ]);
      lines.push(
        `${values[index]!.nhsNumber},${ukDate(daysAgo(150 - index))},${index % 5 === 0 ? 'Y' : 'N'}`,
      );
    }
    const { batchId } = await uploaded(own, 'outcomes.csv', lines.join('\n'));
    expect((await confirm(own, batchId)).status).toBe(200);
  });

  it('gives the figures of the judged outcomes, with the excluded counted, and filters by period and model version', async () => {
    const all = await ok<ModelPerformance>('GET', performanceUrl(own), own.cl);
    expect(all).toMatchObject({ n: 60, events: 12, excluded: 4, enoughEvents: false });
    expect(all.expected).toBeCloseTo(30 * 0.1 + 30 * 0.3, 9);
    expect(all.oe?.ratio).toBeCloseTo(12 / 12, 9);
    expect(all.auroc).not.toBeNull();
    expect(all.bands.map((band) => band.n)).toEqual([30, 0, 30]);
    expect(all.modelVersions.map((version) => version.n).sort()).toEqual([30, 30]);
    expect(all.vlad.at(-1)?.value).toBeCloseTo(12 - 12, 9);
    const second = await ok<ModelPerformance>('GET', performanceUrl(own, '?modelVersion=2'), own.ta);
    expect(second.n).toBe(30);
    const period = await ok<ModelPerformance>(
      'GET',
      performanceUrl(own, `?from=${daysAgo(150)}&to=${daysAgo(141)}`),
      own.tca,
    );
    expect(period.n).toBe(10);
    // The same answer again, from memory.
    expect(await ok<ModelPerformance>('GET', performanceUrl(own), own.cl)).toEqual(all);
  });

  it('gives the figures by group, a group under 10 as "hidden" alone, with the next smallest hidden too', async () => {
    const bySex = await ok<ModelPerformanceGroups>('GET', performanceUrl(own, '/groups?by=sex'), own.cl);
    // Nobody's sex is not stated: a group of nobody identifies no one, and is shown as 0.
    expect(bySex.groups.map((group) => [group.group, group.n])).toEqual([
      ['Female', 30],
      ['Male', 30],
      ['Not stated', 0],
    ]);
    const female = bySex.groups[0]!;
    expect(female.suppressed ? null : female.expected).toBeCloseTo(3, 9);
    // Each group shown against the rest of the list (decision 0062): women (6 of 30 at 10%
    // predicted) against men (6 of 30 at 30%), an O/E twice the men's.
    if (female.suppressed) throw new Error('Women are 30: shown');
    const ratio = female.againstRest.oeRatio!;
    expect(ratio.value).toBeCloseTo(6 / 3 / (6 / 9), 9);
    expect(ratio.lower).toBeLessThan(ratio.value);
    expect(ratio.upper).toBeGreaterThan(ratio.value);
    expect(ratio.adjustedP).toBeGreaterThan(0);
    expect(ratio.adjustedP).toBeLessThanOrEqual(1);
    const byEthnicity = await ok<ModelPerformanceGroups>(
      'GET',
      performanceUrl(own, '/groups?by=ethnicGroup'),
      own.cl,
    );
    // Eight Black patients; White, the only other group with anyone in it, is hidden so that the
    // whole list less the shown groups does not give them.
    expect(byEthnicity.groups.map((group) => [group.group, group.n])).toEqual([
      ['White', 'hidden'],
      ['Mixed', 0],
      ['Asian', 0],
      ['Black', 'hidden'],
      ['Other', 0],
      ['Not stated', 0],
    ]);
    const black = byEthnicity.groups.find((group) => group.group === 'Black');
    expect(black).toEqual({ group: 'Black', n: 'hidden', suppressed: true });
    expect((await call('GET', performanceUrl(own, '/groups?by=postcode'), own.cl)).status).toBe(400);
  });

  it('is for technical admins, clinicians and trust admins of the trust; super admins see every trust against the funnel', async () => {
    expect((await call('GET', performanceUrl(own), own.cu)).status).toBe(403);
    expect(
      (await call('GET', `/api/trusts/${own.code}/procedures/knee/model-performance`, other.tca)).status,
    ).toBe(403);
    const national = await ok<NationalPerformance>(
      'GET',
      '/api/model-performance?procedure=knee',
      superAdmin,
    );
    const mine = national.trusts.find((entry) => entry.trustCode === own.code);
    expect(mine).toMatchObject({ n: 60, events: 12 });
    expect(mine?.limits?.upper998).toBeGreaterThan(mine?.limits?.upper95 ?? Infinity);
    expect(national.funnel.length).toBeGreaterThan(10);
    expect((await call('GET', '/api/model-performance?procedure=knee', own.tca)).status).toBe(403);
  });

  it('lets the clinical safety officer alone set the CUSUMs’ run length, in the change log, and the thresholds follow it', async () => {
    const settings = `/api/trusts/${own.code}/model-performance/settings`;
    for (const token of [own.cl, own.ta, own.tca])
      expect((await call('PUT', settings, token, { cusumTargetRunLength: 2000 })).status).toBe(403);
    for (const value of [50, 200_000, 'lots', '1e4', 5000.5])
      expect((await call('PUT', settings, own.cso, { cusumTargetRunLength: value })).status).toBe(400);
    const before = await ok<ModelPerformance>('GET', performanceUrl(own), own.cl);
    expect(before.cusum).toMatchObject({ targetRunLength: 5000, caseMix: 60 });
    await ok('PUT', settings, own.cso, { cusumTargetRunLength: '1,000' });
    expect(await ok('GET', settings, own.ta)).toEqual({ cusumTargetRunLength: 1000 });
    const figures = await ok<ModelPerformance>('GET', performanceUrl(own), own.cl);
    expect(figures.cusum.targetRunLength).toBe(1000);
    // A shorter run between false alarms is a lower threshold, on both charts.
    expect(figures.cusum.worse.threshold!).toBeLessThan(before.cusum.worse.threshold!);
    expect(figures.cusum.better.threshold!).toBeLessThan(before.cusum.better.threshold!);
    const [entry] = await queryRows<{ action: string; after: number }>(
      t.app.db,
      sql`select action, (changes->'Operations between false alarms'->>'after')::int as after from change_log
        where trust_code = ${own.code} order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'Changed the operations between false alarms of the CUSUMs of model monitoring',
      after: 1000,
    });
    await ok('PUT', settings, own.cso, { cusumTargetRunLength: 5000 });
  });
});

describe('model performance by group: a small group cannot be worked out (decision 0052)', () => {
  let own: Trust;
  // Ages at operation by band, with complications: the under-50s are six, none with a complication.
  const bands = [
    { band: 'Under 50', age: 44, n: 6, events: 0 },
    { band: '50 to 59', age: 54, n: 14, events: 2 },
    { band: '60 to 69', age: 64, n: 25, events: 3 },
    { band: '70 to 79', age: 74, n: 23, events: 4 },
    { band: '80 and over', age: 84, n: 12, events: 1 },
  ];
  const people = bands.flatMap((band) =>
    Array.from({ length: band.n }, (_, index) => ({
      band: band.band,
      age: band.age,
      event: index < band.events,
      probability: 0.04 + 0.01 * (index % 7),
    })),
  );
  const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

  beforeAll(async () => {
    own = await freshTrust();
    const numbers = nhsNumbers(999300000, people.length);
    const ids = await insertPathways(
      t.app.db,
      own.code,
      'knee',
      people.map((_, index) => ({
        nhsNumber: numbers[index]!,
        clockStart: daysAgo(500),
        scored: { prediction: 'Low' as const, probability: 0.1 },
        sex: (index % 2 === 0 ? 'F' : 'M') as 'F' | 'M',
      })),
    );
    const lines = ['NHS Number,Date of Operation,Complication'];
    for (const [index, id] of ids.entries()) {
      const person = people[index]!;
      const operated = daysAgo(180 - (index % 60));
      await insertEvaluations(t.app.db, id, [
        {
          probability: person.probability,
          prediction: 'Low',
          createdAt: `${daysAgo(200)}T09:00:00Z`,
          inputs: {
            sex: index % 2 === 0 ? 'F' : 'M',
            ethnicGroup: 'A',
            // Born on 1 January: a year older at operation than `age`, well inside the band.
            dateOfBirth: `${Number(operated.slice(0, 4)) - person.age - 1}-01-01`,
          },
        },
      ]);
      lines.push(`${numbers[index]!},${ukDate(operated)},${person.event ? 'Y' : 'N'}`);
    }
    const { batchId } = await uploaded(own, 'outcomes.csv', lines.join('\n'));
    expect((await confirm(own, batchId)).status).toBe(200);
  });

  it('hides the under-50s and the next smallest band, so the whole list less the shown bands gives neither', async () => {
    const byAge = await ok<ModelPerformanceGroups>('GET', performanceUrl(own, '/groups?by=ageBand'), own.tca);
    expect(byAge.overall.n).toBe(people.length);
    expect(byAge.groups.find((group) => group.group === 'Under 50')).toEqual({
      group: 'Under 50',
      n: 'hidden',
      suppressed: true,
    });
    const shown = byAge.groups.flatMap((group) => (group.suppressed ? [] : [group]));
    const hidden = byAge.groups.filter((group) => group.suppressed).map((group) => group.group);
    // What subtraction gives: the hidden bands together, never the under-50s alone.
    const left = {
      n: byAge.overall.n - sumOf(shown.map((group) => group.n)),
      events: byAge.overall.events - sumOf(shown.map((group) => group.events)),
      expected: byAge.overall.expected - sumOf(shown.map((group) => group.expected)),
    };
    const under50 = people.filter((person) => person.band === 'Under 50');
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    expect(left.n).toBeGreaterThanOrEqual(10);
    expect(left.n).not.toBe(under50.length);
    // Some complications among the hidden bands, so the under-50s' none cannot be read off either.
    expect(left.events).toBeGreaterThan(0);
    expect(left.events).toBeLessThan(left.n);
    expect(Math.abs(left.expected - sumOf(under50.map((person) => person.probability)))).toBeGreaterThan(
      0.01,
    );
    // And exactly the hidden bands' figures, as the data were built.
    const inHidden = people.filter((person) => hidden.includes(person.band));
    expect(left.n).toBe(inHidden.length);
    expect(left.events).toBe(inHidden.filter((person) => person.event).length);
  });

  it('hides the same bands on the version’s model card and its PDF', async () => {
    const [model] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from ml_models where trust_code = ${own.code} and procedure_code = 'knee' and is_active`,
    );
    const cardUrl = `/api/trusts/${own.code}/machine-learning/procedures/knee/models/${model!.id}/card`;
    const card = await ok<TripodCard>('GET', cardUrl, own.tca);
    const byAge = await ok<ModelPerformanceGroups>('GET', performanceUrl(own, '/groups?by=ageBand'), own.tca);
    expect(
      card.localPerformance?.groups
        .filter((group) => group.by === 'ageBand')
        .map((group) => [group.group, group.n]),
    ).toEqual(byAge.groups.map((group) => [group.group, group.n]));
    const pdf = await t.app.inject({ method: 'GET', url: `${cardUrl}/export`, headers: bearer(own.tca) });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'card-')), 'card.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    // pdftotext (Debian poppler-utils) must be installed: without it this test fails, never skips.
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Age at operation: Under 50 Hidden');
    expect(text).toContain('‘Hidden’ means the group has fewer than 10 patients');
    expect(text).not.toContain('Under 50 6');
  });
});

describe('outcomes judged once their follow-up is complete (decision 0059)', () => {
  it('keeps an outcome 10 days after its operation pending: it counts in nothing, nationally neither, and says when it will', async () => {
    const own = await freshTrust();
    const numbers = nhsNumbers(999300000, 3);
    const ids = await insertPathways(
      t.app.db,
      own.code,
      'knee',
      numbers.map((number) => ({
        nhsNumber: number,
        clockStart: daysAgo(300),
        scored: { prediction: 'Low' as const, probability: 0.1 },
      })),
    );
    for (const id of ids)
      await insertEvaluations(t.app.db, id, [
        { probability: 0.1, prediction: 'Low', createdAt: `${daysAgo(120)}T09:00:00Z`, modelVersion: 1 },
      ]);
    // One operated 100 days ago (complete), one 10 days ago with a complication, one 10 days ago not known yet.
    const record = (id: string, dateOfOperation: string, complication90Days: string) =>
      ok<PathwayOutcomes>('POST', `${pathwayUrl(own, id)}/outcome`, own.cl, {
        dateOfOperation,
        complication90Days,
      });
    const complete = await record(ids[0]!, daysAgo(100), 'no');
    expect(complete.countsFrom).toBe(addDays(daysAgo(100), 90));
    const early = await record(ids[1]!, daysAgo(10), 'yes');
    expect(early.countsFrom).toBe(addDays(daysAgo(10), 90));
    const unknown = await record(ids[2]!, daysAgo(10), 'not-known');
    expect(unknown.current?.complication90Days).toBeNull();
    expect(unknown.countsFrom).toBeNull();

    const figures = await ok<ModelPerformance>('GET', performanceUrl(own), own.cl);
    // Only the complete outcome counts: the early complication is no event yet, in any figure.
    expect(figures).toMatchObject({ n: 1, events: 0 });
    expect(figures.pending).toEqual({
      count: 2,
      notKnownYet: 1,
      nextCountOn: addDays(daysAgo(10), 90),
      nextCount: 1,
    });
    expect(figures.bands.reduce((sum, band) => sum + band.n, 0)).toBe(1);
    expect(figures.vlad.map((point) => point.n)).toEqual([1]);
    const national = await ok<NationalPerformance>(
      'GET',
      '/api/model-performance?procedure=knee',
      superAdmin,
    );
    expect(national.trusts.find((entry) => entry.trustCode === own.code)).toMatchObject({ n: 1, events: 0 });

    // The clinician's answers are in the change log in the form's words.
    const [entry] = await queryRows<{ answer: string }>(
      t.app.db,
      sql`select changes->'Complication within 90 days'->>'after' as answer from change_log
        where trust_code = ${own.code} and entity_id = ${ids[2]!} order by id desc limit 1`,
    );
    expect(entry?.answer).toBe('Not known yet');

    // Once the window has closed (the operation moved back 91 days), the complication counts.
    await t.app.db.execute(sql`update pathway_outcomes set date_of_operation = date_of_operation - 81
      where pathway_id = ${ids[1]!} and is_current`);
    await t.app.db.execute(sql`update outcome_versions set version = version + 1
      where trust_code = ${own.code} and procedure_code = 'knee'`);
    const later = await ok<ModelPerformance>('GET', performanceUrl(own), own.cl);
    expect(later).toMatchObject({ n: 2, events: 1 });
    expect(later.pending).toEqual({ count: 1, notKnownYet: 1, nextCountOn: null, nextCount: 0 });
  });
});

describe('CUSUM signals acknowledged by the clinical safety officer (decision 0061)', () => {
  it('keeps a signal open until a clinical safety officer acknowledges it with a note, once', async () => {
    const own = await freshTrust();
    // 40 patients predicted at 5%, 15 with a complication: far more than the model expects.
    const numbers = nhsNumbers(999400000, 40);
    const ids = await insertPathways(
      t.app.db,
      own.code,
      'knee',
      numbers.map((number) => ({
        nhsNumber: number,
        clockStart: daysAgo(400),
        scored: { prediction: 'Low' as const, probability: 0.05 },
      })),
    );
    const lines = ['NHS Number,Date of Operation,Complication'];
    for (const [index, id] of ids.entries()) {
      await insertEvaluations(t.app.db, id, [
        { probability: 0.05, prediction: 'Low', createdAt: `${daysAgo(300)}T09:00:00Z`, modelVersion: 1 },
      ]);
      lines.push(`${numbers[index]},${ukDate(daysAgo(200 - index))},${index % 8 < 3 ? 'Y' : 'N'}`);
    }
    const { batchId } = await uploaded(own, 'outcomes.csv', lines.join('\n'));
    expect((await confirm(own, batchId)).status).toBe(200);

    const figures = await ok<ModelPerformance>('GET', performanceUrl(own), own.cso);
    expect(figures.cusum.worse.signals.length).toBeGreaterThan(0);
    expect(figures.cusum.better.signals).toEqual([]);
    const [first] = figures.cusum.worse.signals;
    expect(first!.acknowledgement).toBeNull();
    expect(figures.openSignals[0]).toEqual({ direction: 'worse', date: first!.date });

    const url = `${performanceUrl(own)}/signals`;
    const request = { direction: 'worse', date: first!.date, note: 'Reviewed with the surgical leads.' };
    for (const token of [own.cl, own.tca, own.ta])
      expect((await call('POST', url, token, request)).status).toBe(403);
    expect((await call('POST', url, own.cso, { ...request, note: '  ' })).status).toBe(400);
    expect((await call('POST', url, own.cso, { ...request, note: 'a\u0000b' })).status).toBe(400);
    expect((await call('POST', url, own.cso, { ...request, direction: 'better' })).status).toBe(404);
    expect((await call('POST', url, own.cso, { ...request, date: daysAgo(365) })).status).toBe(404);
    const answered = await ok<ModelPerformance>('POST', url, own.cso, request);
    expect(answered.cusum.worse.signals[0]!.acknowledgement).toMatchObject({
      note: 'Reviewed with the surgical leads.',
    });
    expect(answered.openSignals.some((signal) => signal.date === first!.date)).toBe(false);
    const again = await call<{ detail: string }>('POST', url, own.cso, request);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(monitoringMessages.alreadyAcknowledged);
    const [entry] = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where trust_code = ${own.code} order by id desc limit 1`,
    );
    expect(entry?.action).toBe(
      `Acknowledged the CUSUM signal of ${first!.date} (more complications than predicted) for Knee replacement`,
    );
  });
});
