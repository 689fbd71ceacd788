/**
 * The compiled tree code (src/estimators/compiled-trees.ts) must give bit-for-bit what the
 * interpreter gives: on every golden fixture, on the default models, and on random rows (fast-check)
 * with values exactly at, and one float32/float64 step either side of, every threshold, and missing
 * values where the model takes them. Absurd numbers in a tree are never emitted as code.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileExplainer, compilePredictor, intLit, numLit } from '../src/estimators/compiled-trees.js';
import { DecisionTables } from '../src/estimators/decision-tables.js';
import { ForestModel } from '../src/estimators/forest.js';
import { TreeEnsemble } from '../src/estimators/tree-ensemble.js';
import type { TreeArrays } from '../src/estimators/tree-ensemble.js';
import { loadModel } from '../src/model.js';
import type { RiskModel } from '../src/model.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const MODELS = join(import.meta.dirname, '../../../models/default');

interface Fixture {
  featureCount: number;
  inputs: (number | null)[][];
  files: Record<string, string>;
}

function fixtureModels(): { name: string; model: RiskModel; inputs: Float64Array; rows: number }[] {
  const out: { name: string; model: RiskModel; inputs: Float64Array; rows: number }[] = [];
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json') && !f.endsWith('.booster.json')) {
        const fx = JSON.parse(readFileSync(p, 'utf8')) as Fixture;
        const file = fx.files.pickle ?? Object.values(fx.files).find((v) => v.endsWith('.pkl'));
        if (!file) continue;
        const model = loadModel(readFileSync(join(dir, file)));
        if (!(model.estimator instanceof ForestModel)) continue;
        const n = fx.featureCount;
        const x = new Float64Array(fx.inputs.length * n);
        fx.inputs.forEach((r, i) => r.forEach((v, j) => (x[i * n + j] = v ?? NaN)));
        out.push({ name: f.replace(/\.json$/, ''), model, inputs: x, rows: fx.inputs.length });
      }
    }
  };
  walk(FIXTURES);
  return out;
}

function defaultModels(): { name: string; model: RiskModel }[] {
  const out: { name: string; model: RiskModel }[] = [];
  for (const p of readdirSync(MODELS).sort()) {
    const dir = join(MODELS, p);
    if (!statSync(dir).isDirectory()) continue;
    out.push({ name: p, model: loadModel(readFileSync(join(dir, 'model.pkl'))) });
  }
  return out;
}

/** Thresholds with their float32 and float64 neighbours, so rows land on both sides of each split. */
function edgeValues(f: ForestModel): number[] {
  const e = f.ensemble;
  const out = new Set<number>();
  const f64 = new Float64Array(1);
  const i64 = new BigInt64Array(f64.buffer);
  const f32 = new Float32Array(1);
  const i32 = new Int32Array(f32.buffer);
  const step64 = (v: number, d: bigint): number => {
    f64[0] = v;
    i64[0] = (i64[0] as bigint) + (v >= 0 ? d : -d);
    return f64[0] as number;
  };
  const step32 = (v: number, d: number): number => {
    f32[0] = v;
    i32[0] = (i32[0] as number) + (v >= 0 ? d : -d);
    return f32[0] as number;
  };
  for (let n = 0; n < e.nodeCount && out.size < 600; n++) {
    if ((e.left[n] as number) < 0) continue;
    const t = e.threshold[n] as number;
    const t32 = Math.fround(t);
    for (const v of [t, step64(t, 1n), step64(t, -1n), t32, step32(t32, 1), step32(t32, -1)])
      if (Number.isFinite(v)) out.add(v);
  }
  return out.size ? [...out] : [0];
}

function rowArb(m: RiskModel, f: ForestModel): fc.Arbitrary<number[]> {
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
    { weight: 4, arbitrary: fc.constantFrom(...edgeValues(f)) },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 8 }) },
    { weight: m.info.acceptsMissing ? 2 : 0, arbitrary: fc.constant(NaN) },
  );
  return fc.array(value, { minLength: m.info.nFeatures, maxLength: m.info.nFeatures });
}

