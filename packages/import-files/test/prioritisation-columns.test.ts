import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { fileMessages, rowMessages, warningGroupMessage, warningMessages } from '../src/messages.js';
import { errorsOf, waitingList } from './helpers/collect.js';
import { spaced, testNhsNumber } from './helpers/nhs.js';

// Decision 0044: the RTT clock start, the date the priority was set and the last validation, read
// from the waiting list as trusts' patient tracking lists and WLMDS extracts name them.
const nhs = testNhsNumber;
const dates = (r: { record: { referralDate: unknown; clockStart: unknown; priorityDate: unknown } }) => [
  r.record.referralDate,
  r.record.clockStart,
  r.record.priorityDate,
];

describe('the prioritisation columns of a waiting list', () => {
  it('reads the clock start, priority date and last validated date of a PAS patient tracking list', async () => {
    const csv = [
      'T&O ADMITTED PTL - INPATIENT AND DAYCASE;;;;;;;;;;;;',
      'Run date: 03/03/2025;;;;;;;;;;;;',
      'NHS No;Hospital No;Forename;Surname;D.O.B.;Gender;Referral Received Date;RTT Clock Start;Procedure;Consultant;Clinical Priority;Date Priority Set;Date Last Validated',
      `${spaced(nhs(0))};RX200001;Siân;O’Brien;01/02/1950;F;14/03/2023;12/03/2023;W401;Mr A Hamid;P3;02/05/2023;17/01/2025`,
      `${spaced(nhs(1))};RX200002;Dafydd;Evans;14/07/1948;M;05/06/2024;05-Jun-2024;W401;Mr A Hamid;P2;;`,
      `${spaced(nhs(2))};RX200003;Priya;Shah;20/11/1955;F;20/01/2024;;W411;Ms R Kaur;p4;2024-02-01;N/A`,
    ].join('\r\n');
    const result = await waitingList(iconv.encode(csv, 'win1252'), { procedure: 'knee' });
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      encoding: 'windows-1252',
      headerRowNumber: 3,
      diffHeaders: { missing: [], unexpected: [] },
      totals: { rows: 3, valid: 3, invalid: 0, warnings: 0 },
    });
    expect(result.rows.map((r) => [...dates(r), r.record.priority, r.record.lastValidatedOn])).toEqual([
      ['2023-03-14', '2023-03-12', '2023-05-02', 'P3', '2025-01-17'],
      // No priority date: the clock start, so that a breach of the priority's target shows.
      ['2024-06-05', '2024-06-05', '2024-06-05', 'P2', null],
      // No clock start: the referral date.
      ['2024-01-20', '2024-01-20', '2024-02-01', 'P4', null],
    ]);
  });

  it('takes the RTT period start of a WLMDS extract, which has no referral date, as the referral date too', async () => {
    const csv = [
      'nhs_number,local_patient_identifier,forename,surname,person_birth_date,person_stated_gender_code,referral_to_treatment_period_start_date,proposed_procedure_opcs_code,procedure_priority_code,procedure_priority_date',
      `${nhs(0)},LPI0001,Rhys,Pritchard,1951-03-14,1,2023-02-01,W371,P3,2023-06-30`,
      `${nhs(1)},LPI0002,Aaliyah,Begum,1963-12-01,2,2024-05-17,W401,P2,`,
      `${nhs(2)},LPI0003,Kai,Okafor,1970-07-30,9,,W931,P4,`,
    ].join('\n');
    const result = await waitingList(csv);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      diffHeaders: { missing: [], unexpected: [] },
    });
    expect(result.rows.map((r) => [...dates(r), r.record.lastValidatedOn])).toEqual([
      ['2023-02-01', '2023-02-01', '2023-06-30', null],
      ['2024-05-17', '2024-05-17', '2024-05-17', null],
      [null, null, null, null],
    ]);
  });

  it('takes the referral date as the clock start and the priority date of a list with neither column', async () => {
    const csv = [
      'NHS Number,Forename,Surname,Date of Birth,Sex,Referral Date,Priority',
      `${nhs(0)},Ann,Lee,01/01/1950,F,31/01/2024,P1b`,
      `${nhs(1)},Bob,Lee,01/01/1950,M,,P3`,
    ].join('\n');
    const result = await waitingList(csv);
    expect(result.rows.map((r) => [...dates(r), r.record.lastValidatedOn])).toEqual([
      ['2024-01-31', '2024-01-31', '2024-01-31', null],
      [null, null, null, null],
    ]);
  });

  it('still requires a referral date column, for which a clock start column will do', async () => {
    const neither = await waitingList('NHS Number,Forename,Surname,DOB,Sex\n');
    expect(neither.outcome.diffHeaders.missing).toEqual(['Referral Date']);
    expect(neither.outcome.error).toBe(fileMessages.missingColumns(['Referral Date']));
    const clockOnly = await waitingList(
      `NHS Number,Forename,Surname,DOB,Sex,Clock Start Date\n${nhs(0)},Ann,Lee,01/01/1950,F,01/02/2024\n`,
    );
    expect(clockOnly.outcome).toMatchObject({ status: 'VALIDATED', diffHeaders: { missing: [] } });
    expect(dates(clockOnly.rows[0]!)).toEqual(['2024-02-01', '2024-02-01', '2024-02-01']);
  });

  it('refuses a date it cannot read in each column, naming the column, as it does the referral date', async () => {
    const header =
      'NHS Number,Forename,Surname,DOB,Sex,Referral Date,RTT Clock Start,Priority,Priority Date,Last Validated Date';
    const row = (n: number, clock: string, priorityDate: string, validated: string) =>
      `${nhs(n)},Ann,Lee,01/01/1950,F,01/01/2024,${clock},P3,${priorityDate},${validated}`;
    const csv = [
      header,
      row(0, '31/02/2024', '01/02/2024', '01/03/2024'),
      row(1, '01/01/2024', '12/25/2024', '01/03/2024'),
      row(2, '01/01/2024', '01/02/2024', '01/01/1900'),
      row(3, '45000', 'soon', '01/03/2024'),
      row(4, '01/01/2024', '01/02/2024', '20/02/24'),
    ].join('\n');
    const result = await waitingList(csv);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { rows: 5, valid: 1, invalid: 4 },
    });
    expect(errorsOf(result, 2)).toEqual([
      `clockStart: ${rowMessages.dateNotReal('RTT clock start', '31/02/2024')}`,
    ]);
    expect(errorsOf(result, 2)[0]).toBe('clockStart: RTT clock start 31/02/2024 is not a real date.');
    expect(errorsOf(result, 3)).toEqual([
      `priorityDate: ${rowMessages.dateMonthFirst('Priority date', '12/25/2024')}`,
    ]);
    expect(errorsOf(result, 4)).toEqual([
      `lastValidatedOn: ${rowMessages.datePlaceholder('Last validated date', '01/01/1900')}`,
    ]);
    expect(errorsOf(result, 5)).toEqual([
      `clockStart: ${rowMessages.dateSerial('RTT clock start', '45000')}`,
      `priorityDate: ${rowMessages.dateFormat('Priority date', 'soon')}`,
    ]);
    // A two-digit year is read as 20YY, as in the referral date.
    expect(result.rows[0]!.record.lastValidatedOn).toBe('2024-02-20');
    expect(result.invalidRows[0]!.values).toMatchObject({
      clockStart: '31/02/2024',
      priorityDate: '01/02/2024',
      lastValidatedOn: '01/03/2024',
    });
  });

  it('names the clock start a TCI date comes before when it stands for the referral date', async () => {
    const result = await waitingList(
      `NHS Number,Forename,Surname,DOB,Sex,RTT Start Date,TCI Date\n${nhs(0)},Ann,Lee,01/01/1950,F,01/06/2024,01/05/2024\n`,
    );
    expect(errorsOf(result, 2)).toEqual([
      `tciDate: ${rowMessages.tciBeforeReferral('01/05/2024', '01/06/2024')}`,
    ]);
  });

  it('warns, without refusing, about a date in the future, as for the referral date', async () => {
    const csv = [
      'NHS Number,Forename,Surname,DOB,Sex,Referral Date,RTT Clock Start,Priority Date,Last Validated',
      `${nhs(0)},Ann,Lee,01/01/1950,F,01/01/2024,01/04/2025,02/04/2025,03/04/2025`,
      `${nhs(1)},Bob,Lee,01/01/1950,M,01/01/2024,01/01/2024,02/01/2024,03/01/2024`,
    ].join('\n');
    const result = await waitingList(csv);
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', totals: { valid: 2, warnings: 3 } });
    expect(result.warnings).toEqual([
      { rowNumber: 2, field: 'clockStart', message: warningMessages.clockStartInFuture('01/04/2025') },
      { rowNumber: 2, field: 'priorityDate', message: warningMessages.priorityDateInFuture('02/04/2025') },
      {
        rowNumber: 2,
        field: 'lastValidatedOn',
        message: warningMessages.lastValidatedInFuture('03/04/2025'),
      },
    ]);
    expect(result.outcome.warningGroups!.map((group) => warningGroupMessage(group))).toEqual([
      '1 row has an RTT clock start in the future.',
      '1 row has a priority date in the future.',
      '1 row has a last validated date in the future.',
    ]);
    // A clock start that stands for the referral date is warned of once, as the referral date.
    const wlmds = await waitingList(
      `NHS Number,Forename,Surname,DOB,Sex,RTT Start\n${nhs(0)},Ann,Lee,01/01/1950,F,01/04/2025\n`,
    );
    expect(wlmds.warnings.map((w) => w.message)).toEqual([warningMessages.referralInFuture('01/04/2025')]);
  });

  it('reads the columns from a workbook with banner rows and date cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('PTL');
    sheet.addRow(['Trauma & Orthopaedics admitted PTL - extracted 03/03/2025 06:00']);
    sheet.addRow([]);
    sheet.addRow([
      'NHS Number',
      'MRN',
      'First Name',
      'Last Name',
      'Date of Birth',
      'Sex',
      'RTT Period Start Date',
      'Priority',
      'Priority Assigned Date',
      'Last Validation Date',
    ]);
    const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
    sheet.addRow([
      nhs(0),
      'RX1',
      'Ann',
      'Lee',
      day(1950, 1, 31),
      'F',
      day(2023, 9, 4),
      'P 2',
      day(2023, 10, 1),
      day(2025, 2, 14),
    ]);
    sheet.addRow([nhs(1), 'RX2', 'Bob', 'Lee', day(1948, 5, 2), 'M', '04/09/2024', '1a', null, '']);
    for (const column of [5, 7, 9, 10]) sheet.getColumn(column).numFmt = 'dd/mm/yyyy';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await waitingList(bytes, {}, 'ptl.xlsx');
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', format: 'xlsx', headerRowNumber: 3 });
    expect(result.rows.map((r) => [...dates(r), r.record.priority, r.record.lastValidatedOn])).toEqual([
      ['2023-09-04', '2023-09-04', '2023-10-01', 'P2', '2025-02-14'],
      ['2024-09-04', '2024-09-04', '2024-09-04', 'P1a', null],
    ]);
  });

  it('reads the columns from a legacy .xls', async () => {
    const rows = [
      ['Orthopaedic waiting list'],
      ['NHS Number', 'Forename', 'Surname', 'Date of Birth', 'Sex', 'Referral Date', 'Clock Start'],
      [nhs(0), 'Ann', 'Lee', '01/01/1950', 'F', '05/02/2024', '03/02/2024'],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Waiting list');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const result = await waitingList(bytes, {}, 'list.xls');
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', format: 'xls' });
    expect([...dates(result.rows[0]!), result.rows[0]!.record.lastValidatedOn]).toEqual([
      '2024-02-05',
      '2024-02-03',
      '2024-02-03',
      null,
    ]);
  });
});

