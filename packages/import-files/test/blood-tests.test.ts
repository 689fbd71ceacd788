import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simpleDecimal } from '../src/blood-test-results.js';
import { fileMessages, identityMessages, rowMessages, warningMessages } from '../src/messages.js';
import { bloodTests, errorsOf, fixture } from './helpers/collect.js';
import { spaced, testNhsNumber } from './helpers/nhs.js';

const nhs = testNhsNumber;
const header = 'NHS Number,Test Name,Result,Unit,Sample Date';

describe('blood tests: long format', () => {
  it('reads a pathology extract: codes and names, flags, limits, comments, other units, latest sample wins', async () => {
    const result = await bloodTests(fixture('pathology-long.csv'));
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      layout: 'long',
      patients: 3,
      totals: { rows: 19, valid: 16, invalid: 3 },
      diffHeaders: { missing: [], unexpected: ['Ref Range', 'Flag'] },
    });
    expect(result.rows).toEqual([
      {
        nhsNumber: nhs(0),
        localPatientIdentifier: 'RX100234',
        // Hb 12.9 g/dL on 03/02 replaces 131 g/L on 01/12; creatinine 1.1 mg/dL × 88.4; albumin 3.9 g/dL × 10.
        results: {
          haemoglobin: 129,
          whiteBloodCount: 11.5,
          plateletCount: 150,
          urea: 7.2,
          creatinine: 97.24,
          egfr: 90,
          albumin: 39,
          crp: 5,
        },
        sampleDates: {
          haemoglobin: '2025-02-03',
          whiteBloodCount: '2025-02-03',
          plateletCount: '2025-02-03',
          urea: '2025-02-03',
          creatinine: '2025-02-03',
          egfr: '2025-02-03',
          albumin: '2025-02-03',
          crp: '2025-02-03',
        },
        rowNumbers: [3, 4, 5, 6, 7, 8, 10, 11],
      },
      {
        nhsNumber: nhs(1),
        localPatientIdentifier: null,
        results: { haemoglobin: 121, sodium: 170 },
        sampleDates: { haemoglobin: '2025-01-10', sodium: '2025-01-10' },
        rowNumbers: [13, 14],
      },
      {
        nhsNumber: null,
        localPatientIdentifier: 'RX999001',
        results: { crp: 12 },
        sampleDates: { crp: '2025-01-10' },
        rowNumbers: [17],
      },
    ]);
    expect(errorsOf(result, 18)).toEqual([`testName: ${rowMessages.noTestName}`]);
    expect(errorsOf(result, 19)).toEqual([`sampleDate: ${rowMessages.sampleFuture('01/01/2099')}`]);
    expect(errorsOf(result, 20)).toEqual([`nhsNumber: ${rowMessages.nhsChecksum('9990000019')}`]);
    expect(result.warnings).toEqual([
      { rowNumber: 8, field: 'egfr', message: warningMessages.aboveLimit('eGFR', '>90', 90) },
      {
        rowNumber: 9,
        field: 'sodium',
        message: "Sodium result 'haemolysed' is not a number, so no value was taken from this row.",
      },
      { rowNumber: 11, field: 'crp', message: warningMessages.belowLimit('CRP', '<5', 5) },
      {
        rowNumber: 13,
        field: 'haemoglobin',
        message: warningMessages.guessedUnit('Haemoglobin', '12.1', 'g/dL', 121, 'g/L'),
      },
      {
        rowNumber: 14,
        field: 'sodium',
        message: warningMessages.outOfRange('Sodium', 170, 'mmol/L', 100, 160),
      },
      {
        rowNumber: null,
        field: 'testName',
        message: "Test 'Ferritin' is not one the model uses; its 2 rows were skipped.",
      },
      { rowNumber: null, field: 'testName', message: warningMessages.unknownTest('Vitamin D', 1) },
    ]);
  });

  it('breaks a same-day tie by time, then by the later row', async () => {
    const result = await bloodTests(
      [
        header,
        `${nhs(0)},Hb,130,g/L,03/02/2025 10:00`,
        `${nhs(0)},Hb,120,g/L,03/02/2025 08:00`,
        `${nhs(0)},CRP,7,mg/L,03/02/2025`,
        `${nhs(0)},CRP,9,mg/L,03/02/2025`,
        `${nhs(0)},Urea,5,mmol/L,04/02/2025`,
        `${nhs(0)},Urea,insufficient sample,mmol/L,05/02/2025`,
      ].join('\n'),
    );
    expect(result.rows[0]!.results).toEqual({ haemoglobin: 130, crp: 9, urea: 5 });
    expect(result.rows[0]!.rowNumbers).toEqual([2, 5, 6]);
  });

  it('refuses rows with no identifier, a bad identifier or an unreal, placeholder or missing sample date', async () => {
    const result = await bloodTests(
      [
        'NHS Number,Hospital Number,Test Name,Result,Unit,Sample Date',
        `,,Hb,130,g/L,03/02/2025`,
        `9.99E+09,,Hb,130,g/L,03/02/2025`,
        `${nhs(0)},,Hb,130,g/L,31/02/2025`,
        `${nhs(0)},,Hb,130,g/L,01/01/1900`,
        `${nhs(0)},,Hb,130,g/L,`,
        `,${'L'.repeat(31)},Hb,130,g/L,03/02/2025`,
      ].join('\n'),
    );
    expect(result.outcome.status).toBe('VALIDATED_WITH_ERRORS');
    expect(errorsOf(result, 2)).toEqual([`null: ${rowMessages.noIdentifier}`]);
    expect(errorsOf(result, 3)).toEqual([`nhsNumber: ${rowMessages.nhsScientific('9.99E+09')}`]);
    expect(errorsOf(result, 4)).toEqual([
      `sampleDate: ${rowMessages.dateNotReal('Sample date', '31/02/2025')}`,
    ]);
    expect(errorsOf(result, 5)).toEqual([
      `sampleDate: ${rowMessages.datePlaceholder('Sample date', '01/01/1900')}`,
    ]);
    expect(errorsOf(result, 6)).toEqual([`sampleDate: ${rowMessages.sampleMissing}`]);
    expect(errorsOf(result, 7)).toEqual([`localPatientIdentifier: ${rowMessages.localTooLong(31)}`]);
  });

  it('refuses a row whose result no patient can have, and only warns about one outside the model’s range', async () => {
    const result = await bloodTests(
      [
        'NHS Number,Test Name,Result,Unit,Sample Date',
        `${nhs(0)},Hb,500,g/L,03/02/2025`,
        `${nhs(0)},Hb,-50,g/L,03/02/2025`,
        `${nhs(0)},Hb,0,g/L,03/02/2025`,
        `${nhs(0)},Hb,1e308,g/L,03/02/2025`,
        `${nhs(0)},Hb,2.1,,03/02/2025`,
        `${nhs(0)},Sodium,300 H,mmol/L,03/02/2025`,
        `${nhs(1)},Hb,45,g/L,03/02/2025`,
        `${nhs(1)},Hb,250,g/L,02/02/2025`,
      ].join('\n'),
    );
    expect(result.outcome.totals).toMatchObject({ rows: 8, valid: 2, invalid: 6 });
    const impossible = (raw: string, value: number) =>
      `haemoglobin: ${rowMessages.impossibleResult('Haemoglobin', raw, value, 'g/L', 30, 250)}`;
    expect(errorsOf(result, 2)).toEqual([impossible('500', 500)]);
    expect(errorsOf(result, 3)).toEqual([impossible('-50', -50)]);
    expect(errorsOf(result, 4)).toEqual([impossible('0', 0)]);
    expect(errorsOf(result, 5)).toEqual([impossible('1e308', 1e308)]);
    // No unit: 2.1 is taken as g/dL, 21 g/L, which no patient can have either.
    expect(errorsOf(result, 6)).toEqual([impossible('2.1', 21)]);
    expect(errorsOf(result, 7)).toEqual([
      `sodium: ${rowMessages.impossibleResult('Sodium', '300 H', 300, 'mmol/L', 80, 250)}`,
    ]);
    // The first patient has no result left; the second keeps the latest, outside the model's range.
    expect(result.rows.map((row) => [row.nhsNumber, row.results])).toEqual([[nhs(1), { haemoglobin: 45 }]]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.outOfRange('Haemoglobin', 45, 'g/L', 50, 200),
      warningMessages.outOfRange('Haemoglobin', 250, 'g/L', 50, 200),
    ]);
  });

  it('refuses a wide row whole when one of its results no patient can have', async () => {
    const result = await bloodTests(
      [`NHS Number,Hb (g/L),Sodium,CRP`, `${nhs(0)},131,139,5`, `${nhs(1)},132,-140,4`].join('\n'),
    );
    expect(result.outcome.totals).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
    expect(errorsOf(result, 3)).toEqual([
      `sodium: ${rowMessages.impossibleResult('Sodium', '-140', -140, 'mmol/L', 80, 250)}`,
    ]);
    expect(result.rows.map((row) => row.nhsNumber)).toEqual([nhs(0)]);
  });

  it('converts units from the unit column, and warns about units it does not know', async () => {
    const result = await bloodTests(
      [
        header,
        `${nhs(0)},Hemoglobin,13.1,g/dL,03/02/2025`,
        `${nhs(0)},Creatinine,0.9,mg/dL,03/02/2025`,
        `${nhs(0)},Albumin,4.1,g/dL,03/02/2025`,
        `${nhs(0)},C-reactive protein,1.2,mg/dL,03/02/2025`,
        `${nhs(0)},Urea,30,mg/dL,03/02/2025`,
        `${nhs(0)},Platelets,250,x10^9/L,03/02/2025`,
      ].join('\n'),
    );
    expect(result.rows[0]!.results).toEqual({
      haemoglobin: 131,
      creatinine: 79.56,
      albumin: 41,
      crp: 12,
      urea: 30,
      plateletCount: 250,
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.unknownUnit('Urea', 'mg/dL', 'mmol/L'),
      warningMessages.outOfRange('Urea', 30, 'mmol/L', 1, 15),
    ]);
  });

  it('caps warnings of one kind and sums up the rest', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `${nhs(i)},CRP,<5,mg/L,03/02/2025`);
    const result = await bloodTests([header, ...rows].join('\n'), { limits: { maxWarningsPerKind: 10 } });
    expect(result.warnings).toHaveLength(11);
    expect(result.warnings[10]!.message).toBe(
      warningMessages.more(20, warningMessages.belowLimit('CRP', '<5', 5)),
    );
    expect(result.outcome.totals.warnings).toBe(11);
    expect(result.rows).toHaveLength(30);
  });

  it('counts every warning by kind, past the cap too, each group in words (decision 0037)', async () => {
    const rows = [
      ...Array.from({ length: 1_602 }, (_, i) => `${nhs(i)},CRP,<5,mg/L,03/02/2025`),
      `${nhs(0)},Urea,30,mmol/L,03/02/2025`,
      `${nhs(1)},Ferritin,80,ug/L,03/02/2025`,
    ];
    const result = await bloodTests([header, ...rows].join('\n'), { limits: { maxWarningsPerKind: 1_000 } });
    expect(result.outcome.warningGroups).toEqual([
      {
        kind: 'limit:crp',
        field: 'crp',
        count: 1_602,
        message: "1,602 CRP results are a lab's reporting limit (such as '<5'): the limit was used.",
      },
      {
        kind: 'range:urea',
        field: 'urea',
        count: 1,
        message: '1 Urea result is outside the range the risk model accepts: check it.',
      },
      { kind: 'note', field: 'testName', count: 1, message: warningMessages.unknownTest('Ferritin', 1) },
    ]);
    // The line that sums up the capped ones is not a kind of its own.
    expect(result.warnings.at(-1)!.message).toBe(
      warningMessages.more(602, warningMessages.belowLimit('CRP', '<5', 5)),
    );
  });

  it('reads a test code column alone (SNOMED codes kept as text)', async () => {
    const result = await bloodTests(
      `NHS Number,SNOMED Code,Value,Collected Date\n${nhs(0)},1022431000000105,131,03/02/2025\n`,
    );
    expect(result.rows[0]!.results).toEqual({ haemoglobin: 131 });
  });

  it('reads blood tests from an xlsx with a date-time cell', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['Pathology extract']);
    sheet.addRow(['NHS Number', 'Test', 'Result', 'Units', 'Collection Date']);
    sheet.addRow([nhs(0), 'Na', 139, 'mmol/L', new Date(Date.UTC(2025, 1, 3, 9, 30))]);
    sheet.getCell('E3').numFmt = 'dd/mm/yyyy hh:mm';
    const result = await bloodTests(Buffer.from(await workbook.xlsx.writeBuffer()), {}, 'r.xlsx');
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', format: 'xlsx', headerRowNumber: 2 });
    expect(result.rows[0]).toMatchObject({
      results: { sodium: 139 },
      sampleDates: { sodium: '2025-02-03' },
      rowNumbers: [3],
    });
  });
});