/** Compiled and interpreted outputs of `rows` rows must be identical (Object.is, bit for bit). */
function expectSame(compiled: ForestModel, x: Float64Array, rows: number): void {
  const interp = compiled.interpreted();
  expect(interp.compiled).toEqual({ predict: false, explain: false });
  const n = compiled.info.nFeatures;
  const p1 = new Float64Array(rows);
  const r1 = new Float64Array(rows);
  const p2 = new Float64Array(rows);
  const r2 = new Float64Array(rows);
  compiled.predict(x, rows, p1, r1);
  interp.predict(x, rows, p2, r2);
  const phi1 = new Float64Array(n);
  const phi2 = new Float64Array(n);
  for (let i = 0; i < rows; i++) {
    expect(Object.is(r1[i], r2[i]), `row ${i} raw ${r1[i]} vs ${r2[i]}`).toBe(true);
    expect(Object.is(p1[i], p2[i]), `row ${i} probability`).toBe(true);
    const e1 = compiled.explain(x, i * n, phi1);
    const e2 = interp.explain(x, i * n, phi2);
    expect(Object.is(e1.rawOutput, e2.rawOutput), `row ${i} explained raw`).toBe(true);
    expect(Object.is(e1.rawOutput, r1[i]), `row ${i} explained raw = predicted raw`).toBe(true);
    expect(e1.expectedValue).toBe(e2.expectedValue);
    for (let j = 0; j < n; j++)
      expect(Object.is(phi1[j], phi2[j]), `row ${i} feature ${j}: ${phi1[j]} vs ${phi2[j]}`).toBe(true);
  }
}

