/**
 * The right patient (docs/decisions/0055-identity-by-nhs-number-and-date-of-birth.md): a list row is
 * a pathway's patient when it has the pathway's NHS number (else local identifier) and date of
 * birth. A row with the NHS number of a patient on the list and another date of birth is an error,
 * and the pathway, with its history, is left as it was; a clinician confirms a real correction from
 * the risk summary, and the next upload of the same file validates. Each trust's lists are its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ValidationSummary } from '@esr/contracts/waiting-list';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createUser } from '../../test/factories/users.js';
import {
  confirmAsClerk,
  createClericalTrust,
  csvFile,
  idle,
  importList,
  summaryOf,
  uploadFiles,
  validated,
  type ClericalTrust,
  type UploadFile,
} from '../../test/factories/waiting-list.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

// A PAS extract as Royal Anytown's sends it: a banner, semicolons, hospital numbers, day-first dates.
const banner = ['Royal Anytown NHS Trust - Orthopaedic PTL (knee)', 'Run date 30/11/2026'];
const header =
  'NHS No;Hospital No;Forename;Surname;DOB;Sex;Height (cm);Weight (kg);Smoking;Procedure;Referral Date;Consultant;Priority';
const row = (
  nhs: string,
  hospital: string,
  forename: string,
  surname: string,
  dob: string,
  sex = 'F',
  referral = '14/01/2026',
) => `${nhs};${hospital};${forename};${surname};${dob};${sex};162;78;4;W401;${referral};Mr A Hamid;P3`;

// NHS numbers of the 999 test range, with valid check digits.
const margaret = row('9990038864', 'RAN981432', 'Margaret', 'Hughes', '12/03/1951');
const arthur = row('9990000018', 'RAN981433', 'Arthur', 'Pryce', '02/11/1948', 'M');
const bronwen = row('9990000026', 'RAN981434', 'Bronwen', 'Lloyd', '21/07/1955');
const dilys = row('9990000034', 'RAN981435', 'Dilys', 'Morgan', '30/06/1960');
const weekOne = [margaret, arthur, bronwen, dilys];

const list = (name: string, rows: string[]): UploadFile => csvFile(name, [...banner, header, ...rows]);
const bloodLines = [
  '9990000026,RAN981434,Haemoglobin,131,g/L,12/11/2026 09:40',
  '9990000026,RAN981434,Creatinine,74,umol/L,12/11/2026 09:40',
  '9990000034,RAN981435,Albumin,39,g/L,13/11/2026 11:05',
];
const bloods = (lines: string[] = bloodLines): UploadFile =>
  csvFile('pathology-extract.csv', [
    'NHS Number,Hospital Number,Test Name,Result,Units,Sample Date',
    ...lines,
  ]);
const firstRow = banner.length + 2;

interface Pathway extends Record<string, unknown> {
  id: string;
  nhs_number: string;
  local_patient_identifier: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  accepted_date_of_birth: string | null;
  current_evaluation_id: string | null;
  inputs_hash: string;
  updated_at: string;
}

const pathwayOf = async (who: ClericalTrust, nhs: string) =>
  (
    await queryRows<Pathway>(
      t.app.db,
      sql`select id, nhs_number, local_patient_identifier, first_name, last_name,
          date_of_birth::text as date_of_birth, accepted_date_of_birth::text as accepted_date_of_birth,
          current_evaluation_id, inputs_hash, updated_at::text as updated_at
        from pathways where trust_code = ${who.trustCode} and procedure_code = 'knee' and is_active
          and nhs_number = ${nhs}`,
    )
  )[0]!;

/** Every row of a pathway's history, as its own tables keep it, for comparing before and after. */
async function historyOf(pathwayId: string) {
  const of = (table: string, order: string) =>
    queryRows(
      t.app.db,
      sql.raw(`select * from ${table} where pathway_id = '${pathwayId}' order by ${order}`),
    );
  return {
    prioritisation: await of('prioritisation_entries', 'id'),
    evaluations: await of('evaluations', 'id'),
    outcomes: await of('pathway_outcomes', 'id'),
  };
}

async function uploadAndValidate(who: ClericalTrust, waitingList: UploadFile, bloodTests = bloods()) {
  const upload = await uploadFiles(t, who, 'knee', waitingList, bloodTests);
  expect(upload.statusCode, upload.body).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  await validated(t, who, 'knee', batchId);
  return { batchId, summary: await summaryOf(t, who, 'knee', batchId) };
}

