import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { fileMessages, identityMessages, rowMessages, warningMessages } from '../src/messages.js';
import { errorsOf, fixture, minimalHeader, waitingList } from './helpers/collect.js';
import { spaced, testNhsNumber } from './helpers/nhs.js';
import { minimalWorkbook, sheetXml } from './helpers/zip-writer.js';

const nhs = testNhsNumber;

describe('waiting list: real extracts', () => {
  it('reads a Windows-1252 PAS extract with banners, semicolons, CRLF and quoted line breaks', async () => {
    const result = await waitingList(fixture('pas-extract-cp1252.csv'));
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      headerRowNumber: 4,
      totals: { rows: 4, valid: 4, invalid: 0, warnings: 1 },
      diffHeaders: { missing: [], unexpected: ['Notes'] },
    });
    // Row numbers are physical lines: the second record spans lines 6 and 7.
    expect(result.rows.map((r) => r.rowNumber)).toEqual([5, 6, 8, 9]);
    const [first, second, third, fourth] = result.rows.map((r) => r.record);
    expect(first).toMatchObject({
      nhsNumber: nhs(0),
      localPatientIdentifier: 'RX100234',
      firstName: 'Siobhán',
      lastName: 'O’Brien',
      dateOfBirth: '1948-02-01',
      sex: 'F',
      ethnicGroup: 'A',
      height: 162,
      weight: 71.5,
      smoking: '2',
      operationType: 'knee',
      // 'RTT Start Date' is the clock start, and with no referral date column the referral date too.
      referralDate: '2024-03-12',
      clockStart: '2024-03-12',
      tciDate: '2025-04-15',
      surgeonName: 'Ms Aoife Ní Bhriain',
      priority: 'P3',
      priorityDate: '2024-03-12',
      lastValidatedOn: null,
      surgery: 'ready',
      social: 'no_social_concerns',
    });
    expect(first!.comorbidities).toMatchObject({ hypt: 1, af: 0, nidd: 1, foa: 0 });
    expect(second).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Smith; Jnr',
      dateOfBirth: '1950-06-05',
      referralDate: '2024-06-05',
      ethnicGroup: 'C',
    });
    expect(third).toMatchObject({
      sex: 'F',
      ethnicGroup: '99',
      height: null,
      weight: null,
      smoking: '4',
      surgery: 'not_ready',
      social: 'social_concerns',
    });
    expect(Object.values(third!.comorbidities).every((v) => v === null)).toBe(true);
    // NBSP and trailing spaces trimmed.
    expect(fourth).toMatchObject({
      nhsNumber: nhs(3),
      localPatientIdentifier: 'RX100237',
      firstName: 'Ann-Marie',
      ethnicGroup: 'Z',
      smoking: 'Z',
    });
    expect(result.warnings).toEqual([
      { rowNumber: 11, field: null, message: warningMessages.totalsRowSkipped },
    ]);
  });

  it('reads a UTF-8 WLMDS extract with a BOM and warehouse column names', async () => {
    const result = await waitingList(fixture('wlmds-utf8-bom.csv'), { procedure: 'knee-hip' });
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', encoding: 'utf-8', delimiter: ',' });
    expect(result.outcome.diffHeaders.unexpected).toEqual([
      'waiting_list_type',
      'activity_treatment_function_code',
    ]);
    expect(
      result.rows.map((r) => [r.record.sex, r.record.ethnicGroup, r.record.operationType, r.record.priority]),
    ).toEqual([
      ['M', 'A', 'hip', 'P3'],
      ['F', 'J', 'knee', 'P2'],
      [null, '99', 'hip', 'P4'],
      ['F', 'R', 'knee', 'P1a'],
    ]);
    expect(result.rows[3]!.record).toMatchObject({
      nhsNumber: null,
      localPatientIdentifier: 'LPI0004',
      tciDate: '2025-03-20',
    });
    // referral_to_treatment_period_start_date, the only date: the clock start and the referral date.
    expect(result.rows[0]!.record).toMatchObject({
      referralDate: '2024-02-01',
      clockStart: '2024-02-01',
      priorityDate: '2024-02-01',
    });
  });

  it('reads an xlsx from its data sheet: banner rows, date cells, formulas by their stored results, hidden sheet skipped', async () => {
    const result = await waitingList(fixture('ptl-two-sheets.xlsx'), {}, 'ptl.xlsx');
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      format: 'xlsx',
      sheetName: 'PTL',
      headerRowNumber: 3,
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.hiddenSheetsSkipped(['Old list']),
      warningMessages.sheetUsed('PTL'),
    ]);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([4, 5, 6]);
    expect(result.rows.map((r) => r.record.nhsNumber)).toEqual([nhs(0), nhs(1), nhs(2)]);
    expect(result.rows[0]!.record).toMatchObject({
      dateOfBirth: '1948-02-01',
      referralDate: '2024-03-12',
      tciDate: '2025-04-15',
      height: 162,
    });
    expect(result.rows.map((r) => [r.record.comorbidities.hypt, r.record.comorbidities.hfl])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
  });

  it('reads a legacy .xls', async () => {
    const result = await waitingList(fixture('legacy-pas.xls'), { procedure: 'hip' }, 'list.xls');
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', format: 'xls', headerRowNumber: 2 });
    expect(
      result.rows.map((r) => [
        r.rowNumber,
        r.record.nhsNumber,
        r.record.dateOfBirth,
        r.record.referralDate,
        r.record.tciDate,
      ]),
    ).toEqual([
      [3, nhs(7), '1949-09-09', '2024-02-02', '2025-05-05'],
      [4, nhs(8), '1957-12-31', '2023-12-01', null],
    ]);
  });

  it('reads tab-delimited and pipe-delimited files and UTF-16 "Unicode text"', async () => {
    const rows = [minimalHeader.split(','), [nhs(0), 'Ann', 'Lee', '01/01/1950', 'F', '01/01/2024']];
    for (const delimiter of ['\t', '|']) {
      const result = await waitingList(rows.map((r) => r.join(delimiter)).join('\n'));
      expect(result.outcome).toMatchObject({ status: 'VALIDATED', delimiter });
    }
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      iconv.encode(rows.map((r) => r.join('\t')).join('\r\n'), 'utf16le'),
    ]);
    expect((await waitingList(utf16)).outcome).toMatchObject({ status: 'VALIDATED', encoding: 'utf-16le' });
  });
});

