import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapHeader, outcomesColumns, outcomesHeaderTable } from '../src/headers.js';
import { fileMessages, rowMessages, warningMessages } from '../src/messages.js';
import { readOutcomesFile } from '../src/outcomes.js';
import type { OutcomeRecord, OutcomesOptions } from '../src/outcomes.js';
import { parseYesNo } from '../src/values.js';
import { errorsOf, fixture } from './helpers/collect.js';
import { testNhsNumber } from './helpers/nhs.js';

const nhs = testNhsNumber;
/** The day the extracts in test/files/outcomes were run. */
const today = '2026-11-12';

function outcomes(
  bytes: Uint8Array | string,
  options: Partial<OutcomesOptions> = {},
  fileName = 'outcomes.csv',
) {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return readOutcomesFile({ bytes: data, fileName }, { today, ...options });
}

/** A record as one line: row, NHS number, local identifier, date, complication, type, readmission, stay, death. */
const line = (r: OutcomeRecord) => [
  r.rowNumber,
  r.nhsNumber,
  r.localPatientIdentifier,
  r.dateOfOperation,
  r.complication90Days,
  r.complicationType,
  r.readmission30Days,
  r.lengthOfStayDays,
  r.death90Days,
];

const header =
  'NHS Number,Local Patient Identifier,Date of Operation,Complication within 90 days,Complication Type,Readmission within 30 days,Length of Stay (days),Death within 90 days';
/** A file of the template's columns, one row per `cells` (blank cells filled from a valid row). */
function templateFile(
  ...rows: Partial<Record<'nhs' | 'local' | 'date' | 'comp' | 'type' | 'readm' | 'los' | 'death', string>>[]
) {
  const lines = rows.map((row, i) => {
    const cells = {
      nhs: nhs(i),
      local: `RX${i}`,
      date: '01/10/2026',
      comp: 'N',
      type: '',
      readm: 'N',
      los: '2',
      death: 'N',
      ...row,
    };
    return [cells.nhs, cells.local, cells.date, cells.comp, cells.type, cells.readm, cells.los, cells.death]
      .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
      .join(',');
  });
  return `${[header, ...lines].join('\n')}\n`;
}

