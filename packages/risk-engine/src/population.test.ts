import { describe, expect, it } from 'vitest';
import {
  ageOn,
  ageOutside,
  defaultPopulation,
  opcs4Code,
  operationOutside,
  populationOf,
} from './population.js';

const knee = defaultPopulation('knee');
const hip = defaultPopulation('hip');

describe('opcs4Code', () => {
  it.each([
    ['W401', 'W40.1'],
    ['W40.1', 'W40.1'],
    [' w40.3 ', 'W40.3'],
    ['O181', 'O18.1'],
    ['W40', 'W40'],
  ])('reads %s as %s', (text, code) => {
    expect(opcs4Code(text)).toBe(code);
  });

  it.each(['Total knee replacement', '', 'W4', 'W40.12', 'W4.01', '140.1', 'WW0.1'])(
    'reads %s as no code',
    (text) => {
      expect(opcs4Code(text)).toBeNull();
    },
  );

  it('reads 100,000 characters at once, in linear time', () => {
    const started = performance.now();
    expect(opcs4Code('W'.repeat(100_000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('operationOutside: the demonstration models’ population (primary total replacements)', () => {
  it.each(['W40.1', 'W41.1', 'W42.1', 'O18.1'])('takes knee %s', (code) => {
    expect(operationOutside(knee, { code, text: null })).toBeNull();
  });

  it.each([
    ['W40.3', 'revision of knee replacement, W40.3'],
    ['W41.4', 'revision of one component of knee replacement, W41.4'],
    ['W42.2', 'conversion to knee replacement, W42.2'],
    ['W40.9', 'unspecified knee replacement, W40.9'],
    ['W40', 'knee replacement with no fourth character, W40'],
    ['W37.1', 'primary hip replacement, W37.1'],
  ])('leaves knee %s out as %s', (code, reason) => {
    expect(operationOutside(knee, { code, text: null })).toBe(reason);
  });

  it.each([
    ['W37.2', 'conversion to hip replacement, W37.2'],
    ['W46.1', 'replacement of the head of femur, W46.1'],
    ['W47.1', 'replacement of the head of femur, W47.1'],
    ['W48.9', 'replacement of the head of femur, W48.9'],
    ['W93.3', 'revision of hip replacement, W93.3'],
  ])('leaves hip %s out as %s', (code, reason) => {
    expect(operationOutside(hip, { code, text: null })).toBe(reason);
  });

  it.each(['W37.1', 'W38.1', 'W39.1', 'W93.1', 'W94.1', 'W95.1'])('takes hip %s', (code) => {
    expect(operationOutside(hip, { code, text: null })).toBeNull();
  });

  it.each([
    ['Total knee replacement', null],
    ['Primary TKR', null],
    ['', null],
    ['Revision total knee replacement', 'revision of a joint replacement'],
    ['Conversion to THR', 'conversion to a joint replacement'],
    ['Hemiarthroplasty of hip', 'replacement of the head of femur'],
    ['Cemented hemi-arthroplasty', 'replacement of the head of femur'],
    ['Unicompartmental knee replacement', 'partial knee replacement'],
    ['Medial UKR', 'partial knee replacement'],
    ['Patellofemoral joint replacement', 'partial knee replacement'],
  ])('reads the words %j as %s', (text, reason) => {
    expect(operationOutside(knee, { code: null, text })).toBe(reason);
  });

  it('reads a declared population over the default', () => {
    const declared = { opcs4: ['W40.3'], ageYears: { min: 18, max: 90 }, description: 'Knee revisions' };
    expect(populationOf({ procedure: 'knee', population: declared })).toBe(declared);
    expect(populationOf({ procedure: 'knee' })).toEqual(knee);
    expect(operationOutside(declared, { code: 'W40.3', text: null })).toBeNull();
    expect(operationOutside(declared, { code: 'W40.1', text: null })).toBe('primary knee replacement, W40.1');
  });
});

describe('ageOn and ageOutside', () => {
  it('counts whole years to the day, a birthday counting on the day itself', () => {
    expect(ageOn('2010-12-06', '2026-12-06')).toBe(16);
    expect(ageOn('2010-12-07', '2026-12-06')).toBe(15);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn(null, '2026-12-06')).toBeNull();
    expect(ageOn('not a date', '2026-12-06')).toBeNull();
  });

  it('leaves out ages under 18 (and over a declared maximum), not an unknown age', () => {
    expect(ageOutside(knee, 16)).toBe('aged 16; the model is for ages 18 and over');
    expect(ageOutside(knee, 18)).toBeNull();
    expect(ageOutside(knee, 102)).toBeNull();
    expect(ageOutside({ ...knee, ageYears: { min: 18, max: 95 } }, 96)).toBe(
      'aged 96; the model is for ages up to 95',
    );
    expect(ageOutside(knee, null)).toBeNull();
  });
});
