import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowMessages } from '@esr/import-files/messages';
import { queryRows } from '../../platform/db/client.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  decide,
  idle,
  summaryOf,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

// Decision 0044: the waiting list's RTT clock start, priority date and last validated date reach
// the pathway, and a confirm keeps what was recorded here more recently than the trust's extract.
// An app of its own: its uploads do not share the upload rate limit's minute with other files'.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const header =
  'NHS No,Hospital No,Forename,Surname,DOB,Gender,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,RTT Clock Start,TCI Date,Consultant,Priority,Priority Date,Last Validated Date';

interface Row {
  nhs: string;
  referral?: string;
  clockStart?: string;
  priority?: string;
  priorityDate?: string;
  lastValidated?: string;
  weight?: number;
}

// NHS numbers in the 999 test range with valid check digits.
const ann = '9990000018';
const bob = '9990000026';
const cat = '9990000034';
const dan = '9990000042';
const names: Record<string, string> = {
  [ann]: 'Ann,Lee,01/02/1950,F',
  [bob]: 'Bob,Shah,14/07/1948,M',
  [cat]: 'Cat,Evans,20/11/1955,F',
  [dan]: 'Dan,Okafor,03/03/1949,M',
};
const line = (row: Row) =>
  [
    row.nhs,
    `RAN${row.nhs.slice(-6)}`,
    names[row.nhs],
    `165,${row.weight ?? 80},4,Total knee replacement`,
    row.referral ?? '02/01/2025',
    row.clockStart ?? '',
    '',
    'Mr A Hamid',
    row.priority ?? 'P3',
    row.priorityDate ?? '',
    row.lastValidated ?? '',
  ].join(',');

const bloods = csvFile('pathology.csv', [
  'NHS Number,Test Name,Result,Units,Sample Date',
  `${ann},Hb,128,g/L,01/10/2026`,
  `${ann},Creatinine,88,umol/L,01/10/2026`,
]);

async function upload(who: ClericalTrust, lines: string[]) {
  const response = await uploadFiles(t, who, 'knee', csvFile('ptl.csv', lines), bloods);
  expect(response.statusCode, response.body).toBe(202);
  const { batchId } = response.json<{ batchId: string }>();
  return { batchId, status: await validated(t, who, 'knee', batchId) };
}

/** Uploads, validates and confirms a list of these rows; the batch's counts and planned changes. */
async function importList(who: ClericalTrust, rows: Row[], fileHeader = header, toLine = line) {
  const { batchId, status } = await upload(who, [fileHeader, ...rows.map(toLine)]);
  expect(status.waiting_list.status, JSON.stringify(status)).toBe('VALIDATED');
  const planned = (await summaryOf(t, who, 'knee', batchId)).changes;
  expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
  await idle(t, who, 'knee');
  const [batch] = await queryRows<{ status: string; created_count: number; updated_count: number }>(
    t.app.db,
    sql`select status, created_count, updated_count from import_batches where id = ${batchId}`,
  );
  expect(batch!.status).toBe('IMPORTED');
  return { created: batch!.created_count, updated: batch!.updated_count, planned };
}

interface PathwayDates extends Record<string, unknown> {
  nhs_number: string;
  referral_date: string | null;
  clock_start: string | null;
  priority: string | null;
  priority_date: string | null;
  last_validated_on: string | null;
  priority_set_by: string | null;
  priority_set_on: string | null;
  current_evaluation_id: string | null;
}

async function pathways(who: ClericalTrust): Promise<Map<string, PathwayDates>> {
  const rows = await queryRows<PathwayDates>(
    t.app.db,
    sql`select nhs_number, referral_date::text as referral_date, clock_start::text as clock_start, priority,
        priority_date::text as priority_date, last_validated_on::text as last_validated_on,
        priority_set_by, priority_set_on::text as priority_set_on, current_evaluation_id
      from pathways where trust_code = ${who.trustCode} and is_active order by nhs_number`,
  );
  return new Map(rows.map((row) => [row.nhs_number, row]));
}

/** A clinician's change of priority here, as the prioritisation screens record it. */
const setPriorityHere = (who: ClericalTrust, nhs: string, priority: string, on: string) =>
  t.app.db.execute(sql`update pathways set priority = ${priority}, priority_date = ${on}::date,
      priority_set_by = 'Dr F Hussain', priority_set_on = ${on}::date
    where trust_code = ${who.trustCode} and nhs_number = ${nhs} and is_active`);

