import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  addDays,
  prioritisationMessages,
  type Equity,
  type Matrix,
  type PathwayPrioritisation,
  type Worklist,
} from '@esr/contracts/prioritisation';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createTrust, createUser } from '../../test/factories/users.js';
import { insertPathways, type PathwayValues } from '../../test/factories/pathways.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import type { ChangeLogPage } from '@esr/contracts/change-log';

/**
 * The prioritisation worklist and a pathway's prioritisation (decision 0044) on a real database:
 * bands and flags at their boundaries, filters and sorts, the export, the equity tables, every
 * change with its permissions, 404 and 409, and what each writes to the change and access logs.
 */

let t: TestApp;
let trustCode: string;
let otherTrust: string;
const tokens: Record<'cu' | 'cl' | 'wa' | 'ta' | 'tca' | 'otherCl', string> = {} as never;
const today = todayInLondon();
const daysAgo = (days: number) => addDays(today, -days);
const base = () => `/api/trusts/${trustCode}/waiting-list/procedures/knee/prioritisation`;
const pathwayUrl = (id: string, trust = trustCode) => `/api/trusts/${trust}/procedures/knee/patients/${id}`;

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  const json = (response.headers['content-type'] ?? '').toString().includes('json');
  return { status: response.statusCode, body: (json ? response.json<T>() : undefined) as T, raw: response };
}