describe('outcomes file: real extracts', () => {
  it('reads a Windows-1252 PAS theatre extract: banner lines, semicolons, UK dates, Y/N and Yes/No', async () => {
    const result = await outcomes(fixture('outcomes/theatre-outcomes-cp1252.csv'));
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      error: null,
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      headerRowNumber: 3,
      totals: { rows: 6, valid: 6, invalid: 0, warnings: 4 },
      diffHeaders: { missing: [], unexpected: ['Surname', 'Procedure', 'Consultant'] },
    });
    // Row 5 (3-Oct-2026) and row 8 (03/10/2026) are the same patient and day: row 8 wins.
    expect(result.records.map(line)).toEqual([
      [4, nhs(0), 'RX200101', '2026-10-03', false, null, false, 3, false],
      [6, null, 'RX200103', '2026-10-07', true, 'Wound infection; superficial', false, 4, false],
      [7, nhs(3), 'RX200104', '2026-10-10', false, null, null, 0, null],
      [
        8,
        nhs(1),
        'RX200102',
        '2026-10-03',
        true,
        'Pneumonia — treated with antibiotics, readmitted',
        true,
        6,
        false,
      ],
      // The run date itself is not in the future; NBSP and trailing spaces are trimmed.
      [9, nhs(4), 'RX200105', '2026-11-12', true, 'Deep vein thrombosis', false, 400, false],
    ]);
    expect(result.invalidRows).toEqual([]);
    expect(result.warnings).toEqual([
      {
        rowNumber: null,
        field: null,
        message: warningMessages.columnsIgnored(['Surname', 'Procedure', 'Consultant']),
      },
      {
        rowNumber: 5,
        field: null,
        message: warningMessages.outcomeReplaced(8, 'NHS number 999 000 0026', '03/10/2026'),
      },
      { rowNumber: 9, field: 'lengthOfStayDays', message: warningMessages.lengthOfStayLong(400) },
      { rowNumber: 11, field: null, message: warningMessages.totalsRowSkipped },
    ]);
    expect(result.warningGroups.map((g) => [g.kind, g.count])).toEqual([
      ['note', 1],
      ['outcomeReplaced', 1],
      ['lengthOfStayLong', 1],
      ['totalsRow', 1],
    ]);
    expect(result.warningGroups.find((g) => g.kind === 'lengthOfStayLong')!.message).toBe(
      '1 row has a length of stay over 365 days: check it.',
    );
  });

  it('reads an xlsx from its data sheet under banner rows: date cells, a bare Excel serial, numbers and TRUE/FALSE cells', async () => {
    const result = await outcomes(fixture('outcomes/theatre-outcomes.xlsx'), {}, 'outcomes.xlsx');
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      format: 'xlsx',
      sheetName: 'Outcomes',
      headerRowNumber: 4,
      totals: { rows: 3, valid: 3, invalid: 0, warnings: 2 },
      diffHeaders: { missing: [], unexpected: ['Theatre'] },
    });
    expect(result.records.map(line)).toEqual([
      // The NHS number is a number cell; FALSE cells are no.
      [5, nhs(5), 'RX300001', '2026-10-01', false, null, false, 2, false],
      // 46300 in a General cell is an Excel date serial in a workbook.
      [6, nhs(6), 'RX300002', '2026-10-05', true, 'Dislocation', true, 7.5, false],
      // A date and time cell: the day is kept.
      [7, null, 'RX300003', '2026-10-05', true, 'Periprosthetic fracture', false, 3, false],
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.sheetUsed('Outcomes'),
      warningMessages.columnsIgnored(['Theatre']),
    ]);
  });

  it('reads a legacy .xls', async () => {
    const result = await outcomes(fixture('outcomes/theatre-outcomes.xls'), {}, 'outcomes.xls');
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      format: 'xls',
      headerRowNumber: 2,
      totals: { rows: 3, valid: 3, invalid: 0, warnings: 0 },
      diffHeaders: { missing: [], unexpected: [] },
    });
    expect(result.records.map(line)).toEqual([
      [3, nhs(7), 'PAS0001', '2026-09-28', false, null, false, 2, false],
      [4, nhs(8), 'PAS0002', '2026-09-30', true, 'Urinary tract infection', true, 4.5, false],
      [5, null, 'PAS0003', '2026-10-02', false, null, null, 1, null],
    ]);
  });

  it('refuses every kind of bad row in an Excel "Unicode text" file, each with all its errors', async () => {
    const result = await outcomes(fixture('outcomes/dirty-outcomes-utf16.csv'));
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      encoding: 'utf-16le',
      delimiter: '\t',
      totals: { rows: 18, valid: 2, invalid: 16, warnings: 0 },
    });
    expect(result.records.map((r) => r.rowNumber)).toEqual([2, 18]);
    // "Unknown" and "N/A" are not known: blank, which the optional columns allow.
    expect(result.records[1]).toMatchObject({ readmission30Days: null, death90Days: null });
    const errors = Object.fromEntries(
      result.invalidRows.map((r) => [r.rowNumber, errorsOf(result, r.rowNumber)]),
    );
    const complication = 'Complication within 90 days';
    expect(errors).toEqual({
      3: [`dateOfOperation: ${rowMessages.dateNotReal('Date of operation', '31/09/2026')}`],
      4: [`dateOfOperation: ${rowMessages.operationDateFuture}`],
      5: [`complication90Days: ${rowMessages.requiredYesNo(complication, 'maybe')}`],
      6: [`lengthOfStayDays: ${rowMessages.lengthOfStayNegative}`],
      7: [`null: ${rowMessages.noIdentifier}`],
      8: [`nhsNumber: ${rowMessages.nhsChecksum('9990000019')}`],
      9: [`complicationType: ${rowMessages.badCharacter('Complication type')}`],
      10: [`complicationType: ${rowMessages.badCharacter('Complication type')}`],
      11: [`complication90Days: ${rowMessages.complicationMissing}`],
      12: [`dateOfOperation: ${rowMessages.operationDateMissing}`],
      13: [`complicationType: ${rowMessages.complicationTypeTooLong(201, 200)}`],
      14: [`lengthOfStayDays: ${rowMessages.lengthOfStay('three')}`],
      15: [`readmission30Days: ${rowMessages.yesNo('Readmission within 30 days', 'perhaps')}`],
      16: [`localPatientIdentifier: ${rowMessages.localScientific('1.23457E+11')}`],
      17: [`dateOfOperation: ${rowMessages.dateMonthFirst('Date of operation', '12/25/2026')}`],
      19: [
        `nhsNumber: ${rowMessages.nhsChecksum('9990000019')}`,
        `complication90Days: ${rowMessages.requiredYesNo(complication, 'maybe')}`,
        `lengthOfStayDays: ${rowMessages.lengthOfStayNegative}`,
      ],
    });
    expect(rowMessages.operationDateFuture).toBe('The date of operation is in the future.');
    expect(rowMessages.lengthOfStayNegative).toBe('The length of stay cannot be negative.');
    // The row's cells as the file had them, by field key.
    expect(result.invalidRows.find((r) => r.rowNumber === 3)!.values).toEqual({
      nhsNumber: nhs(11),
      localPatientIdentifier: 'H11',
      dateOfOperation: '31/09/2026',
      complication90Days: 'N',
      readmission30Days: 'N',
      lengthOfStayDays: '2',
      death90Days: 'N',
    });
  });

  it('fails a file without the complication column, listing it', async () => {
    const result = await outcomes(fixture('outcomes/no-complication-column.csv'));
    expect(result.outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.missingColumns(['Complication within 90 days']),
      baseErrors: [fileMessages.missingColumns(['Complication within 90 days'])],
      diffHeaders: { missing: ['Complication within 90 days'], unexpected: ['Ward'] },
      totals: { rows: 0, valid: 0, invalid: 0, warnings: 0 },
    });
    expect(result.records).toEqual([]);
  });
});