describe('blood tests: wide format', () => {
  it('reads one row per patient with a column per test, units from the headers, latest row per test', async () => {
    const result = await bloodTests(fixture('blood-wide.tsv.csv'));
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      layout: 'wide',
      delimiter: '\t',
      patients: 3,
    });
    expect(result.rows[0]).toEqual({
      nhsNumber: nhs(0),
      localPatientIdentifier: 'RX100234',
      results: {
        haemoglobin: 129,
        whiteBloodCount: 6.1,
        plateletCount: 250,
        urea: 5.5,
        creatinine: 80,
        egfr: 90,
        sodium: 139,
        albumin: 41,
        crp: 5,
      },
      sampleDates: Object.fromEntries(
        [
          'haemoglobin',
          'whiteBloodCount',
          'plateletCount',
          'urea',
          'creatinine',
          'egfr',
          'sodium',
          'albumin',
          'crp',
        ].map((k) => [k, '2025-02-03']),
      ),
      rowNumbers: [2],
    });
    expect(result.rows[2]).toMatchObject({
      nhsNumber: null,
      localPatientIdentifier: 'RX999001',
      results: { whiteBloodCount: 7, plateletCount: 310, crp: 12 },
    });
  });

  it('converts a g/dL header and needs no sample date column', async () => {
    const result = await bloodTests(`NHS Number,Hb (g/dL),Creatinine\n${nhs(0)},13.2,1.0\n`);
    expect(result.outcome.layout).toBe('wide');
    expect(result.rows[0]!.results).toEqual({ haemoglobin: 132, creatinine: 88.4 });
    expect(result.rows[0]!.sampleDates).toEqual({});
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.guessedUnit('Creatinine', '1.0', 'mg/dL', 88.4, 'µmol/L'),
    ]);
  });
});

