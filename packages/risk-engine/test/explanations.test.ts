/**
 * Explanations: for every model type, contributions + expected value = raw output (fast-check over
 * random rows, missing values included where the model takes them); for tree models, TreeSHAP equals
 * a brute-force Shapley computation over all feature subsets with the same cover-weighted
 * conditional expectation; linear models use coef x (x - reference).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ForestModel } from '../src/estimators/forest.js';
import type { TreeEnsemble } from '../src/estimators/tree-ensemble.js';
import { loadEstimator, loadModel } from '../src/model.js';
import type { RiskModel } from '../src/model.js';

const DIR = join(import.meta.dirname, 'fixtures/sklearn-1.2.1');
const NAMES = ['lr', 'pipeline', 'tree', 'rf', 'gb', 'hgb', 'hgb-cat', 'xgb'];

function load(name: string): RiskModel {
  return loadModel(readFileSync(join(DIR, `${name}.pickle.pkl`)));
}

/** Split thresholds of a tree model, so random rows land exactly on them too. */
function thresholds(m: RiskModel): number[] {
  if (!(m.estimator instanceof ForestModel)) return [0];
  const e = m.estimator.ensemble;
  const out: number[] = [];
  for (let i = 0; i < e.nodeCount && out.length < 200; i++)
    if ((e.left[i] as number) >= 0) out.push(e.threshold[i] as number);
  return out.length ? out : [0];
}

function rowArb(m: RiskModel): fc.Arbitrary<number[]> {
  const ts = thresholds(m);
  const value = fc.oneof(
    { weight: 5, arbitrary: fc.double({ min: -8, max: 8, noNaN: true }) },
    { weight: 2, arbitrary: fc.constantFrom(...ts) },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 8 }) },
    { weight: m.info.acceptsMissing ? 2 : 0, arbitrary: fc.constant(NaN) },
  );
  return fc.array(value, { minLength: m.info.nFeatures, maxLength: m.info.nFeatures });
}

describe('contributions + expected value = raw output', () => {
  for (const name of NAMES) {
    it(`${name}`, () => {
      const m = load(name);
      const tol = m.info.kind === 'xgboost' ? 1e-5 : 1e-9;
      fc.assert(
        fc.property(rowArb(m), (row) => {
          const e = m.explainFeatures(row);
          const sum = e.contributions.reduce((a, b) => a + b, 0);
          expect(Math.abs(sum + e.expectedValue - e.rawOutput)).toBeLessThanOrEqual(
            tol * Math.max(1, Math.abs(e.rawOutput)),
          );
          const p = m.predictFeatures(Float64Array.from(row), 1);
          expect(e.rawOutput).toBe(p.rawOutput[0]);
          expect(e.probability).toBe(p.probability[0]);
        }),
        { numRuns: 200 },
      );
    });
  }
});

/** E[f(x) | x_S] with absent features averaged over the branches by training cover. */
function conditional(e: TreeEnsemble, node: number, xr: Float64Array, inS: boolean[]): number {
  const l = e.left[node] as number;
  if (l < 0) return e.value[node] as number;
  if (inS[e.feature[node] as number]) return conditional(e, e.hotChild(node, xr), xr, inS);
  const r = e.right[node] as number;
  const c = e.cover[node] as number;
  return (
    ((e.cover[l] as number) * conditional(e, l, xr, inS) +
      (e.cover[r] as number) * conditional(e, r, xr, inS)) /
    c
  );
}

function bruteForce(model: ForestModel, row: number[]): { phi: number[]; base: number } {
  const e = model.ensemble;
  const n = model.info.nFeatures;
  const xr = new Float64Array(n);
  e.prepareRow(row, 0, xr);
  const mean = model.info.kind === 'decision-tree' || model.info.kind === 'random-forest';
  const offset =
    model.expectedValue -
    (() => {
      let s = 0;
      for (let t = 0; t < e.treeCount; t++) s += e.treeMeans[t] as number;
      return mean ? s / e.treeCount : s;
    })();
  const v = (mask: number): number => {
    const inS = Array.from({ length: n }, (_, j) => (mask & (1 << j)) !== 0);
    let s = 0;
    for (let t = 0; t < e.treeCount; t++) s += conditional(e, e.roots[t] as number, xr, inS);
    return (mean ? s / e.treeCount : s) + offset;
  };
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const phi = new Array<number>(n).fill(0);
  for (let mask = 0; mask < 1 << n; mask++) {
    const size = mask.toString(2).split('1').length - 1;
    const vs = v(mask);
    for (let j = 0; j < n; j++) {
      if (mask & (1 << j)) continue;
      const w = (fact(size) * fact(n - size - 1)) / fact(n);
      phi[j] = (phi[j] as number) + w * (v(mask | (1 << j)) - vs);
    }
  }
  return { phi, base: v(0) };
}

describe('TreeSHAP equals brute-force Shapley values', () => {
  for (const name of ['tree', 'rf', 'gb', 'hgb', 'hgb-cat', 'xgb']) {
    it(`${name}`, () => {
      const m = load(name);
      const est = m.estimator as ForestModel;
      expect(est).toBeInstanceOf(ForestModel);
      fc.assert(
        fc.property(rowArb(m), (row) => {
          const got = m.explainFeatures(row);
          const want = bruteForce(est, row);
          expect(Math.abs(got.expectedValue - want.base)).toBeLessThanOrEqual(1e-12);
          want.phi.forEach((p, j) =>
            expect(Math.abs((got.contributions[j] as number) - p)).toBeLessThanOrEqual(1e-10),
          );
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('linear explanations', () => {
  it('pipeline: reference is the scaler mean, so the expected value is the intercept', () => {
    const m = load('pipeline');
    const fx = JSON.parse(readFileSync(join(DIR, 'pipeline.json'), 'utf8')) as { expectedValue: number };
    fc.assert(
      fc.property(rowArb(m), (row) => {
        const e = m.explainFeatures(row);
        expect(Math.abs(e.expectedValue - fx.expectedValue)).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: 100 },
    );
  });

  it('logistic regression: coef x (x - linearReferenceMeans), else coef x x', () => {
    const bytes = readFileSync(join(DIR, 'lr.pickle.pkl'));
    const plain = loadEstimator(bytes);
    const means = [0.5, -1, 2, 0, 3];
    const withMeans = loadEstimator(bytes, { linearReferenceMeans: means });
    const x = Float64Array.from([1, 2, 3, 4, 5]);
    const phi0 = new Float64Array(5);
    const phi1 = new Float64Array(5);
    const e0 = plain.explain(x, 0, phi0);
    const e1 = withMeans.explain(x, 0, phi1);
    expect(e0.rawOutput).toBe(e1.rawOutput);
    for (let j = 0; j < 5; j++) {
      const coef = (phi0[j] as number) / (x[j] as number);
      expect(phi1[j]).toBeCloseTo(coef * ((x[j] as number) - (means[j] as number)), 12);
    }
    const intercept = e0.expectedValue;
    const coefDotMeans = Array.from(phi0).reduce(
      (a, p, j) => a + (p / (x[j] as number)) * (means[j] as number),
      0,
    );
    expect(e1.expectedValue).toBeCloseTo(intercept + coefDotMeans, 12);
  });
});
