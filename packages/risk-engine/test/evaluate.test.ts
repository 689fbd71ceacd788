import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.js';
import {
  contributionsInModelOrder,
  evaluate,
  evaluateMany,
  explainMany,
  predictMany,
  summariseStored,
} from '../src/evaluate.js';
import { ageYears, parseCivilDate } from '../src/features.js';
import { loadModel } from '../src/model.js';
import { picklePlain } from './helpers/pickle-writer.js';
import type { Plain } from './helpers/pickle-writer.js';

const KNEE = join(import.meta.dirname, '../../../models/default/knee');
const FIXTURES = join(import.meta.dirname, 'fixtures/sklearn-1.2.1');
const modelBytes = readFileSync(join(KNEE, 'model.pkl'));
const model = loadModel(modelBytes, readFileSync(join(KNEE, 'wrapper.pkl')));
const date = { evaluationDate: '2026-01-01' };

const typical = {
  height: '165',
  weight: '72.5',
  sex: 'F',
  ethnicGroup: 'A',
  smoking: '4',
  dateOfBirth: '1957-06-15',
  ...Object.fromEntries(
    [
      'hypt',
      'af',
      'ihd',
      'ang',
      'valv',
      'hfl',
      'pvd',
      'copd',
      'dem',
      'alz',
      'pa',
      'ps',
      'idd',
      'nidd',
      'hypo',
      'hype',
      'ra',
      'foa',
    ].map((k) => [k, '0']),
  ),
  haemoglobin: '134',
  whiteBloodCount: '6.8',
  plateletCount: '250',
  urea: '5.6',
  creatinine: '72',
  egfr: '76',
  sodium: '140',
  albumin: '42',
  crp: '3.1',
};

function value(r: ReturnType<typeof evaluate>, name: string): number | null | undefined {
  return r.featureImportance.find((f) => f.feature === name)?.value;
}

describe('record → features', () => {
  it('age is whole years on the evaluation date', () => {
    const on = parseCivilDate('2026-01-01');
    expect(on).not.toBeNull();
    expect(ageYears(parseCivilDate('1957-01-01')!, on!)).toBe(69);
    expect(ageYears(parseCivilDate('1957-01-02')!, on!)).toBe(68);
    expect(parseCivilDate('2025-02-30')).toBeNull();
    expect(value(evaluate(model, typical, date), 'age')).toBe(68);
    expect(value(evaluate(model, typical, { evaluationDate: '2026-06-15' }), 'age')).toBe(69);
  });

  it('bmi is weight / (height / 100)^2', () => {
    expect(value(evaluate(model, typical, date), 'bmi')).toBe(72.5 / 1.65 ** 2);
  });

  it('encoded fields map codes; unknown codes are missing and take the default', () => {
    const r = evaluate(model, { ...typical, sex: 'M', smoking: ' 1 ' }, date);
    expect(value(r, 'male')).toBe(1);
    expect(value(r, 'current_smoker')).toBe(1);
    expect(r.isDefaultValueUsed).toBe(false);
    const z = evaluate(model, { ...typical, smoking: 'Z', ethnicGroup: '99' }, date);
    expect(z.isDefaultValueUsed).toBe(true);
    const f = z.featureImportance.find((x) => x.feature === 'current_smoker');
    expect(f).toMatchObject({ value: 0, defaultUsed: true, rawValue: 'Z' });
  });

  it('missing, empty and unparseable values take defaults', () => {
    const r = evaluate(
      model,
      { ...typical, albumin: '', crp: null, haemoglobin: 'n/a', dateOfBirth: undefined },
      date,
    );
    expect(r.isDefaultValueUsed).toBe(true);
    expect(value(r, 'albumin')).toBe(41);
    expect(value(r, 'crp')).toBe(2.7);
    expect(value(r, 'haemoglobin')).toBe(135);
    expect(value(r, 'age')).toBe(68);
  });

  it('numbers and numeric strings give the same result', () => {
    const asNumbers = Object.fromEntries(
      Object.entries(typical).map(([k, v]) => [k, /^[\d.]+$/.test(v) && k !== 'smoking' ? Number(v) : v]),
    );
    const strip = (r: ReturnType<typeof evaluate>): unknown => ({
      ...r,
      featureImportance: r.featureImportance.map(({ rawValue: _raw, ...f }) => f),
    });
    expect(strip(evaluate(model, asNumbers, date))).toEqual(strip(evaluate(model, typical, date)));
  });
});

