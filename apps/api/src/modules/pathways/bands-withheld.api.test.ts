import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { ActiveRecords, ProcessedCounts } from '@esr/contracts/open-pathways';
import type { Matrix, RiskBand, Worklist } from '@esr/contracts/prioritisation';
import type { ProcedureCounters, WaitingListDashboard } from '@esr/contracts/waiting-list';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  confirmAsClerk,
  createClericalTrust,
  csvFile,
  idle,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { parseCsv } from '@esr/risk-engine/csv';

/**
 * Every place that shows a band shows the pathways without one as they are (decision 0057): the
 * worklist's matrix rows and risk cell, the Missing inputs flag and filters, the dashboards'
 * counts and the exports, on a list imported through the real pipeline with the demonstration knee
 * model. Two pathways are incomplete (no blood results; a haemoglobin 400 days old), two are
 * outside the model's population (a revision; a 16-year-old), one has every input and one lacks
 * the blood results the model does not require.
 */

let t: TestApp;
let clerical: ClericalTrust;

const dayBefore = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000);
  return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
};

const patients = {
  complete: { nhs: '9990000018', local: 'RAN000201', operation: 'W401', surname: 'Okafor' },
  someBloods: { nhs: '9990000026', local: 'RAN000202', operation: 'W411', surname: 'Pryce' },
  noBloods: { nhs: '9990000034', local: 'RAN000203', operation: 'Total knee replacement', surname: 'Quinn' },
  staleHaemoglobin: { nhs: '9990000042', local: 'RAN000204', operation: 'W421', surname: 'Rahman' },
  revision: { nhs: '9990000050', local: 'RAN000205', operation: 'W403', surname: 'Sato' },
  child: { nhs: '9990000069', local: 'RAN000206', operation: 'W411', surname: 'Tran' },
};
type Patient = (typeof patients)[keyof typeof patients];

// The sample template's columns: every comorbidity given, so that a pathway can have no default.
const header =
  "NHS Number,Local Patient Identifier,Forename,Surname,Date of Birth,Sex,Ethnic Category,Height (cm),Weight (kg),Smoking,Operation Type,Referral Date,RTT Clock Start,TCI Date,Consultant Surgeon,Priority,Priority Date,Last Validated Date,Surgery Readiness,Social,Hypertension,Atrial Fibrillation,Ischaemic Heart Disease,Angina,Valvular Heart Disease,Heart Failure,Peripheral Vascular Disease,COPD,Dementia,Alzheimer's Disease,Parkinson's Disease,Psoriasis,Insulin-Dependent Diabetes,Non-Insulin-Dependent Diabetes,Hypothyroidism,Hyperthyroidism,Rheumatoid Arthritis,Other Osteoarthritis";
const comorbidities = '1,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0';
const row = (p: Patient, dateOfBirth = '01/02/1948') =>
  `${p.nhs},${p.local},Alex,${p.surname},${dateOfBirth},F,A,162,71.5,2,${p.operation},${dayBefore(300)},${dayBefore(300)},,Ms A Ní Bhriain,P3,${dayBefore(30)},,Ready,No social concerns,${comorbidities}`;

const allBloods: [string, string, string][] = [
  ['Haemoglobin', '129', 'g/L'],
  ['White blood cell count', '6.1', '10^9/L'],
  ['Platelet count', '251', '10^9/L'],
  ['Urea', '5.2', 'mmol/L'],
  ['Creatinine', '78', 'µmol/L'],
  ['eGFR', '74', 'mL/min/1.73m2'],
  ['Sodium', '139', 'mmol/L'],
  ['Albumin', '41', 'g/L'],
  ['CRP', '3', 'mg/L'],
];
const bloodLines = () => {
  const recent = dayBefore(20);
  const lines = ['NHS Number,Local Patient Identifier,Test Name,Result,Unit,Sample Date'];
  const line = (p: Patient, [test, value, unit]: [string, string, string], day = recent) =>
    `${p.nhs},${p.local},${test},${value},${unit},${day}`;
  for (const p of [patients.complete, patients.revision, patients.child])
    for (const blood of allBloods) lines.push(line(p, blood));
  lines.push(line(patients.someBloods, allBloods[0]!), line(patients.someBloods, allBloods[5]!));
  lines.push(
    line(patients.staleHaemoglobin, allBloods[0]!, dayBefore(400)),
    line(patients.staleHaemoglobin, allBloods[5]!),
  );
  return lines;
};