describe('the prioritisation columns of a waiting list', () => {
  it("land the file's clock start, priority date and last validated date on the pathway, and default the dates it lacks", async () => {
    const who = await createClericalTrust(t);
    const result = await importList(who, [
      {
        nhs: ann,
        referral: '14/03/2024',
        clockStart: '12/03/2024',
        priority: 'P2',
        priorityDate: '02/05/2024',
        lastValidated: '17/09/2026',
      },
      // No clock start: the referral date; no priority date: the clock start.
      { nhs: bob, referral: '05/06/2025', priority: '1a' },
      { nhs: cat, referral: '20/01/2025', clockStart: '18/01/2025', priority: 'p 4' },
    ]);
    expect(result).toMatchObject({ created: 3, updated: 0 });
    const found = await pathways(who);
    expect(found.get(ann)).toMatchObject({
      referral_date: '2024-03-14',
      clock_start: '2024-03-12',
      priority: 'P2',
      priority_date: '2024-05-02',
      last_validated_on: '2026-09-17',
      priority_set_by: null,
      priority_set_on: null,
    });
    expect(found.get(bob)).toMatchObject({
      referral_date: '2025-06-05',
      clock_start: '2025-06-05',
      priority: 'P1a',
      priority_date: '2025-06-05',
      last_validated_on: null,
    });
    expect(found.get(cat)).toMatchObject({
      referral_date: '2025-01-20',
      clock_start: '2025-01-18',
      priority: 'P4',
      priority_date: '2025-01-18',
    });
  });

  it('take the referral date as the clock start of a list without one, and the clock start as the referral date of a WLMDS extract', async () => {
    const who = await createClericalTrust(t);
    await importList(
      who,
      [
        { nhs: ann, referral: '14/03/2024', priority: 'P3' },
        { nhs: bob, referral: '', priority: 'P4' },
      ],
      'NHS No,Hospital No,Forename,Surname,DOB,Gender,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,Priority',
      (row) => [row.nhs, 'RAN1', names[row.nhs], '165,80,4,W401', row.referral, row.priority].join(','),
    );
    let found = await pathways(who);
    expect(found.get(ann)).toMatchObject({
      referral_date: '2024-03-14',
      clock_start: '2024-03-14',
      priority_date: '2024-03-14',
    });
    expect(found.get(bob)).toMatchObject({ referral_date: null, clock_start: null, priority_date: null });

    // referral_to_treatment_period_start_date, the only date of a WLMDS extract.
    const wlmds = await importList(
      who,
      [
        { nhs: ann, clockStart: '2024-03-14', priority: 'P3', priorityDate: '2024-04-01' },
        { nhs: bob, clockStart: '2025-07-09', priority: 'P4' },
      ],
      'nhs_number,local_patient_identifier,forename,surname,person_birth_date,person_stated_gender_code,height,weight,smoking_status,proposed_procedure_opcs_code,referral_to_treatment_period_start_date,procedure_priority_code,procedure_priority_date',
      (row) =>
        [
          row.nhs,
          'RAN1',
          names[row.nhs],
          '165,80,4,W401',
          row.clockStart,
          row.priority,
          row.priorityDate,
        ].join(','),
    );
    expect(wlmds).toMatchObject({ created: 0, updated: 2 });
    found = await pathways(who);
    expect(found.get(ann)).toMatchObject({
      referral_date: '2024-03-14',
      clock_start: '2024-03-14',
      priority_date: '2024-04-01',
    });
    expect(found.get(bob)).toMatchObject({
      referral_date: '2025-07-09',
      clock_start: '2025-07-09',
      priority_date: '2025-07-09',
    });
  });

  it('refuse a row with a priority code that is not one, and a date that cannot be read, naming the column', async () => {
    const who = await createClericalTrust(t);
    const { batchId, status } = await upload(who, [
      header,
      line({ nhs: ann, priority: 'P9' }),
      line({ nhs: bob, priority: '7' }),
      line({ nhs: cat, clockStart: '31/02/2025' }),
      line({ nhs: dan, priority: 'P1A', priorityDate: '01/03/2025' }),
    ]);
    expect(status.waiting_list).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { rows: 4, valid: 1, invalid: 3 },
    });
    const invalid = (await summaryOf(t, who, 'knee', batchId)).waiting_list_result.invalid_rows;
    expect(invalid.map((row) => [row.row_number, row.field_specific_errors])).toEqual([
      [2, { priority: [rowMessages.priority('P9')] }],
      [3, { priority: [rowMessages.priority('7')] }],
      [4, { clockStart: [rowMessages.dateNotReal('RTT clock start', '31/02/2025')] }],
    ]);
    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(422);
    expect((await decide(t, who, 'knee', 'cancel_import', batchId)).statusCode).toBe(200);
  });

  it('keep a priority set here on or after the new priority date, and take a later one from the file', async () => {
    const who = await createClericalTrust(t);
    const first: Row[] = [
      { nhs: ann, clockStart: '10/01/2025', priority: 'P3', priorityDate: '10/01/2025' },
      { nhs: bob, clockStart: '10/01/2025', priority: 'P3', priorityDate: '10/01/2025' },
      { nhs: cat, clockStart: '10/01/2025', priority: 'P3', priorityDate: '10/01/2025' },
      { nhs: dan, clockStart: '10/01/2025', priority: 'P4' },
    ];
    await importList(who, first);
    await setPriorityHere(who, ann, 'P2', '2025-03-01');
    await setPriorityHere(who, bob, 'P2', '2025-03-01');
    await setPriorityHere(who, dan, 'P2', '2025-03-01');
    const before = await pathways(who);

    const second = await importList(who, [
      // The trust's system set P4 the day the clinician set P2 here: P2 stays.
      { ...first[0]!, priority: 'P4', priorityDate: '01/03/2025' },
      // The trust's system set P4 later: it replaces P2, and the priority is no longer one set here.
      { ...first[1]!, priority: 'P4', priorityDate: '20/04/2025' },
      // Never set here: the file's priority, as always.
      { ...first[2]!, priority: 'P5', priorityDate: '20/04/2025' },
      // No priority date: the clock start's, before the clinician's: P2 stays.
      { ...first[3]!, priority: 'P6' },
    ]);
    // The pathways that keep what was set here are written as they were: counted unchanged.
    expect(second).toMatchObject({
      created: 0,
      updated: 2,
      planned: { added: 0, updated: 2, unchanged: 2, archived: 0 },
    });
    const after = await pathways(who);
    expect(after.get(ann)).toMatchObject({
      priority: 'P2',
      priority_date: '2025-03-01',
      priority_set_by: 'Dr F Hussain',
      priority_set_on: '2025-03-01',
    });
    expect(after.get(bob)).toMatchObject({
      priority: 'P4',
      priority_date: '2025-04-20',
      priority_set_by: null,
      priority_set_on: null,
    });
    expect(after.get(cat)).toMatchObject({
      priority: 'P5',
      priority_date: '2025-04-20',
      priority_set_by: null,
      priority_set_on: null,
    });
    expect(after.get(dan)).toMatchObject({
      priority: 'P2',
      priority_date: '2025-03-01',
      priority_set_by: 'Dr F Hussain',
      priority_set_on: '2025-03-01',
    });
    // Not what the model reads: every pathway keeps its prediction.
    for (const nhs of [ann, bob, cat, dan])
      expect(after.get(nhs)!.current_evaluation_id).toBe(before.get(nhs)!.current_evaluation_id);
  });

  it('never take the last validation back to an older one, and count a change of these dates as an update', async () => {
    const who = await createClericalTrust(t);
    const row: Row = { nhs: ann, clockStart: '10/01/2025', priorityDate: '10/01/2025' };
    await importList(who, [{ ...row, lastValidated: '01/05/2026' }]);
    const first = (await pathways(who)).get(ann)!;
    expect(first.last_validated_on).toBe('2026-05-01');

    // An older validation, or none: the pathway keeps its own, and nothing else changed.
    for (const lastValidated of ['01/03/2026', '']) {
      const older = await importList(who, [{ ...row, lastValidated }]);
      expect(older).toMatchObject({ updated: 0, planned: { updated: 0, unchanged: 1 } });
      expect((await pathways(who)).get(ann)!.last_validated_on).toBe('2026-05-01');
    }

    const later = await importList(who, [{ ...row, lastValidated: '15/06/2026' }]);
    expect(later).toMatchObject({ updated: 1, planned: { updated: 1, unchanged: 0 } });
    expect((await pathways(who)).get(ann)!.last_validated_on).toBe('2026-06-15');

    // A new clock start or priority date alone updates the pathway, and keeps its prediction.
    const moved = await importList(who, [{ ...row, clockStart: '03/01/2025', lastValidated: '15/06/2026' }]);
    expect(moved).toMatchObject({ updated: 1, planned: { updated: 1, unchanged: 0 } });
    const redated = await importList(who, [
      { ...row, clockStart: '03/01/2025', priorityDate: '12/01/2025', lastValidated: '15/06/2026' },
    ]);
    expect(redated).toMatchObject({ updated: 1, planned: { updated: 1, unchanged: 0 } });
    const last = (await pathways(who)).get(ann)!;
    expect(last).toMatchObject({
      clock_start: '2025-01-03',
      priority_date: '2025-01-12',
      last_validated_on: '2026-06-15',
    });
    expect(last.current_evaluation_id).toBe(first.current_evaluation_id);
  });
});