describe('risk summary', () => {
  it('bands the probability by the wrapper thresholds', () => {
    const w = model.wrapper!;
    const r = evaluate(model, typical, date);
    const expected =
      r.probability >= w.thresholds.high
        ? 'High'
        : r.probability >= w.thresholds.moderate
          ? 'Moderate'
          : 'Low';
    expect(r.prediction).toBe(expected);
  });

  it('lists every feature by absolute contribution, banded, summing to the raw output', () => {
    const r = evaluate(model, { ...typical, smoking: '1', albumin: '30' }, date);
    const abs = r.featureImportance.map((f) => Math.abs(f.contribution));
    expect(abs).toEqual([...abs].sort((a, b) => b - a));
    expect(r.featureImportance).toHaveLength(35);
    const bands = model.wrapper!.importanceBands;
    for (const f of r.featureImportance) {
      const a = Math.abs(f.contribution);
      expect(f.importance).toBe(a >= bands.high ? 'high' : a >= bands.medium ? 'medium' : 'low');
    }
    // The default models are XGBClassifiers: the raw output is XGBoost's float32 sum of the
    // trees' leaf values (each addition rounded to 2^-24 relative, partial sums below 8 in
    // magnitude), the contributions are float64, and the sigmoid is taken in float32.
    expect(model.info.kind).toBe('xgboost');
    const float32Sum = (model.info.nTrees ?? 0) * 8 * 2 ** -24;
    const sum = r.featureImportance.reduce((a, f) => a + f.contribution, 0);
    expect(Math.abs(sum + r.expectedValue - r.rawOutput)).toBeLessThan(float32Sum);
    expect(Math.abs(r.probability - 1 / (1 + Math.exp(-r.rawOutput)))).toBeLessThan(2 ** -24);
  });

  it('advice fires on observed values of modifiable features only, never on defaults', () => {
    const fired = evaluate(
      model,
      { ...typical, smoking: '1', albumin: '30', haemoglobin: '120' },
      date,
    ).areasOfImprovement.dos.map((d) => d.title);
    expect(fired).toEqual(
      expect.arrayContaining(['Review nutrition', 'Check for anaemia and treat it before surgery']),
    );
    expect(fired.length).toBeGreaterThanOrEqual(3);
    // Wrapper order.
    const order = model.wrapper!.advice.map((a) => a.title);
    expect(fired).toEqual(order.filter((t) => fired.includes(t)));
    expect(evaluate(model, typical, date).areasOfImprovement.dos).toEqual([]);
    // A default below a threshold would not fire: make the albumin default 30 and leave albumin out.
    const w = structuredClone(model.wrapper!);
    w.features.find((f) => f.name === 'albumin')!.default = 30;
    const m2 = loadModel(modelBytes, picklePlain(w as unknown as Plain));
    const r = evaluate(m2, { ...typical, albumin: '' }, date);
    expect(r.areasOfImprovement.dos.map((d) => d.title)).not.toContain('Review nutrition');
  });

  it('batch and single evaluation agree, and predictMany matches', () => {
    const records = Array.from({ length: 50 }, (_, i) => ({
      ...typical,
      albumin: String(25 + i / 2),
      crp: String(i),
    }));
    const many = evaluateMany(model, records, date);
    records.forEach((r, i) => expect(many[i]).toEqual(evaluate(model, r, date)));
    const fast = predictMany(model, records, date);
    expect(Array.from(fast.probability)).toEqual(many.map((m) => m.probability));
    expect(fast.prediction).toEqual(many.map((m) => m.prediction));
  });

  it('explains many records as evaluateMany does, keeping only what an evaluation stores', () => {
    // More than one chunk of the engine's, with values missing, out of range and unparseable.
    const fields = Object.keys(typical) as (keyof typeof typical)[];
    const records = Array.from({ length: 2_100 }, (_, i) => {
      const record: Record<string, unknown> = {
        ...typical,
        weight: String(45 + (i % 90)),
        crp: String(i % 40),
      };
      const field = fields[i % fields.length]!;
      if (i % 3 === 0) delete record[field];
      else if (i % 3 === 1) record[field] = i % 2 ? '' : 'unknown';
      return record;
    });
    const many = evaluateMany(model, records, date);
    const explained = explainMany(model, records, date);
    const f = explained.nFeatures;
    expect(f).toBe(model.wrapper!.features.length);
    many.forEach((result, i) => {
      expect(explained.probability[i]).toBe(result.probability);
      expect(explained.prediction[i]).toBe(result.prediction);
      expect(explained.isDefaultValueUsed[i]).toBe(result.isDefaultValueUsed);
      expect([...explained.contributions.subarray(i * f, (i + 1) * f)]).toEqual([
        ...contributionsInModelOrder(model, result),
      ]);
    });
    expect(new Set(explained.isDefaultValueUsed)).toEqual(new Set([true, false]));
  });

  it('needs a wrapper and a valid date', () => {
    const bare = loadModel(modelBytes);
    expect(() => evaluate(bare, typical, date)).toThrow(InputError);
    expect(() => evaluate(model, typical, { evaluationDate: '01/01/2026' })).toThrow(/not a YYYY-MM-DD date/);
  });
});