describe('waiting list: invalid rows', () => {
  it('reports every kind of invalid row with a plain-English reason, by the line the user sees', async () => {
    const result = await waitingList(fixture('dirty-rows.csv'), { procedure: 'knee' });
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { rows: 29, valid: 1, invalid: 28 },
    });
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2]);
    const expected: Record<number, string> = {
      3: `nhsNumber: ${rowMessages.nhsChecksum('9990000019')}`,
      4: `nhsNumber: ${rowMessages.nhsRepeated('4444444444')}`,
      5: `null: ${rowMessages.noIdentifier}`,
      6: 'dateOfBirth: Date of birth 31/02/1950 is not a real date.',
      7: `dateOfBirth: ${rowMessages.dobFuture('01/01/2030')}`,
      8: `dateOfBirth: ${rowMessages.dobTooOld('01/01/1905')}`,
      9: `tciDate: ${rowMessages.tciBeforeReferral('01/05/2024', '01/06/2024')}`,
      10: `height: ${rowMessages.height('300')}`,
      11: `weight: ${rowMessages.weight('0.5')}`,
      12: `sex: ${rowMessages.sex('Q')}`,
      13: `ethnicGroup: ${rowMessages.ethnic('Y')}`,
      14: `smoking: ${rowMessages.smoking('7')}`,
      15: `surgery: ${rowMessages.readiness('Soon')}`,
      16: `social: ${rowMessages.social('Fine')}`,
      17: `priority: ${rowMessages.priority('P9')}`,
      18: `hypt: ${rowMessages.yesNo('Hypertension', 'maybe')}`,
      19: `surgeonName: ${rowMessages.surgeonTooLong(39)}`,
      20: `localPatientIdentifier: ${rowMessages.localTooLong(31)}`,
      21: `operationType: ${rowMessages.operationMismatch('hip', 'knee')}`,
      22: `null: ${rowMessages.duplicate(2, 'NHS number 999 000 0018')}`,
      23: `lastName: ${rowMessages.badCharacter('Surname')}`,
      24: `firstName: ${rowMessages.badCharacter('Forename')}`,
      25: `referralDate: ${rowMessages.dateMonthFirst('Referral date', '12/25/2020')}`,
      26: `referralDate: ${rowMessages.datePlaceholder('Referral date', '01/01/1900')}`,
      27: `dateOfBirth: ${rowMessages.dateTwoDigitYear('Date of birth', '01/02/45')}`,
      28: `referralDate: ${rowMessages.dateSerial('Referral date', '45000')}`,
      29: `tciDate: ${rowMessages.dateFormat('TCI date', 'next week')}`,
      30: `operationType: ${rowMessages.operation('Shoulder')}`,
    };
    for (const [rowNumber, message] of Object.entries(expected)) {
      expect(errorsOf(result, Number(rowNumber)), `row ${rowNumber}`).toEqual([message]);
    }
    expect(rowMessages.duplicate(2, 'NHS number 999 000 0018')).toBe(
      'The same patient pathway (NHS number 999 000 0018) is already in row 2: remove one of them.',
    );
  });

  it('gives an invalid row its raw cells by field key, cut to 100 characters', async () => {
    const longName = 'x'.repeat(150);
    const result = await waitingList(
      `${minimalHeader},Ward\n${nhs(0)}x,${longName},Lee,31/02/1950,F,01/01/2024,W1\n`,
    );
    expect(result.invalidRows[0]!.values).toEqual({
      nhsNumber: `${nhs(0)}x`,
      firstName: 'x'.repeat(100),
      lastName: 'Lee',
      dateOfBirth: '31/02/1950',
      sex: 'F',
      referralDate: '01/01/2024',
    });
    expect(result.invalidRows[0]!.errors.map((e) => e.field)).toEqual(['nhsNumber', 'dateOfBirth']);
  });

  it('reports Excel-mangled identifiers and never repairs them', async () => {
    const result = await waitingList(fixture('excel-mangled.csv'));
    expect(result.rows.map((r) => r.rowNumber)).toEqual([7]);
    expect(errorsOf(result, 2)).toEqual([
      'nhsNumber: Excel has turned this NHS number into 9.99E+09; format the column as text and export again.',
    ]);
    expect(errorsOf(result, 3)).toEqual([`nhsNumber: ${rowMessages.nhsDecimal(`${nhs(1)}.0`)}`]);
    expect(errorsOf(result, 4)).toEqual([`nhsNumber: ${rowMessages.nhsLength('990000018', 9)}`]);
    expect(errorsOf(result, 5)).toEqual([
      `localPatientIdentifier: ${rowMessages.localScientific('1.23457E+11')}`,
    ]);
    expect(errorsOf(result, 6)).toEqual([`localPatientIdentifier: ${rowMessages.localDecimal('123456.0')}`]);
  });

  it('matches pathways by NHS number, else local identifier', async () => {
    const result = await waitingList(
      [
        'NHS Number,Hospital Number,Forename,Surname,DOB,Sex,Referral Date',
        `${nhs(0)},H1,A,B,01/01/1950,F,01/01/2024`,
        `${spaced(nhs(0))},H2,A,B,01/01/1950,F,01/01/2024`,
        `,H3,A,B,01/01/1950,F,01/01/2024`,
        `,H3,A,B,01/01/1950,F,01/01/2024`,
        `${nhs(1)},H3,A,B,01/01/1950,F,01/01/2024`,
      ].join('\n'),
    );
    expect(errorsOf(result, 3)).toEqual([`null: ${rowMessages.duplicate(2, 'NHS number 999 000 0018')}`]);
    expect(errorsOf(result, 5)).toEqual([`null: ${rowMessages.duplicate(4, 'local patient identifier H3')}`]);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 4, 6]);
  });

  it('refuses both rows of one NHS number with two dates of birth, the earlier once however many follow (decision 0055)', async () => {
    const result = await waitingList(
      [
        'NHS Number,Hospital Number,Forename,Surname,DOB,Sex,Referral Date',
        `${nhs(0)},RAN981432,Margaret,Hughes,12/03/1951,F,14/01/2026`,
        `${nhs(1)},RAN981433,Arthur,Pryce,02/11/1948,M,03/02/2026`,
        `${spaced(nhs(0))},RAN100555,Gareth,Jenkins,04/07/1960,M,20/02/2026`,
        `${nhs(0)},RAN100556,Eleri,Rees,19/05/1972,F,21/02/2026`,
        `${nhs(0)},RAN981432,Margaret,Hughes,12/03/1951,F,14/01/2026`,
      ].join('\n'),
    );
    const identity = 'NHS number 999 000 0018';
    expect(errorsOf(result, 2)).toEqual([
      `dateOfBirth: ${identityMessages.fileConflict(identity, 4, '1960-07-04', '1951-03-12')}`,
    ]);
    expect(errorsOf(result, 4)).toEqual([
      `dateOfBirth: ${identityMessages.fileConflict(identity, 2, '1951-03-12', '1960-07-04')}`,
    ]);
    expect(errorsOf(result, 5)).toEqual([
      `dateOfBirth: ${identityMessages.fileConflict(identity, 2, '1951-03-12', '1972-05-19')}`,
    ]);
    // The same date of birth again is the plain duplicate it always was.
    expect(errorsOf(result, 6)).toEqual([`null: ${rowMessages.duplicate(2, identity)}`]);
    expect(result.invalidRows.filter((row) => row.rowNumber === 2)).toHaveLength(1);
    expect(result.outcome.totals).toMatchObject({ rows: 5, valid: 1, invalid: 4 });
    expect(identityMessages.fileConflict(identity, 4, '1960-07-04', '1951-03-12')).toBe(
      'NHS number 999 000 0018 is also in row 4 with another date of birth (04-Jul-1960); this row says 12-Mar-1951. One NHS number is one patient: check both rows in the source system.',
    );
  });

  it('finds each repeated NHS number among thousands, naming the row it was first on', async () => {
    const numbers = Array.from({ length: 3_000 }, (_, i) => nhs(i));
    const repeats = [0, 1_023, 1_024, 2_999];
    const lines = [
      'NHS Number,Forename,Surname,DOB,Sex,Referral Date',
      ...[...numbers, ...repeats.map((i) => numbers[i]!)].map((n) => `${n},A,B,01/01/1950,F,01/01/2024`),
    ];
    const result = await waitingList(lines.join('\n'));
    expect(result.outcome.totals).toMatchObject({ rows: 3_004, valid: 3_000, invalid: 4 });
    repeats.forEach((i, k) => {
      const shown = `NHS number ${numbers[i]!.slice(0, 3)} ${numbers[i]!.slice(3, 6)} ${numbers[i]!.slice(6)}`;
      expect(errorsOf(result, 3_002 + k)).toEqual([`null: ${rowMessages.duplicate(i + 2, shown)}`]);
    });
  });

  it('fills a blank operation with the chosen procedure and checks the others against it', async () => {
    const csv = [
      'NHS Number,Forename,Surname,DOB,Sex,Referral Date,Procedure',
      ...['', 'W401', 'W371', 'knee-hip'].map((op, i) => `${nhs(i)},A,B,01/01/1950,F,01/01/2024,${op}`),
    ].join('\n');
    const hip = await waitingList(csv, { procedure: 'hip' });
    expect(hip.rows.map((r) => [r.rowNumber, r.record.operationType])).toEqual([
      [2, 'hip'],
      [4, 'hip'],
    ]);
    expect(errorsOf(hip, 3)).toEqual([`operationType: ${rowMessages.operationMismatch('knee', 'hip')}`]);
    expect(errorsOf(hip, 5)).toEqual([`operationType: ${rowMessages.operationMismatch('knee-hip', 'hip')}`]);
    const both = await waitingList(csv, { procedure: 'knee-hip' });
    expect(both.rows.map((r) => r.record.operationType)).toEqual(['knee-hip', 'knee', 'hip', 'knee-hip']);
  });

  it('warns, without refusing, about a future referral date and a height in metres', async () => {
    const result = await waitingList(`${minimalHeader},Height\n${nhs(0)},A,B,01/01/1950,F,01/01/2026,1.7\n`);
    expect(result.outcome.status).toBe('VALIDATED');
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.referralInFuture('01/01/2026'),
      warningMessages.heightInMetres('1.7'),
    ]);
  });

  it('warns, naming the field and row, about a date of birth left blank or "not known" (docs/import-format.md "Warnings")', async () => {
    const csv = [
      'Trauma & Orthopaedics PTL;;;;;;;;',
      'NHS No;Hospital No;Forename;Surname;DOB;Gender;Procedure;RTT Start Date;Consultant',
      `${spaced(nhs(0))};RX200001;Margaret;Hughes;01/02/1950;F;Total knee replacement;12/03/2024;Mr A Hamid`,
      `${spaced(nhs(1))};RX200002;Dafydd;Evans;;M;Total knee replacement;05/06/2024;Mr A Hamid`,
      `${spaced(nhs(2))};RX200003;Priya;Shah;Not known;F;W401;20/01/2024;Ms R Kaur`,
      `${spaced(nhs(3))};RX200004;Tom;Reed;31/02/1950;M;W401;20/01/2024;Ms R Kaur`,
    ].join('\r\n');
    const result = await waitingList(csv, { procedure: 'knee' });
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { rows: 4, valid: 3, invalid: 1, warnings: 2 },
    });
    expect(result.rows.map((r) => [r.rowNumber, r.record.dateOfBirth])).toEqual([
      [3, '1950-02-01'],
      [4, null],
      [5, null],
    ]);
    // A date that cannot be read is an error, not also a missing date.
    expect(errorsOf(result, 6)).toEqual([
      `dateOfBirth: ${rowMessages.dateNotReal('Date of birth', '31/02/1950')}`,
    ]);
    expect(result.warnings).toEqual([
      { rowNumber: 4, field: 'dateOfBirth', message: warningMessages.dobMissing },
      { rowNumber: 5, field: 'dateOfBirth', message: warningMessages.dobMissing },
    ]);
    expect(warningMessages.dobMissing).toBe('Date of birth is missing: the model will use its default age.');
  });

  it('warns about a blank sex, height or weight only when the active model fills it in', async () => {
    const csv = [
      'NHS No;Hospital No;Forename;Surname;DOB;Gender;Procedure;RTT Start Date;Height (cm);Weight (kg)',
      `${spaced(nhs(0))};RX300001;Margaret;Hughes;01/02/1950;F;Total knee replacement;12/03/2024;162;71`,
      `${spaced(nhs(1))};RX300002;Dafydd;Evans;14/07/1948;Not known;Total knee replacement;05/06/2024;;88`,
      `${spaced(nhs(2))};RX300003;Priya;Shah;20/11/1955;;W401;20/01/2024;158;`,
      `${spaced(nhs(3))};RX300004;Tom;Reed;03/03/1949;M;W401;20/01/2024;1.2.3;90`,
    ].join('\r\n');
    const usedByModel = await waitingList(csv, {
      procedure: 'knee',
      defaultedFields: ['height', 'weight', 'sex', 'dateOfBirth'],
    });
    expect(usedByModel.warnings).toEqual([
      { rowNumber: 3, field: 'sex', message: warningMessages.sexMissing },
      { rowNumber: 3, field: 'height', message: warningMessages.heightMissing },
      { rowNumber: 4, field: 'sex', message: warningMessages.sexMissing },
      { rowNumber: 4, field: 'weight', message: warningMessages.weightMissing },
    ]);
    // Row 5's height cannot be read: an error, not also a missing height.
    expect(errorsOf(usedByModel, 5).map((error) => error.split(':')[0])).toEqual(['height']);
    const notUsed = await waitingList(csv, { procedure: 'knee', defaultedFields: ['dateOfBirth'] });
    expect(notUsed.warnings).toEqual([]);
  });

  it('warns once of a model input the file has no column for, and row by row of a blank cell (decision 0057)', async () => {
    const csv = [
      'NHS No;Hospital No;Forename;Surname;DOB;Gender;Procedure;RTT Start Date;Height (cm);Weight (kg);Smoking',
      `${spaced(nhs(0))};RX300001;Margaret;Hughes;01/02/1950;F;W401;12/03/2024;162;71;4`,
      `${spaced(nhs(1))};RX300002;Dafydd;Evans;14/07/1948;M;W401;05/06/2024;170;88;`,
      `${spaced(nhs(2))};RX300003;Priya;Shah;20/11/1955;F;W401;20/01/2024;158;60;2`,
    ].join('\r\n');
    const result = await waitingList(csv, {
      procedure: 'knee',
      defaultWords: { ethnicGroup: 'White: British', smoking: 'Never smoked', af: 'No' },
    });
    // No Ethnic category or atrial fibrillation column: one warning each for the file, none per row.
    expect(result.warnings).toEqual([
      {
        rowNumber: null,
        field: 'ethnicGroup',
        message: warningMessages.absentInput('Ethnic category', 'White: British'),
      },
      { rowNumber: null, field: 'af', message: warningMessages.absentInput('Atrial fibrillation', 'No') },
      {
        rowNumber: 3,
        field: 'smoking',
        message: warningMessages.blankInput('Smoking', 'Never smoked'),
      },
    ]);
    expect(result.outcome.totals.warnings).toBe(3);
  });

  it('refuses a cell over the cap, a row over the column cap, and a lone surrogate from a workbook', async () => {
    const capped = await waitingList(
      `${minimalHeader}\n${nhs(0)},${'A'.repeat(50)},B,01/01/1950,F,01/01/2024,x,y\n`,
      {
        limits: { maxCellChars: 20, maxColumns: 7 },
      },
    );
    expect(errorsOf(capped, 2)).toEqual([
      `firstName: ${rowMessages.cellTooLong('Forename', 20)}`,
      `null: ${rowMessages.tooManyColumns(8, 7)}`,
    ]);
    // A character reference to half a surrogate pair: XML cannot hold it, but a careless writer emits it.
    const xml = sheetXml([
      minimalHeader.split(','),
      [nhs(0), 'JoSURROGATEn', 'B', '01/01/1950', 'F', '01/01/2024'],
    ]);
    const surrogate = await waitingList(
      minimalWorkbook({
        sheet: { name: 'xl/worksheets/sheet1.xml', data: xml.replace('SURROGATE', '&#xD800;') },
      }),
      {},
      'x.xlsx',
    );
    expect(errorsOf(surrogate, 2)).toEqual([`firstName: ${rowMessages.badCharacter('Forename')}`]);
  });
});