describe('blood tests: file-level errors', () => {
  it('lists missing long-format columns', async () => {
    const result = await bloodTests('NHS Number,Test Name\n9990000018,Hb\n');
    expect(result.outcome).toMatchObject({
      status: 'FAILED',
      layout: 'long',
      diffHeaders: { missing: ['Result', 'Sample Date'] },
      error: fileMessages.missingColumns(['Result', 'Sample Date']),
    });
    const noId = await bloodTests('Test Name,Result,Sample Date\nHb,1,01/01/2025\n');
    expect(noId.outcome.diffHeaders.missing).toEqual(['NHS Number or Local Patient Identifier']);
  });

  it('says so when a waiting list is chosen in the blood-test picker', async () => {
    const result = await bloodTests(fixture('wlmds-utf8-bom.csv'));
    expect(result.outcome.error).toBe(
      'This looks like a waiting list file: choose it in the waiting list picker.',
    );
  });

  it('fails a file with no header, no data rows, or of the wrong kind', async () => {
    expect((await bloodTests('a,b\n1,2\n')).outcome.error).toBe(fileMessages.noHeaderBlood);
    expect((await bloodTests(`${header}\n`)).outcome.error).toBe(fileMessages.noDataRows);
    expect((await bloodTests(fixture('scanned-list.csv'))).outcome.error).toBe(fileMessages.pdf);
    expect((await bloodTests(fixture('password-protected.xlsx'))).outcome.error).toBe(fileMessages.encrypted);
  });

  it('fails past the row cap', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => `${nhs(i)},Hb,130,g/L,03/02/2025`);
    const result = await bloodTests([header, ...rows].join('\n'), { limits: { maxRows: 5 } });
    expect(result.outcome).toMatchObject({ status: 'FAILED', error: fileMessages.tooManyRows(5) });
  });
});