describe('outcomes file: columns', () => {
  const key = (name: string) => mapHeader([name], [outcomesHeaderTable]).columns.keys().next().value ?? null;

  it.each([
    ['nhsNumber', ['NHS Number', 'NHS No.', 'nhs_number', 'Patient NHS Number']],
    [
      'localPatientIdentifier',
      ['Local Patient Identifier', 'Hospital Number', 'MRN', 'PAS Number', 'Case Note No'],
    ],
    [
      'dateOfOperation',
      [
        'Date of Operation',
        'Operation Date',
        'Date of Surgery',
        'Surgery Date',
        'Procedure Date',
        'Admission Date (Operation)',
        'OPDATE',
        'Date Operated',
        'operation_date',
      ],
    ],
    [
      'complication90Days',
      [
        'Complication within 90 days',
        'Complication',
        'Complication (90 days)',
        'Any Complication',
        'Post-op Complication',
        'POST OP COMPLICATION',
        'Adverse Event',
      ],
    ],
    ['complicationType', ['Complication Type', 'Type of Complication', 'Complication Details']],
    [
      'readmission30Days',
      ['Readmission within 30 days', 'Readmission', 'Readmitted within 30 days', 'Readmission (30 days)'],
    ],
    [
      'lengthOfStayDays',
      ['Length of Stay (days)', 'Length of Stay', 'LOS', 'LOS (days)', 'Length of stay [days]'],
    ],
    [
      'death90Days',
      ['Death within 90 days', 'Died', 'Death (90 days)', 'Died within 90 days', '90 day mortality'],
    ],
  ])('%s', (expected, names) => {
    for (const name of names) expect([name, key(name)]).toEqual([name, expected]);
  });

  it('has the same template columns for every procedure, the identifiers as the waiting list names them', () => {
    expect(outcomesColumns.map((c) => c.header)).toEqual(header.split(','));
    expect(key('Admission Date')).toBeNull();
  });

  it('finds the header of a file naming one identifier and the outcome columns only, under a banner', async () => {
    const result = await outcomes(
      `Theatre outcomes, October 2026\n\nNHS Number,Operation Date,Complication\n${nhs(0)},01/10/2026,N\n`,
    );
    expect(result.outcome).toMatchObject({ status: 'VALIDATED', headerRowNumber: 3 });
    expect(result.records.map(line)).toEqual([
      [4, nhs(0), null, '2026-10-01', false, null, null, null, null],
    ]);
  });

  it('warns of a second column for one field, and uses the first', async () => {
    const result = await outcomes(
      `NHS Number,Operation Date,Complication,Adverse Event\n${nhs(0)},01/10/2026,Y,N\n`,
    );
    expect(result.records[0]!.complication90Days).toBe(true);
    expect(result.warnings.map((w) => w.message)).toEqual([
      warningMessages.duplicateColumn('Complication', 'Adverse Event'),
    ]);
  });
});

