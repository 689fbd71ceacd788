import { describe, expect, it } from 'vitest';
import { warningGroupMessage, warningMessages } from '../src/messages.js';
import { bloodTests, minimalHeader, waitingList } from './helpers/collect.js';
import { testNhsNumber } from './helpers/nhs.js';
import { minimalWorkbook } from './helpers/zip-writer.js';

// docs/decisions/0043: hidden text-direction characters are removed from every text cell, and the
// row is warned of each field that had them, so a name cannot read as another.
const nhs = testNhsNumber;
const rlo = '\u202E';
const header = `${minimalHeader},Consultant Surgeon,Hospital Number`;

describe('waiting list: hidden text-direction characters', () => {
  it('removes a right-to-left override from a name and a surgeon, and warns of each field', async () => {
    const csv = [
      header,
      `${nhs(0)},Ann${rlo}gnp.exe,Okafor,05/03/1948,F,12/03/2024,Mr ${rlo}kcaj,RX100234`,
      `${nhs(1)},Zoë,O’Brien,01/06/1950,F,05/06/2024,Ms Aoife Ní Bhriain,RX100235`,
    ].join('\r\n');
    const result = await waitingList(csv);
    expect(result.invalidRows).toEqual([]);
    expect(result.rows.map((row) => [row.record.firstName, row.record.surgeonName])).toEqual([
      ['Anngnp.exe', 'Mr kcaj'],
      ['Zoë', 'Ms Aoife Ní Bhriain'],
    ]);
    expect(result.warnings).toEqual([
      { rowNumber: 2, field: 'firstName', message: warningMessages.directionControlsRemoved('Forename') },
      {
        rowNumber: 2,
        field: 'surgeonName',
        message: warningMessages.directionControlsRemoved('Consultant surgeon'),
      },
    ]);
    expect(warningMessages.directionControlsRemoved('Forename')).toBe(
      'Forename contained hidden text-direction characters, which were removed.',
    );
  });

  it('removes every embedding, override, isolate and mark, in a workbook as in a CSV', async () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    const marks = ['\u200E', '\u200F', '\u061C'];
    const rows = [...controls, ...marks].map((control, i) => [
      nhs(i),
      `Siob${control}hán`,
      'Murphy',
      '05/03/1948',
      'F',
      '12/03/2024',
      'Ms Adaeze Okonkwo',
      `RX${control}1002${i}`,
    ]);
    const result = await waitingList(
      minimalWorkbook({ rows: [header.split(','), ...rows] }),
      {},
      'waiting-list.xlsx',
    );
    expect(result.invalidRows).toEqual([]);
    expect(result.rows).toHaveLength(12);
    expect(new Set(result.rows.map((row) => row.record.firstName))).toEqual(new Set(['Siobhán']));
    expect(result.rows.map((row) => row.record.localPatientIdentifier)).toEqual(
      rows.map((_, i) => `RX1002${i}`),
    );
    expect(result.warnings.filter((w) => w.field === 'firstName')).toHaveLength(12);
    expect(result.warnings.filter((w) => w.field === 'localPatientIdentifier')).toHaveLength(12);
  });

  it('groups the warnings by field with a count (decision 0037)', async () => {
    const csv = [
      header,
      ...Array.from(
        { length: 3 },
        (_, i) => `${nhs(i)},Ann${rlo}gnp,Okafor,05/03/1948,F,12/03/2024,Mr Patel,RX20${i}`,
      ),
    ].join('\n');
    const result = await waitingList(csv);
    expect(result.outcome.warningGroups).toEqual([
      {
        kind: 'directionControls:firstName',
        field: 'firstName',
        count: 3,
        message: 'Hidden text-direction characters were removed from Forename in 3 rows.',
      },
    ]);
    expect(
      warningGroupMessage({
        kind: 'directionControls:surgeonName',
        field: 'surgeonName',
        count: 1,
        message: '',
      }),
    ).toBe('Hidden text-direction characters were removed from Consultant surgeon in 1 row.');
  });

  it('shows an invalid row without the controls, and judges the surgeon by its length without them', async () => {
    const thirty = 'Mr Alexander Fitzgerald-Hughes';
    expect(thirty).toHaveLength(30);
    const csv = [
      header,
      // 30 characters once the override is gone: accepted.
      `${nhs(0)},Ann,Okafor,05/03/1948,F,12/03/2024,${rlo}${thirty},RX300`,
      // An unrecognised sex: the row is refused, and the cells it shows hold no control.
      `${nhs(1)},Ann${rlo}gnp,Okafor,05/03/1948,Q,12/03/2024,Mr Patel,RX301`,
    ].join('\n');
    const result = await waitingList(csv);
    expect(result.rows.map((row) => row.record.surgeonName)).toEqual([thirty]);
    expect(result.invalidRows).toHaveLength(1);
    expect(result.invalidRows[0]!.values.firstName).toBe('Anngnp');
    expect(result.warnings.map((w) => [w.rowNumber, w.field])).toEqual([
      [2, 'surgeonName'],
      [3, 'firstName'],
    ]);
  });

  it('leaves a row that held only a control as blank, with no warning', async () => {
    const result = await waitingList(
      [header, `${nhs(0)},Ann,Okafor,05/03/1948,F,12/03/2024,Mr Patel,RX400`, `${rlo},,,,,,,`].join('\n'),
    );
    expect(result.outcome.totals).toMatchObject({ rows: 1, valid: 1, invalid: 0, warnings: 0 });
  });
});

describe('blood tests: hidden text-direction characters', () => {
  const bloodHeader = 'NHS Number,Hospital Number,Test Name,Result,Unit,Sample Date';

  it('removes them from an identifier and a test name, keeps the result, and warns of each field', async () => {
    const csv = [
      bloodHeader,
      `${nhs(0)},RX${rlo}100234,Haemoglobin,132,g/L,03/02/2025`,
      `${nhs(0)},RX100234,CR${rlo}P,4,mg/L,03/02/2025`,
      `${nhs(1)},RX100235,Sodium,139,mmol/L,03/02/2025`,
    ].join('\r\n');
    // Read from the bytes (the long format's fast path) and row by row: the same outcome.
    for (const fromBytes of [true, false]) {
      const result = await bloodTests(csv, { fromBytes });
      expect(result.invalidRows).toEqual([]);
      const first = result.rows.find((patient) => patient.nhsNumber === nhs(0))!;
      expect(first.localPatientIdentifier).toBe('RX100234');
      expect(first.results).toMatchObject({ haemoglobin: 132, crp: 4 });
      expect(result.warnings).toEqual([
        {
          rowNumber: 2,
          field: 'localPatientIdentifier',
          message: warningMessages.directionControlsRemoved('Local patient identifier'),
        },
        { rowNumber: 3, field: 'testName', message: warningMessages.directionControlsRemoved('Test name') },
      ]);
    }
  });
});