describe('waiting list: file-level errors', () => {
  it('lists missing required columns by their template names', async () => {
    const result = await waitingList('Hospital Number,First Name,Notes\nH1,Ann,x\n');
    expect(result.outcome).toMatchObject({
      status: 'FAILED',
      diffHeaders: { missing: ['Surname', 'Date of Birth', 'Sex', 'Referral Date'], unexpected: ['Notes'] },
    });
    expect(result.outcome.error).toBe(
      fileMessages.missingColumns(['Surname', 'Date of Birth', 'Sex', 'Referral Date']),
    );
    expect(result.outcome.baseErrors).toEqual([result.outcome.error]);
    const noIdentifier = await waitingList(
      'Forename,Surname,DOB,Sex,Referral Date\nA,B,01/01/1950,F,01/01/2024\n',
    );
    expect(noIdentifier.outcome.diffHeaders.missing).toEqual(['NHS Number or Local Patient Identifier']);
  });

  it('says so when a blood-test file is chosen in the waiting-list picker', async () => {
    const result = await waitingList(fixture('pathology-long.csv'));
    expect(result.outcome.error).toBe(
      'This looks like a blood test file: choose it in the blood test picker.',
    );
  });

  it('fails a file with no header, no data rows, or nothing at all', async () => {
    expect((await waitingList('just,some,words\n1,2,3\n')).outcome.error).toBe(fileMessages.noHeader);
    expect((await waitingList(`${minimalHeader}\n\n,,,,,\n`)).outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.noDataRows,
    });
    expect((await waitingList('')).outcome.error).toBe(fileMessages.empty);
  });

  it('fails the wrong kind of file, an encrypted workbook and a zip bomb', async () => {
    expect((await waitingList(fixture('scanned-list.csv'))).outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.pdf,
      format: null,
    });
    expect((await waitingList(fixture('password-protected.xlsx'))).outcome.error).toBe(
      fileMessages.encrypted,
    );
    expect((await waitingList(fixture('zip-bomb.xlsx'))).outcome.status).toBe('FAILED');
  });

  it('fails past the row cap and the file-size cap', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => `${nhs(i)},A,B,01/01/1950,F,01/01/2024`);
    const many = await waitingList(`${minimalHeader}\n${rows.join('\n')}\n`, { limits: { maxRows: 5 } });
    expect(many.outcome).toMatchObject({ status: 'FAILED', error: fileMessages.tooManyRows(5) });
    const big = await waitingList(`${minimalHeader}\n${rows.join('\n')}\n`, {
      limits: { maxFileBytes: 100 },
    });
    expect(big.outcome.error).toBe(fileMessages.tooBig(100));
  });

  it('fails a header wider than the column cap', async () => {
    const result = await waitingList(`${minimalHeader},a,b,c\n`, { limits: { maxColumns: 7 } });
    expect(result.outcome.error).toBe(fileMessages.headerTooWide(9, 7));
  });
});

