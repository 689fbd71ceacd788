import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBloodTests } from '@esr/import-files/blood-tests';
import { parseDate } from '@esr/import-files/dates';
import type { BloodTestPatient, WaitingListRecord } from '@esr/import-files/types';
import { parseWaitingList } from '@esr/import-files/waiting-list';
import {
  demoExtractsDay,
  demoShiftDays,
  shiftCsvDates,
  shiftDateText,
  shiftDatesInTitle,
  shiftDemoFile,
} from './demo-dates.js';
import { demoLists, demoListsFolder } from './demo-waiting-lists.js';

/** The calendar day `days` after a `YYYY-MM-DD` one, by the JavaScript calendar's own carrying. */
function plainAddDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

describe('a demonstration date moved by whole days', () => {
  it.each([
    ['31/03/2026', 1, '01/04/2026'],
    ['30/11/2026', 31, '31/12/2026'],
    ['31/12/2026', 1, '01/01/2027'],
    ['31/01/2027', 28, '28/02/2027'],
    ['28/02/2028', 1, '29/02/2028'],
    ['29/02/2028', 1, '01/03/2028'],
    ['29/02/2028', 365, '28/02/2029'],
    ['01/03/2024', -1, '29/02/2024'],
    ['1/3/2026', 1, '2/3/2026'],
    ['12-Oct-2026 12:59', 35, '16-Nov-2026 12:59'],
    ['27-OCT-2026 16:49', 400, '01-DEC-2027 16:49'],
    ['31-Jan-2028 08:05', 29, '29-Feb-2028 08:05'],
    ['2026-10-31', 1, '2026-11-01'],
    ['2026-12-31T23:59:00', 1, '2027-01-01T23:59:00'],
    ['2027-02-28T08:00:00Z', 366, '2028-02-29T08:00:00Z'],
    ['2026-11-01', -366, '2025-10-31'],
  ])('%s moved %i days is %s', (text, days, moved) => {
    expect(shiftDateText(text, days)).toBe(moved);
  });

  it('agrees with the calendar on every day of six years, in each layout the extracts use', () => {
    const layouts = [
      (y: string, m: string, d: string) => `${d}/${m}/${y}`,
      (y: string, m: string, d: string) => `${y}-${m}-${d}`,
      (y: string, m: string, d: string) =>
        `${d}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][+m - 1]}-${y} 09:30`,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 * 366 }),
        fc.integer({ min: -1500, max: 1500 }),
        fc.integer({ min: 0, max: 2 }),
        (offset, days, layout) => {
          const iso = plainAddDays('2023-12-01', offset);
          const text = layouts[layout]!(iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10));
          const moved = parseDate(shiftDateText(text, days), 'Date', {
            spreadsheet: false,
            fullYearOnly: true,
          });
          expect(moved).toEqual({
            ok: true,
            value: plainAddDays(iso, days) + (layout === 2 ? 'T09:30:00' : ''),
          });
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses text that is not a whole date, without repeating it', () => {
    for (const text of [
      '',
      '2026-02-30',
      '31/10/26',
      'Oct 12 2026',
      '12/10/2026x',
      '2026-1-5',
      '01/2/2026',
    ]) {
      expect(() => shiftDateText(text, 1), text).toThrow('not written as they write dates');
      try {
        shiftDateText(text, 1);
      } catch (error) {
        if (text) expect((error as Error).message).not.toContain(text);
      }
    }
  });

  it('moves the dates of a title and leaves longer numbers alone', () => {
    expect(
      shiftDatesInTitle('Trauma & Orthopaedics PTL (hip replacement) - extracted 01/11/2026 06:00', 35),
    ).toBe('Trauma & Orthopaedics PTL (hip replacement) - extracted 06/12/2026 06:00');
    expect(shiftDatesInTitle('ref 101/11/2026 and 01/11/20266 and 31/02/2026', 35)).toBe(
      'ref 101/11/2026 and 01/11/20266 and 31/02/2026',
    );
  });
});

describe('a CSV extract moved', () => {
  it('rewrites only the date cells of the dated columns, keeping quotes, line ends and the rest', () => {
    const text = [
      '\uFEFFPTL extract 01/11/2026,,,,',
      'NHS No,Surname,DOB,RTT Start,TCI Date,Priority Date,Last Validated Date',
      '999 084 5255,"MORRIS, Pat",19/02/1964,31/03/2026,,"24/04/2026",27/10/2026',
      '9991693939,"O""Brien\r\nSmith",11/05/1958,04/09/2024,02/02/2027,,',
      '',
    ].join('\r\n');
    expect(shiftCsvDates(text, 'waitingList', 100)).toBe(
      [
        '\uFEFFPTL extract 09/02/2027,,,,',
        'NHS No,Surname,DOB,RTT Start,TCI Date,Priority Date,Last Validated Date',
        '999 084 5255,"MORRIS, Pat",19/02/1964,09/07/2026,,"02/08/2026",04/02/2027',
        '9991693939,"O""Brien\r\nSmith",11/05/1958,13/12/2024,13/05/2027,,',
        '',
      ].join('\r\n'),
    );
  });

  it('finds a blood extract’s sample date by any of the names the import knows', () => {
    const text = 'NHS Number,Test Name,Result,Collected Date\n9990845255,Hb,117,12-Oct-2026 12:59\n';
    expect(shiftCsvDates(text, 'bloodTests', -12)).toBe(
      'NHS Number,Test Name,Result,Collected Date\n9990845255,Hb,117,30-Sep-2026 12:59\n',
    );
  });

  it('refuses a file with no header, or a dated cell that is not a date', () => {
    expect(() => shiftCsvDates('a,b\n1,2\n', 'waitingList', 1)).toThrow('no header');
    expect(() =>
      shiftCsvDates('NHS No,DOB,RTT Start\n9990845255,19/02/1964,soon\n', 'waitingList', 1),
    ).toThrow('not written as they write dates');
  });
});