const errorsOf = (
  summary: ValidationSummary,
  file: 'waiting_list_result' | 'blood_test_result' = 'waiting_list_result',
) =>
  summary[file].invalid_rows.map((invalid) => ({
    row: invalid.row_number,
    errors: Object.values(invalid.field_specific_errors).flat().concat(invalid.non_field_specific_errors),
  }));

async function clinicianOf(who: ClericalTrust) {
  const user = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['cl'], firstName: 'Nia' });
  return t.tokenFor(user.id);
}

async function trustWithWeekOne() {
  const who = await createClericalTrust(t);
  await importList(t, who, 'knee', list('knee-ptl-week-48.csv', weekOne), bloods());
  return who;
}

describe('a row with the NHS number of a patient on the list and another date of birth', () => {
  it('is an error naming both sides, the upload cannot be confirmed, and the pathways and their history stay as they were', async () => {
    const who = await trustWithWeekOne();
    const clinician = await clinicianOf(who);
    const before = {
      margaret: await pathwayOf(who, '9990038864'),
      arthur: await pathwayOf(who, '9990000018'),
      bronwen: await pathwayOf(who, '9990000026'),
    };
    const base = `/api/trusts/${who.trustCode}/procedures/knee/patients`;
    // History of the kinds the safety officer found moved: a priority change, a harm review, a
    // another priority change, and an outcome (which takes its pathway off the list).
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(clinician), payload });
    const recorded = [
      await post(`${base}/${before.margaret.id}/priority`, {
        priorityCode: 'P2',
        reason: 'Pain now uncontrolled with oral analgesia',
      }),
      await post(`${base}/${before.margaret.id}/harm-reviews`, { level: 'mild', actions: ['patient_told'] }),
      await post(`${base}/${before.arthur.id}/priority`, {
        priorityCode: 'P2',
        reason: 'Cannot manage stairs: now sleeping downstairs',
      }),
      await post(`${base}/${before.bronwen.id}/outcome`, {
        dateOfOperation: '2026-11-02',
        complication90Days: 'no',
      }),
    ];
    for (const response of recorded) expect(response.statusCode, response.body).toBe(200);
    const history = {
      margaret: await historyOf(before.margaret.id),
      arthur: await historyOf(before.arthur.id),
      bronwen: await historyOf(before.bronwen.id),
    };
    expect(history.margaret.prioritisation.length).toBeGreaterThanOrEqual(2);
    expect(history.arthur.prioritisation.length).toBeGreaterThanOrEqual(1);
    expect(history.margaret.evaluations.length).toBeGreaterThanOrEqual(1);
    expect(history.bronwen.outcomes).toHaveLength(1);
    const held = { margaret: await pathwayOf(who, '9990038864'), arthur: await pathwayOf(who, '9990000018') };

    // Week 49: two rows carry Margaret's and Arthur's NHS numbers, but another patient's details.
    const { batchId, summary } = await uploadAndValidate(
      who,
      list('knee-ptl-week-49.csv', [
        row('9990038864', 'RAN100555', 'Gareth', 'Jenkins', '04/07/1960', 'M'),
        row('9990000018', 'RAN100556', 'Eleri', 'Rees', '19/05/1972'),
        dilys,
      ]),
    );
    expect(summary.waiting_list_result.status).toBe('VALIDATED_WITH_ERRORS');
    expect(summary.waiting_list_result.totals).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    expect(errorsOf(summary)).toEqual([
      {
        row: firstRow,
        errors: [
          "NHS number 999 003 8864 is on the list for a patient born 12-Mar-1951 (RAN981432); this row says 04-Jul-1960 (RAN100555). Check the NHS number in the source system. If the date of birth was corrected there, ask a clinician to confirm the corrected date of birth from the patient's risk summary, then upload the file again.",
        ],
      },
      {
        row: firstRow + 1,
        errors: [
          "NHS number 999 000 0018 is on the list for a patient born 02-Nov-1948 (RAN981433); this row says 19-May-1972 (RAN100556). Check the NHS number in the source system. If the date of birth was corrected there, ask a clinician to confirm the corrected date of birth from the patient's risk summary, then upload the file again.",
        ],
      },
    ]);
    // The link a clinician follows to confirm a correction: the pathway on the list.
    expect(summary.waiting_list_result.invalid_rows.map((invalid) => invalid.conflicting_pathway_id)).toEqual(
      [before.margaret.id, before.arthur.id],
    );
    expect(summary.changes).toBeNull();
    const confirm = await confirmAsClerk(t, who, 'knee', batchId);
    expect(confirm.statusCode).toBe(422);

    // Nothing of either pathway moved: details, evaluations, priority history, harm review, outcome.
    expect(await pathwayOf(who, '9990038864')).toEqual(held.margaret);
    expect(await pathwayOf(who, '9990000018')).toEqual(held.arthur);
    expect(await historyOf(before.margaret.id)).toEqual(history.margaret);
    expect(await historyOf(before.arthur.id)).toEqual(history.arthur);
    expect(await historyOf(before.bronwen.id)).toEqual(history.bronwen);

    // The clinician learns of it on the patient's risk summary.
    const risk = await t.app.inject({
      method: 'GET',
      url: `${base}/${before.margaret.id}/risk-summary`,
      headers: bearer(clinician),
    });
    expect(risk.json<RiskSummary>().identityConflicts).toEqual([
      {
        rowNumber: firstRow,
        fileName: 'knee-ptl-week-49.csv',
        uploadedAt: expect.any(String),
        dateOfBirth: '1960-07-04',
        hospitalNumber: 'RAN100555',
      },
    ]);
  });

  it('refuses both rows of one file that give one NHS number two dates of birth', async () => {
    const who = await createClericalTrust(t);
    const { summary } = await uploadAndValidate(
      who,
      list('knee-ptl-week-48.csv', [
        margaret,
        arthur,
        row('9990038864', 'RAN100555', 'Gareth', 'Jenkins', '04/07/1960', 'M'),
      ]),
    );
    expect(summary.waiting_list_result.totals).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    expect(errorsOf(summary)).toEqual([
      {
        row: firstRow,
        errors: [
          'NHS number 999 003 8864 is also in row 6 with another date of birth (04-Jul-1960); this row says 12-Mar-1951. One NHS number is one patient: check both rows in the source system.',
        ],
      },
      {
        row: firstRow + 2,
        errors: [
          'NHS number 999 003 8864 is also in row 4 with another date of birth (12-Mar-1951); this row says 04-Jul-1960. One NHS number is one patient: check both rows in the source system.',
        ],
      },
    ]);
    // Only Arthur's row is staged: the earlier of the two rows is not.
    const staged = await queryRows<{ row_number: number }>(
      t.app.db,
      sql`select s.row_number from staged_pathways s join import_batches b on b.id = s.batch_id
        where b.trust_code = ${who.trustCode} order by s.row_number`,
    );
    expect(staged.map((stagedRow) => stagedRow.row_number)).toEqual([firstRow + 1]);
  });

  it('refuses a row without an NHS number whose hospital number is on the list for a patient born on another day', async () => {
    const who = await createClericalTrust(t);
    await importList(
      t,
      who,
      'knee',
      list('knee-ptl-week-48.csv', [row('', 'RAN700001', 'Owain', 'Bevan', '08/08/1944', 'M')]),
      bloods(),
    );
    const { summary } = await uploadAndValidate(
      who,
      list('knee-ptl-week-49.csv', [row('', 'RAN700001', 'Ffion', 'Bevan', '08/08/1984')]),
    );
    expect(errorsOf(summary)).toEqual([
      {
        row: firstRow,
        errors: [
          "Local patient identifier RAN700001 is on the list for a patient born 08-Aug-1944 (RAN700001); this row says 08-Aug-1984 (RAN700001). Check the local patient identifier in the source system. If the date of birth was corrected there, ask a clinician to confirm the corrected date of birth from the patient's risk summary, then upload the file again.",
        ],
      },
    ]);
  });
});