describe('outcomes file: values', () => {
  it('reads the complication with exactly the spellings of the waiting list flags', async () => {
    const spellings = [
      'Y',
      'N',
      'y',
      'n',
      'Yes',
      'No',
      'YES',
      'no',
      '1',
      '0',
      'True',
      'False',
      'TRUE',
      'false',
    ];
    const refused = ['maybe', '2', 'Positive', 'Yes.', 'x'];
    const result = await outcomes(templateFile(...[...spellings, ...refused].map((comp) => ({ comp }))));
    const read = result.records.map((r) => r.complication90Days);
    expect(read).toEqual(
      spellings.map((s) => parseYesNo(s, '') as { ok: true; value: 0 | 1 }).map((p) => p.value === 1),
    );
    expect(result.invalidRows.map((r) => r.rowNumber)).toEqual(
      refused.map((_, i) => spellings.length + i + 2),
    );
    expect(refused.every((s) => !parseYesNo(s, '').ok)).toBe(true);
    // "Not known" is blank: a required complication may not be.
    const unknown = await outcomes(templateFile({ comp: 'Unknown' }, { comp: 'N/A' }));
    expect(unknown.invalidRows.map((r) => r.errors[0]!.message)).toEqual([
      rowMessages.complicationMissing,
      rowMessages.complicationMissing,
    ]);
  });

  it('reads the optional yes/no columns the same way, blank allowed', async () => {
    const result = await outcomes(
      templateFile({ readm: 'Yes', death: 'TRUE' }, { readm: '0', death: 'n' }, { readm: '', death: 'NULL' }),
    );
    expect(result.records.map((r) => [r.readmission30Days, r.death90Days])).toEqual([
      [true, true],
      [false, false],
      [null, null],
    ]);
  });

  it('reads the date of operation as the waiting list reads its dates', async () => {
    const dates = [
      '03/10/2026',
      '3-Oct-2026',
      '03-10-2026',
      '03.10.2026',
      '2026-10-03',
      '3 October 2026',
      '20261003',
      '03/10/26',
      '03/10/2026 14:30',
    ];
    // One patient per date, or the later rows would replace the earlier.
    const result = await outcomes(templateFile(...dates.map((date) => ({ date }))));
    expect(result.records.map((r) => r.dateOfOperation)).toEqual(Array(dates.length).fill('2026-10-03'));
    const bad = await outcomes(
      templateFile(
        { date: '45000' },
        { date: '01/01/1900' },
        { date: 'last Tuesday' },
        { date: '13/11/2026' },
        { date: '12/11/2026' },
      ),
    );
    expect(bad.invalidRows.map((r) => r.errors.map((e) => e.message))).toEqual([
      [rowMessages.dateSerial('Date of operation', '45000')],
      [rowMessages.datePlaceholder('Date of operation', '01/01/1900')],
      [rowMessages.dateFormat('Date of operation', 'last Tuesday')],
      [rowMessages.operationDateFuture],
    ]);
    expect(bad.records.map((r) => r.dateOfOperation)).toEqual(['2026-11-12']);
  });

  it('reads a length of stay as a number of days, a unit allowed, and warns of one over a year', async () => {
    const stays = ['3', '3.5', '3 days', '1 day', '2d', '4 Days', '0', '365'];
    const result = await outcomes(templateFile(...[...stays, '365.5'].map((los) => ({ los }))));
    expect(result.records.map((r) => r.lengthOfStayDays)).toEqual([3, 3.5, 3, 1, 2, 4, 0, 365, 365.5]);
    expect(result.warnings).toEqual([
      { rowNumber: 10, field: 'lengthOfStayDays', message: warningMessages.lengthOfStayLong(365.5) },
    ]);
    const bad = await outcomes(
      templateFile({ los: '3 weeks' }, { los: '-0.5' }, { los: 'three' }, { los: '3,5' }),
    );
    expect(bad.invalidRows.map((r) => r.errors[0]!.message)).toEqual([
      rowMessages.lengthOfStay('3 weeks'),
      rowMessages.lengthOfStayNegative,
      rowMessages.lengthOfStay('three'),
      rowMessages.lengthOfStay('3,5'),
    ]);
  });

  it('keeps a complication type of up to 200 characters, without hidden text-direction characters', async () => {
    const result = await outcomes(
      templateFile(
        { comp: 'Y', type: 'x'.repeat(200) },
        { comp: 'Y', type: 'Wound \u202Enoitcefni' },
        { type: 'x'.repeat(201) },
      ),
    );
    expect(result.records.map((r) => r.complicationType)).toEqual(['x'.repeat(200), 'Wound noitcefni']);
    expect(result.warnings).toEqual([
      {
        rowNumber: 3,
        field: 'complicationType',
        message: warningMessages.directionControlsRemoved('Complication type'),
      },
    ]);
    expect(result.warningGroups[0]!.message).toBe(
      'Hidden text-direction characters were removed from Complication type in 1 row.',
    );
    expect(errorsOf(result, 4)).toEqual([
      `complicationType: ${rowMessages.complicationTypeTooLong(201, 200)}`,
    ]);
  });

  it('needs an NHS number or a local identifier, and a valid NHS number when there is one', async () => {
    const result = await outcomes(
      templateFile(
        { local: '' },
        { nhs: '' },
        { nhs: '', local: '' },
        { nhs: '1234567890' },
        { nhs: '943 476 5919' },
      ),
    );
    expect(result.records.map((r) => [r.nhsNumber, r.localPatientIdentifier])).toEqual([
      [nhs(0), null],
      [null, 'RX1'],
      ['9434765919', 'RX4'],
    ]);
    expect(errorsOf(result, 4)).toEqual([`null: ${rowMessages.noIdentifier}`]);
    expect(errorsOf(result, 5)).toEqual([`nhsNumber: ${rowMessages.nhsChecksum('1234567890')}`]);
  });

  it('keeps the later of two rows for one patient and date of operation, by NHS number or else local identifier', async () => {
    const result = await outcomes(
      templateFile(
        { nhs: nhs(0), local: 'A', comp: 'N' }, // 2: replaced by 4
        { nhs: nhs(0), local: 'A', date: '02/10/2026' }, // 3: another operation
        { nhs: nhs(0), local: 'B', comp: 'Y' }, // 4
        { nhs: '', local: 'L1', comp: 'N' }, // 5: replaced by 7
        { nhs: nhs(1), local: 'L1' }, // 6: an NHS number: another patient's key
        { nhs: '', local: 'L1', comp: 'Y', date: '1-Oct-2026' }, // 7
        { nhs: '', local: 'L1', comp: 'maybe' }, // 8: refused, so it replaces nothing
      ),
    );
    expect(result.records.map((r) => [r.rowNumber, r.complication90Days])).toEqual([
      [3, false],
      [4, true],
      [6, false],
      [7, true],
    ]);
    expect(result.warnings).toEqual([
      {
        rowNumber: 2,
        field: null,
        message: warningMessages.outcomeReplaced(4, 'NHS number 999 000 0018', '01/10/2026'),
      },
      {
        rowNumber: 5,
        field: null,
        message: warningMessages.outcomeReplaced(7, 'local patient identifier L1', '01/10/2026'),
      },
    ]);
    // Every valid row is counted, the replaced ones too.
    expect(result.outcome.totals).toEqual({ rows: 7, valid: 6, invalid: 1, warnings: 2 });
    expect(result.warningGroups).toEqual([
      {
        kind: 'outcomeReplaced',
        field: null,
        count: 2,
        message: '2 rows were replaced by a later row for the same patient and date of operation.',
      },
    ]);
  });

  it('passes over blank rows and rows of "not known" words', async () => {
    const result = await outcomes(`${templateFile({})}\n,,,,,,,\nNULL,N/A,-,,,,,\n`);
    expect(result.outcome.totals).toMatchObject({ rows: 1, valid: 1, invalid: 0 });
  });
});