describe('the priority', () => {
  const listWith = (priorities: string[]) =>
    waitingList(
      [
        'NHS Number,Forename,Surname,DOB,Sex,Referral Date,Priority',
        ...priorities.map((p, i) => `${nhs(i)},Ann,Lee,01/01/1950,F,01/01/2024,${p}`),
      ].join('\n'),
    );

  it('reads the codes however a PAS spells them', async () => {
    const spellings = [
      'P1a',
      '1a',
      'P1A',
      'p1a',
      'P 1a',
      'P1b',
      '1B',
      'P2',
      'P 2',
      '2',
      'p3',
      'P4',
      'P5',
      'p6',
    ];
    const result = await listWith(spellings);
    expect(result.outcome.totals).toMatchObject({ valid: spellings.length, invalid: 0 });
    expect(result.rows.map((r) => r.record.priority)).toEqual([
      'P1a',
      'P1a',
      'P1a',
      'P1a',
      'P1a',
      'P1b',
      'P1b',
      'P2',
      'P2',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
    ]);
  });

  it('refuses a code it does not know, listing the codes it takes', async () => {
    const unknown = ['P9', '7', 'P1', 'P1c', 'Urgent', 'P0'];
    const result = await listWith([...unknown, 'P3', 'Not known']);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { valid: 2, invalid: unknown.length },
    });
    unknown.forEach((code, i) =>
      expect(errorsOf(result, i + 2)).toEqual([`priority: ${rowMessages.priority(code)}`]),
    );
    expect(rowMessages.priority('P9')).toBe(
      "Priority 'P9' is not recognised: use P1a, P1b, P2, P3, P4, P5 or P6 (1a, p2 and P 3 are read too).",
    );
    // Blank or "not known": no priority.
    expect(result.rows.map((r) => r.record.priority)).toEqual(['P3', null]);
  });
});
