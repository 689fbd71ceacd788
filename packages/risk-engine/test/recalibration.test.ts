import { describe, expect, it } from 'vitest';
import { recalibrated, recalibrationMapSchema, type RecalibrationMap } from '../src/recalibration.js';

const map = (fields: Partial<RecalibrationMap>): RecalibrationMap => ({
  method: 'logistic',
  intercept: 0.3,
  slope: 0.6,
  baseVersion: 2,
  fittedOn: { from: '2025-06-01', to: '2026-05-31', n: 4000, events: 320 },
  ...fields,
});

const logit = (p: number) => Math.log(p / (1 - p));

describe('recalibrated', () => {
  it('is sigmoid(a + b·logit(p))', () => {
    for (const p of [1e-6, 0.01, 0.06, 0.12, 0.5, 0.9, 0.999999]) {
      const mapped = recalibrated(p, map({}));
      expect(Math.abs(logit(mapped) - (0.3 + 0.6 * logit(p)))).toBeLessThan(1e-9);
    }
    // The intercept alone shifts every log-odds by a: odds × e^a.
    const shifted = recalibrated(0.06, map({ method: 'intercept', intercept: 0.6, slope: 1 }));
    expect(shifted / (1 - shifted) / (0.06 / 0.94)).toBeCloseTo(Math.exp(0.6), 12);
  });

  it("returns p itself for 'none', and the identity map changes p by rounding only", () => {
    for (const p of [0, 1e-15, 0.06, 1])
      expect(recalibrated(p, map({ method: 'none', intercept: 0, slope: 1 }))).toBe(p);
    expect(recalibrated(0.06, map({ method: 'intercept', intercept: 0, slope: 1 }))).toBeCloseTo(0.06, 15);
  });

  it('clamps p to [1e-12, 1 − 1e-12] before its logit, so 0 and 1 map to finite log-odds', () => {
    const a = 0.3;
    const b = 0.6;
    expect(recalibrated(0, map({}))).toBeCloseTo(1 / (1 + Math.exp(-(a + b * logit(1e-12)))), 15);
    expect(recalibrated(1, map({}))).toBeCloseTo(1 / (1 + Math.exp(-(a + b * logit(1 - 1e-12)))), 15);
    expect(recalibrated(0, map({}))).toBeGreaterThan(0);
    expect(recalibrated(1, map({}))).toBeLessThan(1);
  });

  it('keeps the order of the predictions when b > 0', () => {
    const ps = Array.from({ length: 200 }, (_, i) => (i + 0.5) / 200);
    const mapped = ps.map((p) => recalibrated(p, map({})));
    for (let i = 1; i < mapped.length; i++) expect(mapped[i]!).toBeGreaterThan(mapped[i - 1]!);
  });
});

describe('recalibrationMapSchema', () => {
  it('reads a map from JSON', () => {
    const text = JSON.stringify(map({}));
    expect(recalibrationMapSchema.parse(JSON.parse(text))).toEqual(map({}));
    const open = map({
      method: 'none',
      intercept: 0,
      slope: 1,
      fittedOn: { from: null, to: null, n: 10, events: 0 },
    });
    expect(recalibrationMapSchema.parse(open)).toEqual(open);
    const moments = map({
      fittedOn: { from: '2025-06-01T00:00:00Z', to: '2026-05-31T23:59:59+01:00', n: 5, events: 1 },
    });
    expect(recalibrationMapSchema.safeParse(moments).success).toBe(true);
  });

  it.each([
    ['an unknown method', { method: 'isotonic' }, 'method'],
    ["'none' with a ≠ 0", { method: 'none', intercept: 0.2, slope: 1 }, 'intercept'],
    ["'intercept' with b ≠ 1", { method: 'intercept', slope: 0.9 }, 'slope'],
    ['a non-finite slope', { slope: Number.POSITIVE_INFINITY }, 'slope'],
    ['NaN', { intercept: Number.NaN }, 'intercept'],
    ['a version 0', { baseVersion: 0 }, 'baseVersion'],
    ['a fractional version', { baseVersion: 1.5 }, 'baseVersion'],
    [
      'more complications than outcomes',
      { fittedOn: { from: null, to: null, n: 5, events: 6 } },
      'fittedOn.events',
    ],
    [
      'a window that ends before it starts',
      { fittedOn: { from: '2026-01-02', to: '2026-01-01', n: 5, events: 1 } },
      'fittedOn.to',
    ],
    [
      'a date that is not one',
      { fittedOn: { from: '2026-02-30', to: null, n: 5, events: 1 } },
      'fittedOn.from',
    ],
  ] as const)('refuses %s', (_what, fields, path) => {
    const result = recalibrationMapSchema.safeParse({ ...map({}), ...fields });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('refuses unknown keys, at the top and in fittedOn', () => {
    expect(recalibrationMapSchema.safeParse({ ...map({}), slop: 0.6 }).success).toBe(false);
    const nested = { ...map({}), fittedOn: { ...map({}).fittedOn, window: 'all' } };
    expect(recalibrationMapSchema.safeParse(nested).success).toBe(false);
  });
});