describe('blood tests: a long extract read from its bytes', () => {
  const cell = (values: string[]) =>
    fc
      .tuple(fc.constantFrom(...values), fc.boolean())
      .map(([value, quoted]) => (quoted ? `"${value}"` : value));
  const extractRow = fc
    .tuple(
      cell([nhs(0), nhs(1), nhs(2), spaced(nhs(3)), '9990000019', '9.43477E+09', '', 'N/A', nhs(0)]),
      cell(['', 'RX100234', 'RX1.23E+05', 'rx 77', '']),
      cell(['Hb', 'HGB', 'Haemoglobin (g/dL)', 'WBC', 'Na', 'Sodium', 'CRP', 'eGFR', 'Ferritin', '', '  ']),
      cell([
        '134',
        '6.2',
        '12.1',
        '0.95',
        '<5',
        '>90',
        '150 H',
        'haemolysed',
        '',
        ' 131 ',
        '1e5',
        '5.',
        '-3',
        '007.50',
      ]),
      cell(['', 'g/L', 'g/dL', 'mmol/L', 'µmol/L', 'umol/L', 'furlongs', 'x10^9/L']),
      cell(['03/02/2025', '2025-02-01', '31/02/2025', '', '01/01/2099', '15-Mar-2024 10:30', '03/02/2025']),
      fc.constantFrom('', '', '', ',extra', '\u0001', '"', '\r'),
    )
    .map(
      ([nhsCell, local, test, result, unit, date, tail]) =>
        `${nhsCell},${local},${test},${result},${unit},${date}${tail}`,
    );

  it('gives the same patients, invalid rows, warnings and outcome as reading every row through the tokenizer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(extractRow, { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n'),
        async (rows, eol) => {
          const text =
            ['NHS Number,Hospital Number,Test Name,Result,Units,Sample Date', ...rows].join(eol) + eol;
          const fromBytes = await bloodTests(text);
          const throughTokenizer = await bloodTests(text, { fromBytes: false });
          expect(fromBytes.rows).toEqual(throughTokenizer.rows);
          expect(fromBytes.invalidRows).toEqual(throughTokenizer.invalidRows);
          expect(fromBytes.warnings).toEqual(throughTokenizer.warnings);
          expect(fromBytes.outcome).toEqual(throughTokenizer.outcome);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads a plain decimal result exactly as Number() does', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}(\.\d{1,6})?$/), (text) => {
        const bytes = new TextEncoder().encode(text);
        const digits = text.replace('.', '').length;
        expect(simpleDecimal(bytes, 0, bytes.length)).toBe(digits > 15 ? Number.NaN : Number(text));
      }),
      { numRuns: 5000 },
    );
    for (const text of ['', '.5', '5.', '-3', '1e5', '1,5', ' 4', '1234567890123456'])
      expect(simpleDecimal(new TextEncoder().encode(text), 0, text.length)).toBeNaN();
  });
});