const base = () => `/api/trusts/${clerical.trustCode}/waiting-list`;
const records = () => `${base()}/procedures/knee/manage/records`;
const prioritisation = () => `${base()}/procedures/knee/prioritisation`;

async function call(url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(clerical.token) });
}
async function get<T>(url: string): Promise<T> {
  const response = await call(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The NHS numbers of the list's pathways the model was given a default for, read from the table itself. */
async function defaultedNhsNumbers(): Promise<string[]> {
  const rows = await queryRows<{ nhs_number: string; defaulted: unknown }>(
    t.app.db,
    sql`select nhs_number, defaulted_inputs as defaulted from pathways
      where trust_code = ${clerical.trustCode} and is_active`,
  );
  return rows
    .filter((row) => {
      const list: unknown = typeof row.defaulted === 'string' ? JSON.parse(row.defaulted) : row.defaulted;
      return Array.isArray(list) && list.length > 0;
    })
    .map((row) => row.nhs_number)
    .sort();
}

const nhsOf = (items: { nhsNumber: string | null }[]) => items.map((item) => item.nhsNumber!).sort();

/** A CSV download's rows as objects by heading, keyed by NHS number. */
function csvByNhs(payload: Buffer): { head: string[]; byNhs: Map<string, Record<string, string>> } {
  expect([...payload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...rows] = parseCsv(payload.subarray(3).toString('utf8'));
  const objects = rows.map((cells) => Object.fromEntries(head!.map((name, i) => [name, cells[i] ?? ''])));
  return { head: head!, byNhs: new Map(objects.map((object) => [object['NHS number']!, object])) };
}

/** A workbook download's first sheet the same way; empty cells as ''. */
async function xlsxByNhs(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const head = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const byNhs = new Map<string, Record<string, unknown>>();
  for (let index = 2; index <= sheet.rowCount; index += 1) {
    const cells = sheet.getRow(index);
    const object = Object.fromEntries(head.map((name, i) => [name, cells.getCell(i + 1).value ?? '']));
    byNhs.set(String(object['NHS number']), object);
  }
  return { head, byNhs };
}

const incompleteNoBloods = 'Incomplete: haemoglobin and eGFR not recorded';
const incompleteStale = 'Incomplete: haemoglobin not recorded';
const notScoredRevision = 'Not scored: outside the model’s population (revision of knee replacement, W40.3)';

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  const upload = await uploadFiles(
    t,
    clerical,
    'knee',
    csvFile('ptl.csv', [
      header,
      row(patients.complete),
      row(patients.someBloods),
      row(patients.noBloods),
      row(patients.staleHaemoglobin),
      row(patients.revision),
      row(patients.child, `01/01/${new Date().getUTCFullYear() - 16}`),
    ]),
    csvFile('bloods.csv', bloodLines()),
  );
  expect(upload.statusCode, upload.body).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  await validated(t, clerical, 'knee', batchId);
  expect((await confirmAsClerk(t, clerical, 'knee', batchId)).statusCode).toBe(202);
  await idle(t, clerical, 'knee');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the list as imported', () => {
  it('has the statuses this file is about, and one pathway the model was given no default for', async () => {
    const rows = await queryRows<{ nhs_number: string; status: string }>(
      t.app.db,
      sql`select nhs_number, status from pathways where trust_code = ${clerical.trustCode} and is_active`,
    );
    const status = Object.fromEntries(rows.map((row) => [row.nhs_number, row.status]));
    expect(status).toEqual({
      [patients.complete.nhs]: 'processed',
      [patients.someBloods.nhs]: 'processed',
      [patients.noBloods.nhs]: 'incomplete',
      [patients.staleHaemoglobin.nhs]: 'incomplete',
      [patients.revision.nhs]: 'excluded',
      [patients.child.nhs]: 'excluded',
    });
    const defaulted = await defaultedNhsNumbers();
    expect(defaulted).toEqual(
      [patients.someBloods.nhs, patients.noBloods.nhs, patients.staleHaemoglobin.nhs].sort(),
    );
  });
});

describe('the matrix and the worklist', () => {
  it('count the incomplete and the excluded pathways in rows of their own, and the Missing inputs flag', async () => {
    const matrix = await get<Matrix>(`${prioritisation()}/matrix`);
    const row = (risk: RiskBand) =>
      matrix.cells.filter((cell) => cell.risk === risk).reduce((sum, cell) => sum + cell.count, 0);
    expect({
      banded: row('high') + row('medium') + row('low'),
      incomplete: row('incomplete'),
      excluded: row('excluded'),
      notProcessed: row('not_processed'),
    }).toEqual({ banded: 2, incomplete: 2, excluded: 2, notProcessed: 0 });
    // Clock start 300 days ago: every one waits 18 to 52 weeks.
    expect(matrix.cells.find((cell) => cell.risk === 'incomplete' && cell.wait === '18-52')!.count).toBe(2);
    expect(matrix.flags.missing_inputs).toBe(3);
    expect(matrix.total).toBe(6);
  });

  it('filter the worklist by each new row, saying where the band would be why there is none', async () => {
    const incomplete = await get<Worklist>(`${prioritisation()}/worklist?risk=incomplete`);
    expect(incomplete.totalCount).toBe(2);
    const byNhs = new Map(incomplete.items.map((item) => [item.nhsNumber, item]));
    expect(byNhs.get(patients.noBloods.nhs)).toMatchObject({
      status: 'incomplete',
      statusDetail: 'haemoglobin and eGFR not recorded',
      prediction: null,
      probability: null,
    });
    expect(byNhs.get(patients.noBloods.nhs)!.defaultedInputs).toEqual(
      expect.arrayContaining(['Haemoglobin', 'eGFR']),
    );
    expect(byNhs.get(patients.staleHaemoglobin.nhs)).toMatchObject({
      status: 'incomplete',
      statusDetail: 'haemoglobin not recorded',
      prediction: null,
    });
    const excluded = await get<Worklist>(`${prioritisation()}/worklist?risk=excluded`);
    expect(nhsOf(excluded.items)).toEqual([patients.revision.nhs, patients.child.nhs].sort());
    expect(excluded.items.find((item) => item.nhsNumber === patients.revision.nhs)).toMatchObject({
      status: 'excluded',
      statusDetail: 'revision of knee replacement, W40.3',
      prediction: null,
      probability: null,
      defaultedInputs: [],
    });
    expect(excluded.items.every((item) => !item.flags.includes('missing_inputs'))).toBe(true);
    expect((await get<Worklist>(`${prioritisation()}/worklist?risk=not_processed`)).totalCount).toBe(0);
    const banded = await get<Worklist>(`${prioritisation()}/worklist?risk=high`);
    const medium = await get<Worklist>(`${prioritisation()}/worklist?risk=medium`);
    const low = await get<Worklist>(`${prioritisation()}/worklist?risk=low`);
    expect(nhsOf([...banded.items, ...medium.items, ...low.items])).toEqual(
      [patients.complete.nhs, patients.someBloods.nhs].sort(),
    );
  });

  it('puts the pathways without a band after the scored ones when sorted by risk', async () => {
    const worklist = await get<Worklist>(`${prioritisation()}/worklist?sort=highest_risk`);
    expect(worklist.items.slice(0, 2).every((item) => item.prediction !== null)).toBe(true);
    expect(worklist.items.slice(2).every((item) => item.prediction === null)).toBe(true);
  });

  it('flags Missing inputs on exactly the pathways the model was given a default for, and filters by it', async () => {
    const flagged = await get<Worklist>(`${prioritisation()}/worklist?flag=missing_inputs`);
    expect(nhsOf(flagged.items)).toEqual(await defaultedNhsNumbers());
    expect(flagged.items.every((item) => item.flags.includes('missing_inputs'))).toBe(true);
    const all = await get<Worklist>(`${prioritisation()}/worklist`);
    const complete = all.items.find((item) => item.nhsNumber === patients.complete.nhs)!;
    expect(complete.flags).not.toContain('missing_inputs');
    expect(complete.defaultedInputs).toEqual([]);
    // The flag combines with a risk row as any filter does.
    const both = await get<Worklist>(`${prioritisation()}/worklist?flag=missing_inputs&risk=incomplete`);
    expect(both.totalCount).toBe(2);
  });

  it('refuses a risk row it does not know, as the old name of the not processed row', async () => {
    for (const query of ['risk=not_scored', 'flag=defaulted'])
      expect((await call(`${prioritisation()}/worklist?${query}`)).statusCode, query).toBe(400);
  });
});

describe('the total records table', () => {
  it('filters by missing inputs, both ways, and by the incomplete and excluded statuses', async () => {
    const yes = await get<ActiveRecords>(`${records()}/active?missingInputs=yes`);
    expect(nhsOf(yes.items)).toEqual(await defaultedNhsNumbers());
    expect(yes.totalCount).toBe(3);
    const no = await get<ActiveRecords>(`${records()}/active?missingInputs=no`);
    expect(nhsOf(no.items)).toEqual(
      [patients.complete.nhs, patients.revision.nhs, patients.child.nhs].sort(),
    );
    const incomplete = await get<ActiveRecords>(`${records()}/active?status=incomplete`);
    expect(nhsOf(incomplete.items)).toEqual([patients.noBloods.nhs, patients.staleHaemoglobin.nhs].sort());
    const excluded = await get<ActiveRecords>(`${records()}/active?status=excluded&missingInputs=no`);
    expect(nhsOf(excluded.items)).toEqual([patients.revision.nhs, patients.child.nhs].sort());
    expect(
      (await get<ActiveRecords>(`${records()}/active?status=excluded&missingInputs=yes`)).totalCount,
    ).toBe(0);
    expect((await call(`${records()}/active?missingInputs=maybe`)).statusCode).toBe(400);
  });
});

describe('the counts', () => {
  it('count the incomplete and the not scored pathways on the dashboard, per procedure and on the open-pathways screens', async () => {
    const dashboard = await get<WaitingListDashboard>(`${base()}/dashboard`);
    expect(dashboard.counters).toMatchObject({
      activeRecords: 6,
      processedRecords: 2,
      failedRecords: 0,
      incompleteRecords: 2,
      excludedRecords: 2,
    });
    expect(dashboard.riskByProcedure).toEqual([
      expect.objectContaining({ procedureCode: 'knee', incompleteRecords: 2, excludedRecords: 2 }),
    ]);
    const counters = await get<ProcedureCounters>(`${base()}/procedures/knee/manage/`);
    expect(counters.counters).toEqual({
      activeRecords: 6,
      processedRecords: 2,
      failedRecords: 0,
      incompleteRecords: 2,
      excludedRecords: 2,
    });
    const processed = await get<ProcessedCounts>(`${base()}/procedures/knee/manage/processed`);
    expect(processed.counters.total).toBe(2);
    expect(processed.counters.high + processed.counters.medium + processed.counters.low).toBe(2);
    expect(processed.counters).toMatchObject({ incomplete: 2, excluded: 2 });
    // Each count is the number of records its link lists.
    for (const status of ['incomplete', 'excluded'] as const)
      expect((await get<ActiveRecords>(`${records()}/active?status=${status}`)).totalCount, status).toBe(
        processed.counters[status],
      );
  });
});

describe('the exports', () => {
  it('write the worklist as CSV and XLSX with why there is no band, no probability, and the defaulted inputs', async () => {
    const csv = await call(`${prioritisation()}/worklist/export?fileType=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const { head, byNhs } = csvByNhs(csv.rawPayload);
    expect(head).toEqual(expect.arrayContaining(['Model risk', 'Model probability (%)', 'Defaulted inputs']));
    expect(head.indexOf('Defaulted inputs')).toBe(head.indexOf('Model probability (%)') + 1);
    expect(byNhs.get(patients.noBloods.nhs)).toMatchObject({
      'Model risk': incompleteNoBloods,
      'Model probability (%)': '',
    });
    expect(byNhs.get(patients.noBloods.nhs)!['Defaulted inputs']).toMatch(/(^|, )Haemoglobin(, |$)/);
    expect(byNhs.get(patients.noBloods.nhs)!['Defaulted inputs']).toMatch(/(^|, )eGFR(, |$)/);
    expect(byNhs.get(patients.noBloods.nhs)!.Flags).toContain('Missing inputs');
    expect(byNhs.get(patients.staleHaemoglobin.nhs)!['Model risk']).toBe(incompleteStale);
    expect(byNhs.get(patients.revision.nhs)).toMatchObject({
      'Model risk': notScoredRevision,
      'Model probability (%)': '',
      'Defaulted inputs': '',
    });
    expect(byNhs.get(patients.complete.nhs)!['Model risk']).toMatch(/^(High|Moderate|Low) risk$/);
    expect(Number(byNhs.get(patients.complete.nhs)!['Model probability (%)'])).toBeGreaterThan(0);
    expect(byNhs.get(patients.complete.nhs)!['Defaulted inputs']).toBe('');

    const xlsx = await call(`${prioritisation()}/worklist/export?fileType=xlsx&risk=incomplete`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = await xlsxByNhs(xlsx.rawPayload);
    expect([...workbook.byNhs.keys()].sort()).toEqual(
      [patients.noBloods.nhs, patients.staleHaemoglobin.nhs].sort(),
    );
    expect(workbook.byNhs.get(patients.noBloods.nhs)).toMatchObject({
      'Model risk': incompleteNoBloods,
      'Model probability (%)': '',
    });
    expect(String(workbook.byNhs.get(patients.staleHaemoglobin.nhs)!['Defaulted inputs'])).toContain(
      'Haemoglobin',
    );
  });

  it('write a report of the active list with the same words in Prediction and a Defaulted inputs field, in CSV and XLSX', async () => {
    const fields = 'nhsNumber,status,prediction,probability,defaultedInputs';
    const csv = await call(
      `${records()}/active/export?fileName=Missing%20inputs&fileType=csv&fields=${fields}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const { head, byNhs } = csvByNhs(csv.rawPayload);
    expect(head).toEqual(['NHS number', 'Status', 'Prediction', 'Predicted probability', 'Defaulted inputs']);
    expect(byNhs.get(patients.noBloods.nhs)).toMatchObject({
      Status: 'Incomplete',
      Prediction: incompleteNoBloods,
      'Predicted probability': '',
    });
    expect(byNhs.get(patients.revision.nhs)).toMatchObject({
      Status: 'Not scored',
      Prediction: notScoredRevision,
      'Predicted probability': '',
      'Defaulted inputs': '',
    });
    expect(byNhs.get(patients.staleHaemoglobin.nhs)!['Defaulted inputs']).toContain('Haemoglobin');
    expect(byNhs.get(patients.complete.nhs)!['Defaulted inputs']).toBe('');

    const xlsx = await call(
      `${records()}/active/export?fileName=Missing%20inputs&fileType=xlsx&fields=${fields}&missingInputs=yes`,
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = await xlsxByNhs(xlsx.rawPayload);
    expect([...workbook.byNhs.keys()].sort()).toEqual(await defaultedNhsNumbers());
    expect(workbook.byNhs.get(patients.noBloods.nhs)).toMatchObject({
      Prediction: incompleteNoBloods,
      'Predicted probability': '',
    });
  });

  it('print the same in a PDF report, and name the missing-inputs filter it used', async () => {
    const response = await call(
      `${records()}/active/export?fileName=Incomplete&fileType=pdf&fields=nhsNumber,prediction,defaultedInputs&status=incomplete&missingInputs=yes`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bands-withheld-'));
    try {
      const file = path.join(folder, 'report.pdf');
      fs.writeFileSync(file, response.rawPayload);
      // pdftotext (Debian poppler-utils) must be installed: without it this test fails, never skips.
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Defaulted inputs');
      expect(text).toContain('Incomplete: haemoglobin and eGFR');
      expect(text).toContain('Missing inputs');
      expect(text).toContain('Some inputs not recorded');
      expect(text).not.toMatch(/\b(High|Moderate|Low) risk\b/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('add Defaulted inputs to the processed downloads’ fields', async () => {
    const response = await call(`${records()}/processed/export?fileType=csv`);
    expect(response.statusCode).toBe(200);
    const { head, byNhs } = csvByNhs(response.rawPayload);
    expect(head).toContain('Defaulted inputs');
    expect([...byNhs.keys()].sort()).toEqual([patients.complete.nhs, patients.someBloods.nhs].sort());
    expect(byNhs.get(patients.someBloods.nhs)!['Defaulted inputs']).not.toBe('');
  });
});