describe('a row matched by NHS number and date of birth', () => {
  it('with another hospital number or surname is a warning naming both, and confirms as an update', async () => {
    const who = await trustWithWeekOne();
    const { batchId, summary } = await uploadAndValidate(
      who,
      list('knee-ptl-week-49.csv', [
        row('9990038864', 'RAN981432', 'Margaret', 'Hughes-Price', '12/03/1951'),
        row('9990000018', 'RAN555000', 'Arthur', 'Pryce', '02/11/1948', 'M'),
        bronwen,
        dilys,
      ]),
    );
    expect(summary.waiting_list_result.status).toBe('VALIDATED');
    const warnings = summary.waiting_list_result.warnings.filter(
      (warning) => warning.field === 'dateOfBirth',
    );
    expect(warnings).toEqual([
      {
        row_number: firstRow,
        field: 'dateOfBirth',
        message:
          'NHS number 999 003 8864 and the date of birth match a patient on the list with surname Hughes; this row says surname Hughes-Price. It is taken as the same patient: check it is.',
      },
      {
        row_number: firstRow + 1,
        field: 'dateOfBirth',
        message:
          'NHS number 999 000 0018 and the date of birth match a patient on the list with hospital number RAN981433; this row says hospital number RAN555000. It is taken as the same patient: check it is.',
      },
    ]);
    expect(summary.waiting_list_result.warning_groups).toContainEqual(
      expect.objectContaining({ kind: 'identityDetails', count: 2 }),
    );
    expect(summary.changes).toMatchObject({ added: 0, updated: 2, unchanged: 2, archived: 0 });
    expect((await confirmAsClerk(t, who, 'knee', batchId)).statusCode).toBe(202);
  });

  it('without a date of birth is matched by the NHS number alone, with a warning, and the pathway keeps its date of birth', async () => {
    const who = await trustWithWeekOne();
    const pathway = await pathwayOf(who, '9990038864');
    const { batchId, summary } = await uploadAndValidate(
      who,
      list('knee-ptl-week-49.csv', [
        row('9990038864', 'RAN981432', 'Margaret', 'Hughes', ''),
        arthur,
        bronwen,
        dilys,
      ]),
    );
    expect(summary.waiting_list_result.status).toBe('VALIDATED');
    expect(summary.waiting_list_result.warnings).toContainEqual({
      row_number: firstRow,
      field: 'dateOfBirth',
      message:
        'This row has no date of birth: it is matched by NHS number 999 003 8864 alone to the patient on the list born 12-Mar-1951 (RAN981432), who keeps that date of birth. Add the date of birth to be sure it is the same patient.',
    });
    expect(summary.changes).toMatchObject({ added: 0, archived: 0 });
    expect((await confirmAsClerk(t, who, 'knee', batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    const after = await pathwayOf(who, '9990038864');
    expect(after.id).toBe(pathway.id);
    expect(after.date_of_birth).toBe('1951-03-12');
  });
});

describe('a clinician confirms a corrected date of birth from the risk summary', () => {
  it('after which the same file validates and its confirm gives the pathway the corrected date, its history kept', async () => {
    const who = await trustWithWeekOne();
    const clinician = await clinicianOf(who);
    const pathway = await pathwayOf(who, '9990038864');
    const url = `/api/trusts/${who.trustCode}/procedures/knee/patients/${pathway.id}`;
    const correct = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${url}/identity-correction`, headers: bearer(token), payload });
    // The trust's PAS corrected Margaret's date of birth: 13 March, not 12.
    const corrected = list('knee-ptl-week-49.csv', [
      row('9990038864', 'RAN981432', 'Margaret', 'Hughes', '13/03/1951'),
      arthur,
      bronwen,
      dilys,
    ]);
    const first = await uploadAndValidate(who, corrected);
    expect(first.summary.waiting_list_result.status).toBe('VALIDATED_WITH_ERRORS');
    const history = await historyOf(pathway.id);

    // Only a clinician confirms it, with a reason, and a date the pathway does not have.
    expect((await correct(who.token, { dateOfBirth: '1951-03-13', reason: 'Checked' })).statusCode).toBe(403);
    const blank = await correct(clinician, { dateOfBirth: '1951-03-13', reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ reason: ['Enter how you know it is the same patient'] });
    const same = await correct(clinician, { dateOfBirth: '1951-03-12', reason: 'Checked with the patient' });
    expect(same.json().errors).toEqual({
      dateOfBirth: ['Enter a date of birth different from the one the pathway has'],
    });
    const future = await correct(clinician, {
      dateOfBirth: '2099-01-01',
      reason: 'Checked with the patient',
    });
    expect(future.json().errors).toEqual({
      dateOfBirth: ['The corrected date of birth must be in the past'],
    });
    const reason =
      'PAS record checked with the patient at clinic: the date of birth was mistyped at registration';
    const confirmed = await correct(clinician, { dateOfBirth: '1951-03-13', reason });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<RiskSummary>()).toMatchObject({
      dateOfBirth: '1951-03-12',
      acceptedDateOfBirth: '1951-03-13',
      identityConflicts: [],
    });

    // The change log names the patient as every entry does, with the dates and the reason.
    const [entry] = await queryRows<{ action: string; changes: Record<string, unknown> }>(
      t.app.db,
      sql`select action, changes from change_log where entity_id = ${pathway.id}
        and action like 'Confirmed the same patient%'`,
    );
    expect(entry!.action).toBe(
      'Confirmed the same patient with a corrected date of birth for patient M H, NHS number ending 8864 (knee)',
    );
    expect(entry!.changes).toEqual({
      correctedDateOfBirth: { before: null, after: '1951-03-13' },
      reason: { before: null, after: reason },
    });
    const logged = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from patient_access_log where pathway_ids @> array[${pathway.id}::uuid]
        and action = 'identity-correction'`,
    );
    expect(logged).toHaveLength(1);

    // The clerk uploads the same file again: it validates, and its confirm updates Margaret's pathway.
    const again = await uploadAndValidate(who, corrected);
    expect(again.summary.waiting_list_result.status).toBe('VALIDATED');
    expect(again.summary.changes).toMatchObject({ added: 0, updated: 1, archived: 0 });
    expect((await confirmAsClerk(t, who, 'knee', again.batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    const after = await pathwayOf(who, '9990038864');
    expect(after).toMatchObject({ id: pathway.id, date_of_birth: '1951-03-13', first_name: 'Margaret' });
    const kept = await historyOf(pathway.id);
    expect(kept.prioritisation).toEqual(history.prioritisation);
    expect(kept.evaluations.slice(0, history.evaluations.length)).toEqual(history.evaluations);
  });
});

describe('a blood-test row that says another patient than the list row of its NHS number', () => {
  it('is an error: by date of birth, or by hospital number, and its results are not given to the list row', async () => {
    const who = await createClericalTrust(t);
    const pathology = csvFile('winpath-extract.csv', [
      'NHS Number,MRN,DOB,Test Name,Result,Units,Sample Date',
      '9990038864,RAN981432,12/03/1951,Haemoglobin,128,g/L,10/11/2026 08:15',
      '9990000026,RAN981434,21/07/1975,Haemoglobin,131,g/L,12/11/2026 09:40',
      '9990000026,RAN981434,21/07/1975,Creatinine,74,umol/L,12/11/2026 09:40',
      '9990000034,RAN999999,30/06/1960,Albumin,39,g/L,13/11/2026 11:05',
    ]);
    const { summary } = await uploadAndValidate(who, list('knee-ptl-week-48.csv', weekOne), pathology);
    expect(summary.waiting_list_result.status).toBe('VALIDATED');
    expect(summary.blood_test_result.status).toBe('VALIDATED_WITH_ERRORS');
    expect(summary.blood_test_result.totals).toMatchObject({ rows: 4, valid: 1, invalid: 3 });
    expect(errorsOf(summary, 'blood_test_result')).toEqual([
      {
        row: 3,
        errors: [
          "Date of birth 21-Jul-1975 does not match the waiting list's row 6 for NHS number 999 000 0026 (21-Jul-1955): these results may be another patient's. Check the patient in the laboratory system.",
        ],
      },
      {
        row: 4,
        errors: [
          "Date of birth 21-Jul-1975 does not match the waiting list's row 6 for NHS number 999 000 0026 (21-Jul-1955): these results may be another patient's. Check the patient in the laboratory system.",
        ],
      },
      {
        row: 5,
        errors: [
          "Local patient identifier RAN999999 does not match the waiting list's row 7 for NHS number 999 000 0034 (RAN981435): these results may be another patient's. Check the patient in the laboratory system.",
        ],
      },
    ]);
    // Neither patient's row took the contradicted results; Margaret's, whose date agrees, did.
    const staged = await queryRows<{ nhs_number: string; clinical: string }>(
      t.app.db,
      sql`select s.nhs_number, s.clinical from staged_pathways s join import_batches b on b.id = s.batch_id
        where b.trust_code = ${who.trustCode} order by s.row_number`,
    );
    const labs = Object.fromEntries(
      staged.map((stagedRow) => {
        const clinical = JSON.parse(stagedRow.clinical) as Record<string, unknown>;
        return [stagedRow.nhs_number, [clinical.haemoglobin, clinical.creatinine, clinical.albumin]];
      }),
    );
    expect(labs).toEqual({
      '9990038864': [128, undefined, undefined],
      '9990000018': [undefined, undefined, undefined],
      '9990000026': [undefined, undefined, undefined],
      '9990000034': [undefined, undefined, undefined],
    });
  });
});