describe('blood tests: a date of birth column (decision 0055)', () => {
  it('keeps each patient’s date of birth and the rows whose results are used, refusing a row that gives another', async () => {
    const result = await bloodTests(
      [
        'NHS Number,MRN,D.O.B.,Test Name,Result,Units,Sample Date',
        `${nhs(0)},RAN981432,12/03/1951,Haemoglobin,128,g/L,10/02/2025 08:15`,
        `${nhs(0)},RAN981432,12/03/1951,Haemoglobin,131,g/L,11/02/2025 08:15`,
        `${nhs(0)},RAN981432,04/07/1960,Albumin,39,g/L,11/02/2025 08:15`,
        `${nhs(1)},RAN981433,31/02/1948,Albumin,41,g/L,11/02/2025 08:15`,
        `${nhs(2)},RAN981434,,Albumin,40,g/L,11/02/2025 08:15`,
      ].join('\n'),
    );
    expect(errorsOf(result, 4)).toEqual([
      `dateOfBirth: ${identityMessages.bloodFileConflict('NHS number 999 000 0018', 2, '1951-03-12')}`,
    ]);
    expect(errorsOf(result, 5)).toEqual([
      `dateOfBirth: ${rowMessages.dateNotReal('Date of birth', '31/02/1948')}`,
    ]);
    expect(result.outcome.diffHeaders.unexpected).toEqual([]);
    expect(result.rows.map((patient) => [patient.nhsNumber, patient.rowNumbers])).toEqual([
      [nhs(0), [3]],
      [nhs(2), [6]],
    ]);
  });
});