describe('feature rows without a wrapper', () => {
  it('refuses missing values for models that do not take them, naming the feature', () => {
    const bare = loadModel(readFileSync(join(FIXTURES, 'gb.pickle.pkl')));
    const row = new Array<number>(5).fill(0);
    row[4] = NaN;
    expect(() => bare.explainFeatures(row)).toThrow(
      /feature 4 of row 0 is missing, and GradientBoostingClassifier \(scikit-learn 1\.2\.1\) does not accept missing values/,
    );
    expect(() => bare.explainFeatures([1, 2])).toThrow(/Model expects 5 features but the row has 2/);
    row[4] = Infinity;
    expect(() => bare.explainFeatures(row)).toThrow(/is infinite/);
  });

  it('passes missing values to models that take them (the default XGBoost models)', () => {
    const bare = loadModel(modelBytes);
    const row = new Array<number>(35).fill(0);
    row[4] = NaN;
    const r = bare.explainFeatures(row);
    expect(r.probability).toBeGreaterThan(0);
    expect(r.probability).toBeLessThan(1);
    expect(() => bare.explainFeatures([1, 2])).toThrow(/Model expects 35 features but the row has 2/);
    row[4] = Infinity;
    expect(() => bare.explainFeatures(row)).toThrow(/is infinite/);
  });
});

describe('a stored explanation', () => {
  const records = [
    typical,
    { ...typical, weight: '', smoking: '1', dateOfBirth: '1940-02-29' },
    { ...typical, sex: 'M', height: '190', weight: '130', hypt: '1', copd: '1' },
  ];

  it('gives back the summary the engine made: factors, values, units, bands, advice and defaults', () => {
    for (const record of records) {
      const { rawOutput: _raw, expectedValue: _expected, ...made } = evaluate(model, record, date);
      const contributions = contributionsInModelOrder(model, made as never);
      expect(contributions).toHaveLength(model.wrapper!.features.length);
      const stored = summariseStored(model, record, { probability: made.probability, contributions }, date);
      expect(stored).toEqual(made);
    }
  });

  it('refuses contributions that do not fit the model', () => {
    expect(() =>
      summariseStored(model, typical, { probability: 0.1, contributions: [0.1, 0.2] }, date),
    ).toThrow(InputError);
  });
});
