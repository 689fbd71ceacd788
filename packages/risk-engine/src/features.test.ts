import { describe, expect, it } from 'vitest';
import { ageYears, defaultedRecordFields, parseCivilDate, toNumber } from './features.js';
import type { Wrapper } from './wrapper.js';

describe('toNumber', () => {
  it('parses decimal literals only', () => {
    expect(toNumber(' 42 ')).toBe(42);
    expect(toNumber('-1.5e2')).toBe(-150);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('7.')).toBe(7);
    expect(toNumber(3)).toBe(3);
    expect(toNumber(true)).toBe(1);
    for (const bad of [
      '',
      ' ',
      'abc',
      '12abc',
      '0x1A',
      '0b11',
      '0o7',
      'Infinity',
      '-Infinity',
      '1e999',
      'NaN',
      '1,5',
    ]) {
      expect(toNumber(bad), bad).toBeNaN();
    }
    expect(toNumber(null)).toBeNaN();
    expect(toNumber(Number.NaN)).toBeNaN();
    expect(toNumber(Infinity)).toBeNaN();
  });
});

describe('parseCivilDate', () => {
  it('accepts real dates and refuses others', () => {
    expect(parseCivilDate('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
    expect(parseCivilDate('2000-02-29')).toEqual({ y: 2000, m: 2, d: 29 });
    expect(parseCivilDate('1957-06-15T00:00:00Z')).toEqual({ y: 1957, m: 6, d: 15 });
    expect(parseCivilDate(new Date(Date.UTC(1960, 0, 31)))).toEqual({ y: 1960, m: 1, d: 31 });
    for (const bad of [
      '1900-02-29',
      '2023-02-29',
      '2023-13-01',
      '2023-04-31',
      '2023-00-10',
      '23-01-01',
      '2023/01/01',
      '2023-01-01x',
      '',
    ]) {
      expect(parseCivilDate(bad), bad).toBeNull();
    }
  });
  it('counts whole years', () => {
    expect(ageYears({ y: 2000, m: 2, d: 29 }, { y: 2001, m: 2, d: 28 })).toBe(0);
    expect(ageYears({ y: 2000, m: 2, d: 29 }, { y: 2001, m: 3, d: 1 })).toBe(1);
  });
});

describe('defaultedRecordFields', () => {
  const feature = (name: string, source: Wrapper['features'][number]['source'], fallback: number | null) => ({
    name,
    displayName: name,
    unit: '',
    source,
    default: fallback,
    modifiable: false,
  });
  it('names the fields a default stands in for: BMI is height and weight, age the date of birth', () => {
    const wrapper = {
      features: [
        feature('bmi', { kind: 'derived', derivation: 'bmi' }, 29.4),
        feature('male', { kind: 'field', field: 'sex', encode: { map: { M: 1 } } }, 0),
        feature('age', { kind: 'derived', derivation: 'ageYears' }, 68),
        feature('crp', { kind: 'field', field: 'crp' }, null),
      ],
    } as unknown as Wrapper;
    expect(defaultedRecordFields(wrapper)).toEqual(['height', 'weight', 'sex', 'dateOfBirth']);
  });
});