describe('outcomes file: whole-file failures', () => {
  it('says so when a waiting list or a blood-test file is chosen', async () => {
    const list = await outcomes(
      `NHS Number,Forename,Surname,Date of Birth,Sex,Referral Date\n${nhs(0)},Ann,Lee,01/01/1950,F,01/01/2024\n`,
    );
    expect(list.outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.waitingListInOutcomes,
      diffHeaders: { missing: ['Date of Operation', 'Complication within 90 days'] },
    });
    const blood = await outcomes(
      `NHS Number,Test Name,Result,Unit,Sample Date\n${nhs(0)},Hb,130,g/L,01/01/2025\n`,
    );
    expect(blood.outcome).toMatchObject({ status: 'FAILED', error: fileMessages.bloodInOutcomes });
    // With an outcomes column, it is an outcomes file lacking columns.
    const partial = await outcomes(
      `Hospital Number,Surname,Date of Birth,Operation Date\nRX1,Lee,01/01/1950,01/10/2026\n`,
    );
    expect(partial.outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.missingColumns(['Complication within 90 days']),
    });
    const noIdentifier = await outcomes('Operation Date,Complication\n01/10/2026,N\n');
    expect(noIdentifier.outcome.diffHeaders.missing).toEqual(['NHS Number or Local Patient Identifier']);
  });

  it('fails a file with no header it recognises, no data rows, too many rows, or that is not a spreadsheet', async () => {
    expect((await outcomes('Patient,When,What\nA,B,C\n')).outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.noHeaderOutcomes,
    });
    expect((await outcomes(`${header}\n`)).outcome).toMatchObject({
      status: 'FAILED',
      error: fileMessages.noDataRows,
    });
    const tooMany = await outcomes(templateFile({}, {}, {}), { limits: { maxRows: 2 } });
    expect(tooMany.outcome).toMatchObject({ status: 'FAILED', error: fileMessages.tooManyRows(2) });
    expect(tooMany.records).toEqual([]);
    const pdf = await outcomes(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), {}, 'outcomes.csv');
    expect(pdf.outcome).toMatchObject({ status: 'FAILED', error: fileMessages.pdf, format: null });
  });
});

describe('outcomes templates served to trusts', () => {
  const samples = join(import.meta.dirname, '../../../apps/web/public/samples');

  it.each(['outcomes-template.csv', 'outcomes-template.xlsx'])(
    '%s validates, with the same records',
    async (name) => {
      const result = await outcomes(readFileSync(join(samples, name)), { today: '2025-06-01' }, name);
      expect(result.outcome).toMatchObject({
        status: 'VALIDATED',
        totals: { rows: 4, valid: 4, invalid: 0, warnings: 0 },
        diffHeaders: { missing: [], unexpected: [] },
      });
      expect(result.records.map(line)).toEqual([
        [2, nhs(0), 'RX100234', '2025-04-15', false, null, false, 3, false],
        [3, nhs(1), 'RX100235', '2025-04-23', true, 'Wound infection', true, 6.5, false],
        [4, nhs(2), 'RX100236', '2025-05-06', false, null, null, 2, null],
        [5, nhs(3), 'RX100237', '2025-05-01', true, 'Deep vein thrombosis', false, 4, false],
      ]);
    },
  );
});