describe('waiting list: streaming', () => {
  it('yields batches of about 1,000 rows as it reads', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `${nhs(i)},A,B,01/01/1950,F,01/01/2024`);
    const result = await waitingList(`${minimalHeader}\n${rows.join('\n')}\n`);
    expect(result.outcome.totals).toEqual({ rows: 2500, valid: 2500, invalid: 0, warnings: 0 });
    expect(result.batches.length).toBeGreaterThanOrEqual(3);
    for (const batch of result.batches) expect(batch.rows.length).toBeLessThan(2000);
  });

  it('reads numbers, booleans and date cells an xlsx writer produces', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow([...minimalHeader.split(','), 'Heart Failure', 'Weight']);
    sheet.addRow([Number(nhs(0)), 'A', 'B', new Date(Date.UTC(1950, 0, 31)), 'F', 45322, true, 70.5]);
    sheet.getCell('D2').numFmt = 'd-mmm-yy';
    const result = await waitingList(Buffer.from(await workbook.xlsx.writeBuffer()), {}, 'x.xlsx');
    expect(result.rows[0]!.record).toMatchObject({
      nhsNumber: nhs(0),
      dateOfBirth: '1950-01-31',
      referralDate: '2024-01-31',
      weight: 70.5,
      comorbidities: expect.objectContaining({ hfl: 1 }),
    });
  });
});