describe('compiled trees', () => {
  const fixtures = fixtureModels();

  it('finds the tree fixtures', () => {
    expect(fixtures.map((f) => f.name).sort()).toEqual(['gb', 'hgb', 'hgb-cat', 'rf', 'tree', 'xgb']);
  });

  it('compiles every tree fixture without categorical splits, and the default models', () => {
    for (const { name, model } of fixtures) {
      const f = model.estimator as ForestModel;
      if (name === 'hgb-cat') {
        expect(f.compiled.predict, name).toBe(false);
        expect(f.compileRefusals.predict).toMatch(/categorical/);
      } else expect(f.compiled.predict, `${name}: ${f.compileRefusals.predict}`).toBe(true);
    }
    for (const { name, model } of defaultModels()) {
      const f = model.estimator as ForestModel;
      expect(f.compiled, `${name}: ${JSON.stringify(f.compileRefusals)}`).toEqual({
        predict: true,
        explain: true,
      });
    }
  });

  for (const { name, model, inputs, rows } of fixtures) {
    it(`${name}: compiled = interpreter on the fixture rows`, () => {
      expectSame(model.estimator as ForestModel, inputs, rows);
    });

    it(`${name}: compiled = interpreter on random rows at and beside thresholds`, () => {
      const f = model.estimator as ForestModel;
      const n = model.info.nFeatures;
      fc.assert(
        fc.property(fc.array(rowArb(model, f), { minLength: 1, maxLength: 40 }), (rs) => {
          const x = new Float64Array(rs.length * n);
          rs.forEach((r, i) => x.set(r, i * n));
          expectSame(f, x, rs.length);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('default models: compiled = interpreter on random rows (more than one block)', () => {
    for (const { model } of defaultModels()) {
      const f = model.estimator as ForestModel;
      const n = model.info.nFeatures;
      const edges = edgeValues(f);
      let seed = 12345;
      const rnd = (): number => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed / 2 ** 32;
      };
      const rows = 300;
      const x = new Float64Array(rows * n);
      for (let i = 0; i < x.length; i++)
        x[i] = rnd() < 0.5 ? (edges[Math.floor(rnd() * edges.length)] as number) : (rnd() - 0.3) * 200;
      expectSame(f, x, rows);
    }
  });
});

function tinyTree(over: Partial<TreeArrays> = {}): TreeArrays {
  return {
    left: [1, -1, -1],
    right: [2, -1, -1],
    feature: [1, 0, 0],
    threshold: [0.5, 0, 0],
    defaultLeft: [0, 0, 0],
    value: [0, 0.25, -0.75],
    cover: [4, 1, 3],
    ...over,
  };
}

function forestOf(e: TreeEnsemble): ForestModel {
  return new ForestModel({
    info: {
      kind: 'gradient-boosting',
      className: 'test',
      description: 'test',
      library: 'scikit-learn',
      libraryVersion: '1.2.1',
      nFeatures: e.nFeatures,
      classes: ['0', '1'],
      rawOutputSpace: 'log-odds',
      acceptsMissing: false,
      nTrees: e.treeCount,
      nNodes: e.nodeCount,
    },
    ensemble: e,
    combine: 'sum',
    base: 0.125,
    probabilityFromRaw: (r) => 1 / (1 + Math.exp(-r)),
  });
}

function ensembleOf(...trees: TreeArrays[]): TreeEnsemble {
  const total = trees.reduce((a, t) => a + t.left.length, 0);
  const e = new TreeEnsemble('le32', 2, total, trees.length);
  trees.forEach((t, i) => e.addTree(t, `tree ${i}`));
  return e;
}

describe('compiled code is built from validated numbers only', () => {
  it('formats numbers so they parse back exactly, -0 and float32 values included', () => {
    expect(numLit(-0)).toBe('(-0)');
    expect(numLit(0)).toBe('0');
    expect(numLit(-1.5)).toBe('(-1.5)');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.float({ noNaN: true, noDefaultInfinity: true }),
        ),
        (v) => {
          const s = numLit(v);
          expect(s).toMatch(/^\(?-?[0-9.e+-]+\)?$/);
          expect(Object.is(Number(s.replace(/[()]/g, '')), v)).toBe(true);
        },
      ),
    );
  });

  it('refuses non-finite numbers and indices out of range', () => {
    for (const v of [NaN, Infinity, -Infinity]) expect(() => numLit(v)).toThrow(/non-finite/);
    expect(() => numLit('1; process.exit()' as unknown as number)).toThrow();
    expect(() => intLit(5, 0, 5)).toThrow(/outside/);
    expect(() => intLit(-1, 0, 5)).toThrow(/outside/);
    expect(() => intLit(1.5, 0, 5)).toThrow(/outside/);
    expect(intLit(4, 0, 5)).toBe('4');
  });

  it('keeps the interpreter for a NaN threshold, and predicts as it does', () => {
    const e = ensembleOf(tinyTree(), tinyTree({ threshold: [NaN, 0, 0] }));
    expect(compilePredictor(e, false)).toEqual({ refused: expect.stringMatching(/non-finite/) });
    const f = forestOf(e);
    expect(f.compiled).toEqual({ predict: false, explain: false });
    const x = Float64Array.from([0, 0, 0, 1]);
    const p = new Float64Array(2);
    const r = new Float64Array(2);
    f.predict(x, 2, p, r);
    // NaN threshold: `x <= NaN` is false, so both rows go right in the second tree.
    expect(Array.from(r)).toEqual([0.125 + 0.25 - 0.75, 0.125 - 0.75 - 0.75]);
  });

  it('keeps the interpreter for an infinite leaf value', () => {
    const e = ensembleOf(tinyTree({ value: [0, Infinity, 1] }));
    expect('refused' in compilePredictor(e, false)).toBe(true);
    expect(forestOf(e).compiled.predict).toBe(false);
  });

  it('refuses out-of-range child and feature indices', () => {
    expect(() => ensembleOf(tinyTree({ left: [7, -1, -1] }))).toThrow(/invalid children/);
    // Arrays corrupted after validation are still checked by the compiler.
    const e = ensembleOf(tinyTree());
    e.left[0] = 99;
    expect(compilePredictor(e, false)).toEqual({ refused: expect.stringMatching(/outside/) });
    const e2 = ensembleOf(tinyTree());
    e2.feature[0] = 2;
    expect(compilePredictor(e2, false)).toEqual({ refused: expect.stringMatching(/outside/) });
    const e3 = ensembleOf(tinyTree());
    const tb = new DecisionTables(e3, 1, null);
    e3.threshold[0] = 0.75;
    expect(compileExplainer(e3, tb, false)).toEqual({ refused: expect.stringMatching(/out of step/) });
  });

  it('compiles a valid tiny ensemble to the interpreter result', () => {
    const e = ensembleOf(tinyTree(), tinyTree({ threshold: [-0, 0, 0], feature: [0, 0, 0] }));
    const f = forestOf(e);
    expect(f.compiled).toEqual({ predict: true, explain: true });
    expectSame(f, Float64Array.from([0.5, 0.5, -0, 0.50000001, 0, -1e-300, 1e-46, 0.49999999]), 4);
  });
});