const get = async <T>(url: string, token = tokens.cu) => {
  const response = await call<T>('GET', url, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

/** Pathways on a trust of their own: each test that counts starts from an empty list. */
async function freshList(pathways: PathwayValues[]) {
  const trust = await createTrust(t.app.db);
  const users = {
    cu: await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'] }),
    cl: await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cl'] }),
  };
  const ids = await insertPathways(t.app.db, trust.trustCode, 'knee', pathways);
  return {
    trustCode: trust.trustCode,
    ids,
    cu: await t.tokenFor(users.cu.id),
    cl: await t.tokenFor(users.cl.id),
    url: (path: string) =>
      `/api/trusts/${trust.trustCode}/waiting-list/procedures/knee/prioritisation/${path}`,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  trustCode = (await createTrust(t.app.db)).trustCode;
  otherTrust = (await createTrust(t.app.db)).trustCode;
  for (const role of ['cu', 'cl', 'wa', 'ta', 'tca'] as const) {
    const user = await createUser(t.app.db, { trustCode, roles: [role] });
    tokens[role] = await t.tokenFor(user.id);
  }
  const other = await createUser(t.app.db, { trustCode: otherTrust, roles: ['cl'] });
  tokens.otherCl = await t.tokenFor(other.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('wait bands and the matrix', () => {
  it('bands days at the NHS England boundaries and counts every cell, zeros included', async () => {
    const days = [0, 126, 127, 364, 365, 455, 456, 546, 547, 728, 729, 1000];
    const list = await freshList([
      ...days.map((d, i) => ({
        clockStart: daysAgo(d),
        priority: 'P4',
        scored: { prediction: i % 2 ? ('High' as const) : ('Low' as const), probability: 0.2 },
      })),
      { clockStart: null, priority: 'P3' },
    ]);
    const matrix = await get<Matrix>(list.url('matrix'), list.cu);
    // Seven risk rows (three bands, incomplete, excluded, not processed, suspended) by six wait bands.
    expect(matrix.cells).toHaveLength(42);
    expect(matrix.suspendedOn).toBeNull();
    const count = (risk: string, wait: string) =>
      matrix.cells.find((cell) => cell.risk === risk && cell.wait === wait)!.count;
    // 0 (low) and 126 (high) within 18 weeks; 127 (low) and 364 (high) 18–52; and so on.
    expect([count('low', '0-18'), count('high', '0-18')]).toEqual([1, 1]);
    expect([count('low', '18-52'), count('high', '18-52')]).toEqual([1, 1]);
    expect([count('low', '52-65'), count('high', '52-65')]).toEqual([1, 1]);
    expect([count('low', '65-78'), count('high', '65-78')]).toEqual([1, 1]);
    expect([count('low', '78-104'), count('high', '78-104')]).toEqual([1, 1]);
    expect([count('low', '104+'), count('high', '104+')]).toEqual([1, 1]);
    expect(matrix.total).toBe(13);
    expect(matrix.withoutClockStart).toBe(1);
    expect(matrix.today).toBe(today);
    // Filters narrow the matrix as they narrow the worklist.
    const high = await get<Matrix>(list.url('matrix?risk=high'), list.cu);
    expect(high.total).toBe(6);
    expect(high.cells.filter((cell) => cell.risk !== 'high').every((cell) => cell.count === 0)).toBe(true);
    const longWait = await get<Matrix>(list.url('matrix?wait=52-65'), list.cu);
    expect(longWait.total).toBe(2);
  });

  it('counts pathways waiting to be scored as not processed', async () => {
    const list = await freshList([{ clockStart: daysAgo(10) }, { clockStart: daysAgo(200) }]);
    const matrix = await get<Matrix>(list.url('matrix?risk=not_processed'), list.cu);
    expect(matrix.total).toBe(2);
    expect(matrix.cells.find((c) => c.risk === 'not_processed' && c.wait === '18-52')!.count).toBe(1);
  });
});

describe('flags', () => {
  it('breaches a priority past its limit and never P4 to P6', async () => {
    const list = await freshList([
      { clockStart: daysAgo(40), priority: 'P2', priorityDate: daysAgo(28), lastName: 'OnTheDay' },
      { clockStart: daysAgo(40), priority: 'P2', priorityDate: daysAgo(29), lastName: 'Breached' },
      { clockStart: daysAgo(900), priority: 'P4', priorityDate: daysAgo(900), lastName: 'Routine' },
      { clockStart: daysAgo(10), priority: 'P1a', priorityDate: daysAgo(2), lastName: 'Urgent' },
      { clockStart: daysAgo(100), priority: 'P3', priorityDate: daysAgo(91), lastName: 'ThreeMonths' },
      { clockStart: daysAgo(900), priority: 'P6', priorityDate: daysAgo(900), lastName: 'Postponed' },
    ]);
    const breached = await get<Worklist>(list.url('worklist?flag=priority_breached'), list.cu);
    expect(breached.items.map((item) => item.lastName).sort()).toEqual(['Breached', 'ThreeMonths', 'Urgent']);
    const matrix = await get<Matrix>(list.url('matrix'), list.cu);
    expect(matrix.flags.priority_breached).toBe(3);
  });

  it('makes validation due from 84 days without a validation in the last 84 days', async () => {
    const list = await freshList([
      { clockStart: daysAgo(83), lastName: 'TooSoon' },
      { clockStart: daysAgo(84), lastName: 'DueNow' },
      { clockStart: daysAgo(300), lastValidatedOn: daysAgo(83), lastName: 'Validated' },
      { clockStart: daysAgo(300), lastValidatedOn: daysAgo(84), lastName: 'Revalidate' },
    ]);
    const due = await get<Worklist>(list.url('worklist?flag=validation_due'), list.cu);
    expect(due.items.map((item) => item.lastName).sort()).toEqual(['DueNow', 'Revalidate']);
    const validated = (await get<Worklist>(list.url('worklist?sort=longest_wait'), list.cu)).items.find(
      (item) => item.lastName === 'Validated',
    )!;
    expect(validated.nextValidationDue).toBe(addDays(today, 1));
  });

  it('makes a harm review due once a threshold is crossed, until one is recorded after it', async () => {
    const list = await freshList([
      { clockStart: daysAgo(364), lastName: 'FiftyTwoWeeks' },
      { clockStart: daysAgo(365), lastName: 'OverFiftyTwo' },
      {
        clockStart: daysAgo(400),
        lastHarmReviewOn: daysAgo(10),
        lastHarmReviewLevel: 'none',
        lastName: 'Reviewed',
      },
      // Reviewed at 60 weeks, but has since crossed 78 weeks.
      {
        clockStart: daysAgo(560),
        lastHarmReviewOn: daysAgo(140),
        lastHarmReviewLevel: 'mild',
        lastName: 'Crossed',
      },
    ]);
    const due = await get<Worklist>(list.url('worklist?flag=harm_review_due'), list.cu);
    expect(due.items.map((item) => item.lastName).sort()).toEqual(['Crossed', 'OverFiftyTwo']);
    expect(due.items.find((item) => item.lastName === 'Crossed')!.lastHarmReview).toEqual({
      level: 'mild',
      reviewedOn: daysAgo(140),
    });
  });
});

describe('the worklist', () => {
  it('sorts by the longest wait, the most urgent priority or the highest risk, 15 a page', async () => {
    const pathways: PathwayValues[] = Array.from({ length: 20 }, (_, i) => ({
      clockStart: daysAgo(100 + i),
      priority: (['P4', 'P3', 'P2', null] as const)[i % 4],
      lastName: `Patient${String(i).padStart(2, '0')}`,
      ...(i % 5 === 0 ? {} : { scored: { prediction: 'Moderate' as const, probability: i / 100 } }),
    }));
    const list = await freshList(pathways);
    const first = await get<Worklist>(list.url('worklist?sort=longest_wait'), list.cu);
    expect(first.pageSize).toBe(15);
    expect(first.totalCount).toBe(20);
    expect(first.items).toHaveLength(15);
    expect(first.items[0]!.lastName).toBe('Patient19');
    expect(first.items.map((item) => item.daysWaited)).toEqual(
      [...first.items.map((item) => item.daysWaited)].sort((a, b) => b! - a!),
    );
    const second = await get<Worklist>(list.url('worklist?sort=longest_wait&pageNumber=2'), list.cu);
    expect(second.items).toHaveLength(5);
    const byPriority = await get<Worklist>(list.url('worklist?sort=priority'), list.cu);
    expect(byPriority.items[0]!.priority).toBe('P2');
    expect(byPriority.items.at(-1)!.priority).not.toBe('P2');
    const noPriority = await get<Worklist>(list.url('worklist?sort=priority&pageNumber=2'), list.cu);
    expect(noPriority.items.every((item) => item.priority === null)).toBe(true);
    const byRisk = await get<Worklist>(list.url('worklist?sort=highest_risk'), list.cu);
    expect(byRisk.items[0]!.probability).toBe(0.19);
    expect(byRisk.items[0]!.prediction).toBe('medium');
  });

  it('filters by priority, no priority, surgeon and NHS number', async () => {
    const list = await freshList([
      { clockStart: daysAgo(50), priority: 'P3', surgeonName: 'Miss L Okonkwo', nhsNumber: '9990000026' },
      { clockStart: daysAgo(60), priority: null, surgeonName: 'Mr A Hamid', nhsNumber: '9990000034' },
    ]);
    expect((await get<Worklist>(list.url('worklist?priority=P3'), list.cu)).totalCount).toBe(1);
    expect((await get<Worklist>(list.url('worklist?priority=none'), list.cu)).items[0]!.nhsNumber).toBe(
      '9990000034',
    );
    expect((await get<Worklist>(list.url('worklist?surgeonName=okonk'), list.cu)).totalCount).toBe(1);
    expect((await get<Worklist>(list.url('worklist?nhsNumber=999%20000%2000'), list.cu)).totalCount).toBe(2);
    expect((await get<Worklist>(list.url('worklist?nhsNumber=9990000034'), list.cu)).totalCount).toBe(1);
    const refused = await call('GET', list.url('worklist?priority=P9'), list.cu);
    expect(refused.status).toBe(400);
  });

  it('records each page read in the access log, naming filters but never their values', async () => {
    const list = await freshList([{ clockStart: daysAgo(50), nhsNumber: '9990000026' }]);
    await get<Worklist>(list.url('worklist?nhsNumber=9990000026'), list.cu);
    const [entry] = await queryRows<{ action: string; detail: string; pathway_ids: string[] }>(
      t.app.db,
      sql`select action, detail, pathway_ids from patient_access_log where trust_code = ${list.trustCode}
        order by id desc limit 1`,
    );
    expect(entry!.action).toBe('worklist');
    expect(entry!.detail).toContain('filtered by NHS number');
    expect(entry!.detail).not.toContain('9990000026');
    expect(entry!.pathway_ids).toEqual([list.ids[0]]);
  });

  it('lets clerical users, clinicians and waiting list admins read it, and no one else', async () => {
    for (const token of [tokens.cu, tokens.cl, tokens.wa])
      expect((await call('GET', `${base()}/worklist`, token)).status).toBe(200);
    for (const token of [tokens.ta, tokens.tca])
      expect((await call('GET', `${base()}/worklist`, token)).status).toBe(403);
    expect(
      (
        await call(
          'GET',
          `/api/trusts/${otherTrust}/waiting-list/procedures/knee/prioritisation/matrix`,
          tokens.cu,
        )
      ).status,
    ).toBe(403);
  });
});

describe('the export', () => {
  it('writes the whole worklist as csv, formula-safe, in the worklist order, and audits it', async () => {
    const list = await freshList([
      { clockStart: daysAgo(30), lastName: '=HYPERLINK("http://x")', priority: 'P3' },
      { clockStart: daysAgo(400), lastName: 'Longest', priority: 'P4' },
    ]);
    const response = await call<unknown>(
      'GET',
      list.url('worklist/export?fileType=csv&sort=longest_wait'),
      list.cu,
    );
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toContain('text/csv');
    const lines = response.raw.body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    const dataLines = lines.filter((line) => line.includes('Longest') || line.includes('HYPERLINK'));
    expect(dataLines[0]).toContain('Longest');
    expect(dataLines[1]).toContain(`'=HYPERLINK`);
    const [change] = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where trust_code = ${list.trustCode} order by id desc limit 1`,
    );
    expect(change!.action).toMatch(
      /^Exported the Knee replacement prioritisation worklist as CSV \(2 rows\)/,
    );
    const xlsx = await call<unknown>('GET', list.url('worklist/export?fileType=xlsx&risk=high'), list.cu);
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.headers['content-type']).toContain('spreadsheetml');
    expect((await call('GET', list.url('worklist/export?fileType=pdf'), list.cu)).status).toBe(400);
  });
});

describe('a TCI date passed', () => {
  it('flags a pathway still on the list after the day it was to come in, counts and filters it', async () => {
    const list = await freshList([
      { clockStart: daysAgo(200), tciDate: daysAgo(3), lastName: 'Passed' },
      { clockStart: daysAgo(200), tciDate: today, lastName: 'Today' },
      { clockStart: daysAgo(200), tciDate: addDays(today, 14), lastName: 'Booked' },
      { clockStart: daysAgo(200), lastName: 'Unbooked' },
    ]);
    const matrix = await get<Matrix>(list.url('matrix'), list.cl);
    expect(matrix.flags.tci_passed).toBe(1);
    const page = await get<Worklist>(list.url('worklist?flag=tci_passed'), list.cl);
    expect(page.items.map((item) => [item.lastName, item.flags.includes('tci_passed')])).toEqual([
      ['Passed', true],
    ]);
    const all = await get<Worklist>(list.url('worklist?sort=longest_wait'), list.cl);
    for (const item of all.items)
      expect(item.flags.includes('tci_passed'), item.lastName!).toBe(item.lastName === 'Passed');
  });
});

describe('the export as a workbook', () => {
  it('writes whole days as whole numbers, percentages to one place, dates as dates, and the local patient identifier', async () => {
    const list = await freshList([
      {
        clockStart: daysAgo(522),
        lastName: 'Okonkwo',
        localPatientIdentifier: 'RAN004512',
        priority: 'P3',
        scored: { prediction: 'High', probability: 0.18349 },
      },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: list.url('worklist/export?fileType=xlsx&sort=longest_wait'),
      headers: bearer(list.cu),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
    const cellOf = (label: string) => {
      const column = header.indexOf(label);
      expect(column, label).toBeGreaterThan(0);
      return sheet.getRow(2).getCell(column);
    };
    expect([cellOf('Days waited').value, cellOf('Days waited').numFmt]).toEqual([522, '0']);
    expect([cellOf('Model probability (%)').value, cellOf('Model probability (%)').numFmt]).toEqual([
      18.3,
      '0.0',
    ]);
    expect(cellOf('RTT clock start').value).toBeInstanceOf(Date);
    expect(cellOf('RTT clock start').numFmt).toBe('dd-mmm-yyyy');
    // A pathway without an NHS number is told apart by the hospital's own number.
    expect(cellOf('Local patient identifier').value).toBe('RAN004512');
  });
});

describe('equity', () => {
  it('shows each group’s waits and hides groups of fewer than 10', async () => {
    const women = Array.from({ length: 12 }, (_, i) => ({
      sex: 'F' as const,
      ethnicGroup: i < 10 ? 'A' : 'H',
      dateOfBirth: '1950-06-01',
      clockStart: daysAgo(100 + i * 50),
      priority: i < 6 ? 'P3' : 'P4',
    }));
    const men = Array.from({ length: 11 }, (_, i) => ({
      sex: 'M' as const,
      clockStart: daysAgo(100 + i * 30),
      priority: 'P4',
    }));
    const sexNotStated = Array.from({ length: 3 }, () => ({ clockStart: daysAgo(30), priority: 'P4' }));
    const list = await freshList([...women, ...men, ...sexNotStated]);
    const bySex = await get<Equity>(list.url('equity?by=sex'), list.cu);
    // Three whose sex is not stated; the men are hidden too, else the list's 26 less the women's 12
    // would give them. The women's priority rows are each under 10.
    expect(bySex.groups.map((group) => [group.group, group.n])).toEqual([
      ['Female', 12],
      ['Male', 'hidden'],
      ['Not stated', 'hidden'],
    ]);
    const female = bySex.groups.find((group) => group.group === 'Female')!;
    // Days 100, 150 … 650: the median of twelve is between 350 and 400.
    expect(female.medianDaysWaited).toBe(375);
    expect(female.over18Weeks).toBe(11);
    expect(female.over52Weeks).toBe(6);
    expect(female.byPriority.map((row) => [row.priority, row.n])).toEqual([
      ['P3', 'hidden'],
      ['P4', 'hidden'],
    ]);
    const male = bySex.groups.find((group) => group.group === 'Male')!;
    expect(male).toMatchObject({ n: 'hidden', medianDaysWaited: null, over18Weeks: null, over52Weeks: null });
    // No man is P3, but the women's six at P3 are all there are: a hidden row stands beside theirs.
    expect(male.byPriority.map((row) => [row.priority, row.n])).toEqual([
      ['P3', 'hidden'],
      ['P4', 'hidden'],
    ]);
    const byEthnicity = await get<Equity>(list.url('equity?by=ethnicGroup'), list.cu);
    expect(byEthnicity.groups.map((group) => [group.group, group.n])).toEqual([
      ['White', 'hidden'],
      ['Asian', 'hidden'],
      ['Not stated', 14],
    ]);
    const byAge = await get<Equity>(list.url('equity?by=ageBand'), list.cu);
    expect(byAge.groups.map((group) => group.group)).toEqual(['70 to 79', 'Not known']);
    expect((await call('GET', list.url('equity?by=postcode'), list.cu)).status).toBe(400);
  });

  it('hides a second figure beside a small one in every row, priority and total, so none can be worked out (decision 0052)', async () => {
    // Women and men by priority, as a trust's list might hold them: eight women at P1b.
    const counts: Record<'F' | 'M', Record<string, number>> = {
      F: { P1b: 8, P2: 40, P3: 55, P4: 35 },
      M: { P1b: 22, P2: 37, P3: 60, P4: 30 },
    };
    const pathways = (['F', 'M'] as const).flatMap((sex) =>
      Object.entries(counts[sex]).flatMap(([priority, count]) =>
        Array.from({ length: count }, (_, i) => ({
          sex,
          ethnicGroup: ['A', 'A', 'C', 'H', 'M', 'Z'][i % 6]!,
          dateOfBirth: `${1940 + ((i * 7) % 45)}-0${1 + (i % 9)}-15`,
          clockStart: daysAgo(20 + ((i * 37) % 500)),
          priority,
        })),
      ),
    );
    const list = await freshList(pathways);
    const bySex = await get<Equity>(list.url('equity?by=sex'), list.cu);
    const female = bySex.groups.find((group) => group.group === 'Female')!;
    expect(female.byPriority.find((row) => row.priority === 'P1b')?.n).toBe('hidden');

    const number = (n: number | 'hidden') => (n === 'hidden' ? 0 : n);
    const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    /** A total less the shown figures of its parts: the hidden parts together, and how many they are. */
    const left = (total: number, parts: { n: number | 'hidden' }[]) => ({
      n: total - sumOf(parts.map((part) => number(part.n))),
      hidden: parts.filter((part) => part.n === 'hidden').length,
    });
    /** What the reader may subtract: nothing hidden, or two or more of 10 or more together. */
    const safe = ({ n, hidden }: { n: number; hidden: number }) => hidden === 0 || (hidden >= 2 && n >= 10);

    for (const grouping of ['sex', 'ethnicGroup', 'ageBand'] as const) {
      const equity = await get<Equity>(list.url(`equity?by=${grouping}`), list.cu);
      // Each group's total less its shown priority rows (the probe: women's 138 less the rest gave 8 at P1b).
      for (const group of equity.groups)
        if (group.n !== 'hidden')
          expect(safe(left(group.n, group.byPriority)), `${grouping} ${group.group}`).toBe(true);
      // Each priority's count (the worklist filtered by it) less the groups' shown rows at that priority.
      for (const priority of ['P1b', 'P2', 'P3', 'P4']) {
        const atPriority = pathways.filter((pathway) => pathway.priority === priority).length;
        const rows = equity.groups.flatMap((group) =>
          group.byPriority.filter((row) => row.priority === priority),
        );
        expect(safe(left(atPriority, rows)), `${grouping} ${priority}`).toBe(true);
      }
      // The list's size less the shown groups.
      expect(safe(left(pathways.length, equity.groups)), `${grouping} groups`).toBe(true);
      // Every pathway is counted once, and the shown figures are the true ones.
      expect(sumOf(equity.groups.map((group) => number(group.n)))).toBeLessThanOrEqual(pathways.length);
    }
    const worklist = await get<{ totalCount: number }>(list.url('worklist?priority=P1b'), list.cu);
    expect(worklist.totalCount).toBe(30);
  });
});

describe('a pathway’s prioritisation', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = await insertPathways(t.app.db, trustCode, 'knee', [
      { clockStart: daysAgo(400), priority: 'P4', scored: { prediction: 'Moderate', probability: 0.3 } },
      { clockStart: daysAgo(400), priority: 'P5' },
      { clockStart: daysAgo(100), priority: 'P1b' },
      { clockStart: daysAgo(100), priority: 'P3', isActive: false },
      { clockStart: daysAgo(100), priority: 'P4' },
      { clockStart: daysAgo(100), priority: 'P4' },
    ]);
  });

  it('changes the priority with a reason, as a dated entry, in the change log', async () => {
    const [id] = ids;
    const refused = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(id!)}/priority`,
      tokens.cl,
      {
        priorityCode: 'P3',
        reason: '   ',
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.reason).toEqual([prioritisationMessages.reasonRequired]);
    const same = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(id!)}/priority`,
      tokens.cl,
      {
        priorityCode: 'P4',
        reason: 'No change',
      },
    );
    expect(same.body.errors.priorityCode).toEqual([prioritisationMessages.priorityUnchanged]);
    const long = await call('POST', `${pathwayUrl(id!)}/priority`, tokens.cl, {
      priorityCode: 'P3',
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    const changed = await call<PathwayPrioritisation>('POST', `${pathwayUrl(id!)}/priority`, tokens.cl, {
      priorityCode: 'P3',
      reason: 'Pain now uncontrolled',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      priority: 'P3',
      priorityDate: today,
      priorityDueBy: addDays(today, 90),
    });
    expect(changed.body.prioritySetBy).toMatch(/^Test User/);
    expect(changed.body.history[0]).toMatchObject({
      kind: 'priority',
      priorityCode: 'P3',
      previousPriorityCode: 'P4',
      reason: 'Pain now uncontrolled',
    });
    const [change] = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where entity_id = ${id!} order by id desc limit 1`,
    );
    expect(change!.action).toMatch(/^Changed the priority from P4 to P3 for patient A T \(knee\)$/);
  });

  it('moves the priority up one category after moderate harm, never past P1b', async () => {
    const [id, postponed, urgent] = ids;
    const mild = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(id!)}/harm-reviews`,
      tokens.cl,
      {
        level: 'mild',
        actions: ['moved_up_category'],
      },
    );
    expect(mild.body.errors.actions).toEqual([prioritisationMessages.moveUpNeedsHarm]);
    const moved = await call<PathwayPrioritisation>('POST', `${pathwayUrl(id!)}/harm-reviews`, tokens.cl, {
      level: 'moderate',
      actions: ['moved_up_category', 'patient_told', 'gp_told'],
      note: 'Walking distance now 50 m',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.priority).toBe('P2');
    expect(moved.body.lastHarmReview).toEqual({ level: 'moderate', reviewedOn: today });
    expect(moved.body.flags).not.toContain('harm_review_due');
    expect(
      moved.body.history
        .map((entry) => entry.kind)
        .slice(0, 2)
        .sort(),
    ).toEqual(['harm_review', 'priority']);
    const stays = await call<PathwayPrioritisation>(
      'POST',
      `${pathwayUrl(urgent!)}/harm-reviews`,
      tokens.cl,
      {
        level: 'severe',
        actions: ['moved_up_category'],
      },
    );
    expect(stays.body.priority).toBe('P1b');
    const choice = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(postponed!)}/harm-reviews`,
      tokens.cl,
      {
        level: 'severe',
        actions: ['moved_up_category'],
      },
    );
    expect(choice.status).toBe(400);
    expect(choice.body.errors.actions).toEqual([prioritisationMessages.moveUpPatientChoice]);
  });

  it('records validations by clerical users and waiting list admins: remain, postpone, remove', async () => {
    const [, , , , remain, remove] = ids;
    const remained = await call<PathwayPrioritisation>(
      'POST',
      `${pathwayUrl(remain!)}/validations`,
      tokens.wa,
      {
        outcome: 'remain',
        contact: 'phone',
      },
    );
    expect(remained.status).toBe(200);
    expect(remained.body.lastValidatedOn).toBe(today);
    expect(remained.body.flags).not.toContain('validation_due');
    const postponed = await call<PathwayPrioritisation>(
      'POST',
      `${pathwayUrl(remain!)}/validations`,
      tokens.cu,
      {
        outcome: 'postpone',
        contact: 'letter',
        postponeTo: 'P6',
      },
    );
    expect(postponed.body.priority).toBe('P6');
    const noTo = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(remain!)}/validations`,
      tokens.cu,
      {
        outcome: 'postpone',
        contact: 'letter',
      },
    );
    expect(noTo.body.errors.postponeTo).toEqual([prioritisationMessages.postponeToRequired]);
    const noNote = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(remove!)}/validations`,
      tokens.cu,
      {
        outcome: 'remove',
        contact: 'in_person',
      },
    );
    expect(noNote.body.errors.note).toEqual([prioritisationMessages.removeNoteRequired]);
    const removed = await call<PathwayPrioritisation>(
      'POST',
      `${pathwayUrl(remove!)}/validations`,
      tokens.cu,
      {
        outcome: 'remove',
        contact: 'in_person',
        note: 'Surgery no longer indicated (Mr Hamid)',
      },
    );
    expect(removed.body.isActive).toBe(false);
    const again = await call('POST', `${pathwayUrl(remove!)}/validations`, tokens.cu, {
      outcome: 'remain',
      contact: 'phone',
    });
    expect(again.status).toBe(409);
    const missing = await call<{ errors: Record<string, string[]> }>(
      'POST',
      `${pathwayUrl(remain!)}/validations`,
      tokens.cu,
      {},
    );
    expect(Object.keys(missing.body.errors).sort()).toEqual(['contact', 'outcome']);
  });

  it('keeps the clinician’s view of the risk beside the model’s, and removes it', async () => {
    const [id, , urgent] = ids;
    const notScored = await call('POST', `${pathwayUrl(urgent!)}/risk-adjustment`, tokens.cl, {
      prediction: 'high',
      reason: 'Frail',
    });
    expect(notScored.status).toBe(409);
    const adjusted = await call<PathwayPrioritisation>(
      'POST',
      `${pathwayUrl(id!)}/risk-adjustment`,
      tokens.cl,
      {
        prediction: 'high',
        reason: 'Recent fall not in the record',
      },
    );
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.prediction).toBe('medium');
    expect(adjusted.body.adjustment).toMatchObject({
      prediction: 'high',
      reason: 'Recent fall not in the record',
    });
    const listed = await get<Worklist>(`${base()}/worklist?nhsNumber=&risk=medium`, tokens.cl);
    expect(listed.items.find((item) => item.id === id)!.adjustedPrediction).toBe('high');
    const removed = await call<PathwayPrioritisation>(
      'DELETE',
      `${pathwayUrl(id!)}/risk-adjustment`,
      tokens.cl,
    );
    expect(removed.body.adjustment).toBeNull();
    expect(removed.body.history[0]).toMatchObject({
      kind: 'risk_adjustment',
      prediction: null,
      modelPrediction: 'medium',
    });
    expect((await call('DELETE', `${pathwayUrl(id!)}/risk-adjustment`, tokens.cl)).status).toBe(409);
  });

  it('refuses the wrong role, another trust’s pathway and an archived one', async () => {
    const [id, , , archived] = ids;
    const body = { priorityCode: 'P2', reason: 'Worse' };
    expect((await call('POST', `${pathwayUrl(id!)}/priority`, tokens.cu, body)).status).toBe(403);
    expect((await call('POST', `${pathwayUrl(id!)}/priority`, tokens.wa, body)).status).toBe(403);
    expect(
      (
        await call('POST', `${pathwayUrl(id!)}/validations`, tokens.cl, {
          outcome: 'remain',
          contact: 'phone',
        })
      ).status,
    ).toBe(403);
    expect((await call('POST', `${pathwayUrl(id!)}/harm-reviews`, tokens.cu, { level: 'none' })).status).toBe(
      403,
    );
    expect((await call('POST', `${pathwayUrl(id!, otherTrust)}/priority`, tokens.otherCl, body)).status).toBe(
      404,
    );
    expect((await call('GET', `${pathwayUrl(id!, otherTrust)}/prioritisation`, tokens.otherCl)).status).toBe(
      404,
    );
    expect((await call('GET', `${pathwayUrl(id!)}/prioritisation`, tokens.otherCl)).status).toBe(403);
    const conflict = await call<{ detail: string }>(
      'POST',
      `${pathwayUrl(archived!)}/priority`,
      tokens.cl,
      body,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.detail).toBe(prioritisationMessages.notOnList);
    expect(
      (
        await call('POST', `${pathwayUrl(id!)}/priority`, tokens.cl, {
          priorityCode: 'P2',
          reason: 'a\u0000b',
        })
      ).status,
    ).toBe(400);
  });

  it('records every read and change of a pathway in the access log', async () => {
    const [id] = ids;
    await get<PathwayPrioritisation>(`${pathwayUrl(id!)}/prioritisation`, tokens.wa);
    const rows = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from patient_access_log where ${id!}::uuid = any(pathway_ids) order by id`,
    );
    const actions = rows.map((row) => row.action);
    expect(actions).toContain('prioritisation-change');
    expect(actions.at(-1)).toBe('prioritisation');
  });
});

describe('harm-review thresholds', () => {
  it('lets a trust admin set them, checked, and the flags follow them', async () => {
    const list = await freshList([{ clockStart: daysAgo(290), lastName: 'FortyWeeks' }]);
    const admin = await createUser(t.app.db, { trustCode: list.trustCode, roles: ['ta'] });
    const adminToken = await t.tokenFor(admin.id);
    const settingsUrl = `/api/trusts/${list.trustCode}/prioritisation/settings`;
    expect(
      (await get<{ harmReviewThresholdWeeks: number[] }>(settingsUrl, list.cu)).harmReviewThresholdWeeks,
    ).toEqual([52, 78, 104]);
    expect((await get<Worklist>(list.url('worklist?flag=harm_review_due'), list.cu)).totalCount).toBe(0);
    for (const weeks of [[], [0], [52, 52], [1, 2, 3, 4, 5, 6], [26.5]]) {
      const refused = await call<{ errors: Record<string, string[]> }>('PUT', settingsUrl, adminToken, {
        harmReviewThresholdWeeks: weeks,
      });
      expect(refused.status, JSON.stringify(weeks)).toBe(400);
      expect(refused.body.errors.harmReviewThresholdWeeks).toEqual([
        prioritisationMessages.thresholdsInvalid,
      ]);
    }
    expect((await call('PUT', settingsUrl, list.cu, { harmReviewThresholdWeeks: [40] })).status).toBe(403);
    const saved = await call<{ harmReviewThresholdWeeks: number[] }>('PUT', settingsUrl, adminToken, {
      harmReviewThresholdWeeks: [104, 40, 52],
    });
    expect(saved.body.harmReviewThresholdWeeks).toEqual([40, 52, 104]);
    expect((await get<Worklist>(list.url('worklist?flag=harm_review_due'), list.cu)).totalCount).toBe(1);
  });
});

describe('the change log of prioritisation (decision 0051)', () => {
  it('names the patient of every change, so that pathways whose ids start alike are told apart', async () => {
    // Time-ordered ids made in the same minute share their first 8 characters, as an import's do.
    const siobhanId = timeOrderedUuid();
    const lukaszId = `${siobhanId.slice(0, 8)}${timeOrderedUuid().slice(8)}`;
    expect(lukaszId).not.toBe(siobhanId);
    const scored = { prediction: 'Moderate' as const, probability: 0.31 };
    const list = await freshList([
      {
        id: siobhanId,
        nhsNumber: '9990000026',
        firstName: 'Siobhán',
        lastName: "O'Brien",
        clockStart: daysAgo(200),
        priority: 'P4',
        scored,
      },
      {
        id: lukaszId,
        nhsNumber: '9990000034',
        firstName: 'Łukasz',
        lastName: 'Nowak',
        clockStart: daysAgo(200),
        priority: 'P4',
        scored,
      },
    ]);
    const admin = await createUser(t.app.db, { trustCode: list.trustCode, roles: ['ta'] });
    const url = (id: string, path: string) =>
      `/api/trusts/${list.trustCode}/procedures/knee/patients/${id}/${path}`;
    const changes: [string, string, string, Record<string, unknown>][] = [
      [siobhanId, 'priority', list.cl, { priorityCode: 'P3', reason: 'Pain now uncontrolled' }],
      [lukaszId, 'priority', list.cl, { priorityCode: 'P3', reason: 'Pain now uncontrolled' }],
      [siobhanId, 'validations', list.cu, { outcome: 'remain', contact: 'phone' }],
      [siobhanId, 'harm-reviews', list.cl, { level: 'mild', actions: ['patient_told'] }],
      [siobhanId, 'risk-adjustment', list.cl, { prediction: 'high', reason: 'Recent fall' }],
    ];
    for (const [id, path, token, body] of changes)
      expect((await call('POST', url(id, path), token, body)).status).toBe(200);
    expect((await call('DELETE', url(siobhanId, 'risk-adjustment'), list.cl)).status).toBe(200);

    const log = await get<ChangeLogPage>(
      `/api/admin/changelog?trustCode=${list.trustCode}`,
      await t.tokenFor(admin.id),
    );
    const siobhan = 'for patient S O, NHS number ending 0026 (knee)';
    const lukasz = 'for patient Ł N, NHS number ending 0034 (knee)';
    expect(log.items.map((entry) => entry.action)).toEqual([
      `Removed the risk adjustment ${siobhan}`,
      `Adjusted the risk to high risk (model: moderate risk) ${siobhan}`,
      `Recorded a harm review: mild harm; patient told ${siobhan}`,
      `Recorded a validation by phone: remain on the waiting list ${siobhan}`,
      `Changed the priority from P4 to P3 ${lukasz}`,
      `Changed the priority from P4 to P3 ${siobhan}`,
    ]);
    // The same change to the two pathways reads differently, and each entry leads to its own pathway.
    const priorityChanges = log.items.filter((entry) => entry.action.startsWith('Changed the priority'));
    expect(new Set(priorityChanges.map((entry) => entry.action)).size).toBe(2);
    expect(priorityChanges.map((entry) => entry.pathway)).toEqual([
      { id: lukaszId, procedureCode: 'knee' },
      { id: siobhanId, procedureCode: 'knee' },
    ]);
    expect(log.items.filter((entry) => entry.pathway?.id === siobhanId)).toHaveLength(5);
    // Neither the name nor the NHS number itself.
    const shown = JSON.stringify(log.items);
    expect(shown).not.toMatch(/Siobh|O'Brien|Łukasz|Nowak|9990000026|9990000034|999 000 0026/);
  });
});
