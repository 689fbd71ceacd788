import { describe, expect, it } from 'vitest';
import { ageOn, parseDate, serialToIso } from '../src/dates.js';
import { rowMessages } from '../src/messages.js';

const csv = { spreadsheet: false, fullYearOnly: false };
const sheet = { spreadsheet: true, fullYearOnly: false };
const dob = { spreadsheet: false, fullYearOnly: true };
const value = (raw: string, options = csv) => {
  const parsed = parseDate(raw, 'Referral date', options);
  return parsed.ok ? parsed.value : parsed.error;
};

describe('dates', () => {
  it.each([
    ['31/01/2024', '2024-01-31'],
    ['1/2/2024', '2024-02-01'],
    ['31-01-2024', '2024-01-31'],
    ['31.01.2024', '2024-01-31'],
    ['2024-01-31', '2024-01-31'],
    ['2024/01/31', '2024-01-31'],
    ['20240131', '2024-01-31'],
    ['31-Jan-2024', '2024-01-31'],
    ['31 Jan 2024', '2024-01-31'],
    ['31 january 2024', '2024-01-31'],
    ['15-Sept-2024', '2024-09-15'],
    ['31/01/24', '2024-01-31'],
    ['31-Jan-24', '2024-01-31'],
  ])('reads %s day first', (raw, iso) => {
    expect(value(raw)).toBe(iso);
  });

  it('keeps a time when one is given (used to order blood samples)', () => {
    expect(value('31/01/2024 09:15')).toBe('2024-01-31T09:15:00');
    expect(value('31/01/2024 09:15:30')).toBe('2024-01-31T09:15:30');
    expect(value('2024-01-31T09:15:30.000Z')).toBe('2024-01-31T09:15:30');
    expect(value('05/06/2024 00:00:00')).toBe('2024-06-05T00:00:00');
    expect(value('31/01/2024 2:05 PM')).toBe('2024-01-31T14:05:00');
    expect(value('31/01/2024 25:00')).toBe(rowMessages.dateNotReal('Referral date', '31/01/2024 25:00'));
  });

  it('never reads month first', () => {
    expect(value('12/25/2020')).toBe(rowMessages.dateMonthFirst('Referral date', '12/25/2020'));
    expect(value('13/25/2020')).toBe(rowMessages.dateNotReal('Referral date', '13/25/2020'));
    expect(value('02/03/2020')).toBe('2020-03-02');
  });

  it('refuses dates that are not on the calendar', () => {
    expect(value('31/02/1950')).toBe('Referral date 31/02/1950 is not a real date.');
    expect(value('29/02/2023')).toBe(rowMessages.dateNotReal('Referral date', '29/02/2023'));
    expect(value('29/02/2024')).toBe('2024-02-29');
    expect(value('00/01/2024')).toBe(rowMessages.dateNotReal('Referral date', '00/01/2024'));
  });

  it('refuses placeholders and dates before 1900', () => {
    expect(value('01/01/1900')).toBe(rowMessages.datePlaceholder('Referral date', '01/01/1900'));
    expect(value('1900-01-01')).toBe(rowMessages.datePlaceholder('Referral date', '1900-01-01'));
    expect(value('31/12/9999')).toBe(rowMessages.datePlaceholder('Referral date', '31/12/9999'));
    expect(value('01/01/1850')).toBe(rowMessages.dateTooOld('Referral date', '01/01/1850'));
  });

  it('refuses a two-digit year of birth, which could be either century', () => {
    expect(parseDate('01/02/45', 'Date of birth', dob)).toEqual({
      ok: false,
      error: rowMessages.dateTwoDigitYear('Date of birth', '01/02/45'),
    });
  });

  it('reads Excel serial numbers only from workbooks', () => {
    expect(value('45322', sheet)).toBe('2024-01-31');
    expect(value('45322.375', sheet)).toBe('2024-01-31T09:00:00');
    expect(value('45322')).toBe(rowMessages.dateSerial('Referral date', '45322'));
    expect(serialToIso(45322)).toBe('2024-01-31');
    expect(serialToIso(45322 - 1462, true)).toBe('2024-01-31');
  });

  it('refuses what is not a date', () => {
    for (const raw of ['next week', '2024', '31/01', '31/01/2024x', '1/1/123', 'Jan 2024']) {
      expect(value(raw)).toBe(rowMessages.dateFormat('Referral date', raw));
    }
  });

  it('counts whole years of age', () => {
    expect(ageOn('1950-03-04', '2025-03-03')).toBe(74);
    expect(ageOn('1950-03-03', '2025-03-03')).toBe(75);
  });
});