/** The dates a day's shift moves; the date of birth stays (it is who the patient is). */
const movedRecordFields = [
  'referralDate',
  'clockStart',
  'tciDate',
  'priorityDate',
  'lastValidatedOn',
] as const;

async function waitingListRecords(
  name: string,
  bytes: Buffer,
  today: string,
  procedure: 'knee' | 'hip' | 'knee-hip',
) {
  const records: WaitingListRecord[] = [];
  const reader = parseWaitingList({ fileName: name, bytes }, { procedure, today });
  for (;;) {
    const step = await reader.next();
    if (step.done) return { records, outcome: step.value };
    records.push(...step.value.rows.map((row) => row.record));
    expect(step.value.invalidRows).toEqual([]);
  }
}

async function bloodPatients(name: string, bytes: Buffer, today: string) {
  const patients: BloodTestPatient[] = [];
  const reader = parseBloodTests({ fileName: name, bytes }, { today });
  for (;;) {
    const step = await reader.next();
    if (step.done) return { patients, outcome: step.value };
    patients.push(...step.value.rows);
    expect(step.value.invalidRows).toEqual([]);
  }
}

describe('each demonstration extract, moved to another first start', () => {
  // Across 29 February 2028, and back before the extracts' day.
  const firstStarts = ['2028-03-15', '2026-09-30'];

  it('says how many days the dates move from the day the extracts were made', () => {
    expect(demoExtractsDay).toBe('2026-11-01');
    expect(demoShiftDays('2026-11-01')).toBe(0);
    expect(demoShiftDays('2026-12-06')).toBe(35);
    expect(demoShiftDays('2028-03-15')).toBe(500);
    expect(demoShiftDays('2026-09-30')).toBe(-32);
  });

  for (const list of demoLists) {
    it(`reads ${list.waitingList} with every date but the date of birth moved, and nothing else changed`, async () => {
      const bytes = fs.readFileSync(path.join(demoListsFolder, list.waitingList));
      const before = await waitingListRecords(list.waitingList, bytes, demoExtractsDay, list.procedureCode);
      expect(before.records.length).toBeGreaterThan(500);
      for (const firstStart of firstStarts) {
        const days = demoShiftDays(firstStart);
        const moved = await shiftDemoFile(list.waitingList, bytes, 'waitingList', days);
        const after = await waitingListRecords(list.waitingList, moved, firstStart, list.procedureCode);
        expect(after.outcome.status).toBe(before.outcome.status);
        expect(after.outcome.totals).toEqual(before.outcome.totals);
        expect(after.records.length).toBe(before.records.length);
        const expected = before.records.map((record) => ({
          ...record,
          ...Object.fromEntries(
            movedRecordFields.map((field) => [field, record[field] && plainAddDays(record[field], days)]),
          ),
        }));
        expect(after.records).toEqual(expected);
        // Still an extract of that day: clocks started and validations done before it, TCIs after it.
        const latest = (field: (typeof movedRecordFields)[number]) =>
          after.records.map((record) => record[field] ?? '').reduce((a, b) => (a > b ? a : b));
        expect(latest('clockStart') < firstStart).toBe(true);
        expect(latest('lastValidatedOn') < firstStart).toBe(true);
        expect(after.records.every((record) => record.tciDate === null || record.tciDate > firstStart)).toBe(
          true,
        );
      }
    });

    it(`reads ${list.bloodTests} with every sample date moved, and every result the same`, async () => {
      const bytes = fs.readFileSync(path.join(demoListsFolder, list.bloodTests));
      const before = await bloodPatients(list.bloodTests, bytes, demoExtractsDay);
      expect(before.patients.length).toBeGreaterThan(500);
      for (const firstStart of firstStarts) {
        const days = demoShiftDays(firstStart);
        const moved = await shiftDemoFile(list.bloodTests, bytes, 'bloodTests', days);
        const after = await bloodPatients(list.bloodTests, moved, firstStart);
        expect(after.outcome.totals).toEqual(before.outcome.totals);
        expect(after.patients).toEqual(
          before.patients.map((patient) => ({
            ...patient,
            sampleDates: Object.fromEntries(
              Object.entries(patient.sampleDates).map(([lab, date]) => [lab, plainAddDays(date, days)]),
            ),
          })),
        );
        const latest = after.patients
          .flatMap((patient) => Object.values(patient.sampleDates))
          .reduce((a, b) => (a > b ? a : b));
        expect(latest).toBe(plainAddDays('2026-10-27', days));
        expect(latest < firstStart).toBe(true);
      }
    });
  }

  it('keeps the hip workbook’s banner saying the day it was extracted', async () => {
    const moved = await shiftDemoFile(
      'hip-waiting-list.xlsx',
      fs.readFileSync(path.join(demoListsFolder, 'hip-waiting-list.xlsx')),
      'waitingList',
      demoShiftDays('2028-03-15'),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(moved as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getCell('A1').value).toBe(
      'Royal National Orthopaedic Hospital NHS Trust - Trauma & Orthopaedics PTL (hip replacement) - extracted 15/03/2028 06:00',
    );
  });

  it('leaves the files untouched on the extracts’ own day', async () => {
    const bytes = fs.readFileSync(path.join(demoListsFolder, 'knee-waiting-list.csv'));
    expect(await shiftDemoFile('knee-waiting-list.csv', bytes, 'waitingList', 0)).toBe(bytes);
  });
});
