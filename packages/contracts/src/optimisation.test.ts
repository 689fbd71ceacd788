import { describe, expect, it } from 'vitest';
import {
  bodyMassIndex,
  defaultOptimisationRules,
  findFactors,
  metBy,
  metHistoryLine,
  type FactorInput,
} from './optimisation.js';

const input = (
  record: Record<string, unknown>,
  labDates: Record<string, string> | null = null,
): FactorInput => ({
  record,
  labDates,
  day: '2027-01-20',
  maxAgeDays: 90,
  rules: defaultOptimisationRules,
});
const codes = (record: Record<string, unknown>, labDates: Record<string, string> | null = null) =>
  findFactors(input(record, labDates)).map((factor) => factor.code);

describe('finding the factors', () => {
  it('finds anaemia below 130 g/L and not at 130', () => {
    expect(codes({ haemoglobin: '129' })).toEqual(['anaemia']);
    expect(codes({ haemoglobin: '129.9' })).toEqual(['anaemia']);
    expect(codes({ haemoglobin: '130' })).toEqual([]);
  });

  it('finds a kidney review below eGFR 30 and not at 30', () => {
    expect(codes({ egfr: 29 })).toEqual(['kidney']);
    expect(codes({ egfr: 30 })).toEqual([]);
  });

  it('finds nutrition below albumin 35 and not at 35', () => {
    expect(codes({ albumin: '34' })).toEqual(['nutrition']);
    expect(codes({ albumin: '35' })).toEqual([]);
  });

  it('offers weight management from a body mass index of 40, not at 39.9', () => {
    // 160 cm: 40 × 1.6² = 102.4 kg, and 39.9 × 1.6² = 102.144 kg
    expect(bodyMassIndex({ height: '160', weight: '102.4' })).toBe(40);
    expect(codes({ height: '160', weight: '102.4' })).toEqual(['weight']);
    expect(bodyMassIndex({ height: '160', weight: '102.144' })).toBe(39.9);
    expect(codes({ height: '160', weight: '102.144' })).toEqual([]);
    expect(findFactors(input({ height: '160', weight: '105' }))[0]!.finding).toBe('Body mass index 41.0');
  });

  it('does not use a blood result older than the trust’s limit', () => {
    // 90 days before 20-Jan-2027 is 22-Oct-2026: that day is still fresh, the day before is not.
    expect(codes({ haemoglobin: '110' }, { sampled: '2026-10-22' })).toEqual(['anaemia']);
    expect(codes({ haemoglobin: '110' }, { sampled: '2026-10-21' })).toEqual([]);
    expect(codes({ haemoglobin: '110' }, { sampled: '2026-10-21', haemoglobin: '2027-01-02' })).toEqual([
      'anaemia',
    ]);
  });

  it('finds smoking only for a current smoker, and conditions only when recorded as Yes', () => {
    expect(codes({ smoking: '1' })).toEqual(['smoking']);
    expect(codes({ smoking: '2', idd: '0', nidd: '0', hypt: '0' })).toEqual([]);
    expect(codes({ nidd: '1', hypt: '1' })).toEqual(['diabetes', 'blood_pressure']);
  });

  it('says the finding with its sample day', () => {
    expect(findFactors(input({ haemoglobin: '118' }, { sampled: '2027-01-12' }))).toEqual([
      { code: 'anaemia', finding: 'Haemoglobin 118 g/L', value: 118, valueDate: '2027-01-12' },
    ]);
  });

  it('ignores blanks and text that is not a number', () => {
    expect(codes({ haemoglobin: '', egfr: 'low', albumin: null, height: '0', weight: '90' })).toEqual([]);
  });
});

describe('a factor met by a new value', () => {
  it('is met by a fresh haemoglobin of 130 or more, not by a stale one', () => {
    expect(metBy('anaemia', input({ haemoglobin: '134' }, { sampled: '2027-01-12' }))).toEqual({
      finding: 'Haemoglobin 134 g/L',
      value: 134,
      valueDate: '2027-01-12',
    });
    expect(metBy('anaemia', input({ haemoglobin: '129' }, { sampled: '2027-01-12' }))).toBeNull();
    expect(metBy('anaemia', input({ haemoglobin: '140' }, { sampled: '2026-01-12' }))).toBeNull();
  });

  it('never closes a recorded condition by itself', () => {
    expect(metBy('diabetes', input({ nidd: '0' }))).toBeNull();
    expect(metBy('blood_pressure', input({ hypt: '0' }))).toBeNull();
    expect(metBy('smoking', input({ smoking: '2' }))?.finding).toBe('Ex-smoker');
  });

  it('writes the history line with the risk before and after', () => {
    expect(metHistoryLine('anaemia', 'Haemoglobin 134 g/L', 0.141, 0.098)).toBe(
      'Optimisation: anaemia met (Haemoglobin 134 g/L); risk 14.1% → 9.8%',
    );
    expect(metHistoryLine('kidney', 'eGFR 45 ml/min', null, 0.1)).toBe(
      'Optimisation: kidney function met (eGFR 45 ml/min)',
    );
  });
});
