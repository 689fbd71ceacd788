import { describe, expect, it } from 'vitest';
import { datePartsOf, readDateParts } from './calendar-date';

describe('readDateParts', () => {
  it('reads three blank fields as no date', () => {
    expect(readDateParts({ day: '', month: ' ', year: '' })).toEqual({ kind: 'empty' });
  });

  it('reads a real date as YYYY-MM-DD, forgiving spaces and leading zeros', () => {
    expect(readDateParts({ day: '4', month: '3', year: '2026' })).toEqual({
      kind: 'date',
      iso: '2026-03-04',
    });
    expect(readDateParts({ day: ' 04 ', month: '03', year: '2026' })).toEqual({
      kind: 'date',
      iso: '2026-03-04',
    });
    expect(readDateParts({ day: '29', month: '2', year: '2024' })).toEqual({
      kind: 'date',
      iso: '2024-02-29',
    });
  });

  it('refuses dates that do not exist', () => {
    for (const [day, month, year] of [
      ['29', '2', '2026'],
      ['31', '4', '2026'],
      ['0', '1', '2026'],
      ['1', '13', '2026'],
      ['1', '0', '2026'],
    ])
      expect(readDateParts({ day: day!, month: month!, year: year! })).toEqual({ kind: 'invalid' });
  });

  it('refuses a missing or non-numeric part, a short year and a year out of range', () => {
    for (const parts of [
      { day: '', month: '3', year: '2026' },
      { day: '4', month: '', year: '2026' },
      { day: '4', month: '3', year: '' },
      { day: 'four', month: '3', year: '2026' },
      { day: '4', month: 'Mar', year: '2026' },
      { day: '4', month: '3', year: '26' },
      { day: '4.5', month: '3', year: '2026' },
      { day: '4', month: '3', year: '1899' },
      { day: '4', month: '3', year: '2301' },
    ])
      expect(readDateParts(parts)).toEqual({ kind: 'invalid' });
  });
});

describe('datePartsOf', () => {
  it('splits a YYYY-MM-DD date into the fields people type', () => {
    expect(datePartsOf('2026-03-04')).toEqual({ day: '4', month: '3', year: '2026' });
  });

  it('gives empty fields for no date or a malformed one', () => {
    expect(datePartsOf(undefined)).toEqual({ day: '', month: '', year: '' });
    expect(datePartsOf('04/03/2026')).toEqual({ day: '', month: '', year: '' });
  });
});
