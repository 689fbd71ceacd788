/**
 * Every fixture in test/fixtures (pickles written by the Python libraries, with the outputs they
 * computed) must give the same numbers here: predict_proba to 1e-12 relative for float64 models,
 * 1e-6 for XGBoost's float32, and contributions to the reference TreeSHAP / pred_contribs.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../src/model.js';

const ROOT = join(import.meta.dirname, 'fixtures');

interface Fixture {
  estimator: string;
  files: Record<string, string>;
  featureCount: number;
  inputs: (number | null)[][];
  predictProba: number[][];
  rawOutput: number[];
  expectedValue: number | null;
  predContribs: number[][] | null;
}

function fixtures(): { dir: string; name: string; fx: Fixture }[] {
  const out: { dir: string; name: string; fx: Fixture }[] = [];
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json') && !f.endsWith('.booster.json')) {
        out.push({ dir, name: f.replace(/\.json$/, ''), fx: JSON.parse(readFileSync(p, 'utf8')) as Fixture });
      }
    }
  };
  walk(ROOT);
  return out;
}

function relErr(a: number, b: number): number {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.abs(b);
}

const all = fixtures();

describe('golden fixtures', () => {
  it('finds the fixtures', () => {
    expect(all.length).toBeGreaterThanOrEqual(7);
  });

  for (const { dir, name, fx } of all) {
    const isXgb = fx.estimator === 'XGBClassifier';
    for (const [kind, file] of Object.entries(fx.files)) {
      if (kind === 'boosterJson') continue;
      it(`${name} (${kind}) matches ${fx.estimator}`, () => {
        const model = loadModel(readFileSync(join(dir, file)));
        const n = fx.featureCount;
        expect(model.info.nFeatures).toBe(n);
        const rows = fx.inputs.length;
        const x = new Float64Array(rows * n);
        fx.inputs.forEach((r, i) => r.forEach((v, j) => (x[i * n + j] = v ?? NaN)));
        const { probability, rawOutput } = model.predictFeatures(x, rows);
        for (let i = 0; i < rows; i++) {
          const p = (fx.predictProba[i] as number[])[1] as number;
          const raw = fx.rawOutput[i] as number;
          const tol = isXgb ? 1e-6 : 1e-12;
          expect(relErr(probability[i] as number, p), `row ${i} probability`).toBeLessThanOrEqual(tol);
          expect(Math.abs((rawOutput[i] as number) - raw), `row ${i} raw`).toBeLessThanOrEqual(
            tol * Math.max(1, Math.abs(raw)),
          );
          // The complement too, as predict_proba's first column.
          expect(
            Math.abs(1 - (probability[i] as number) - ((fx.predictProba[i] as number[])[0] as number)),
          ).toBeLessThan(isXgb ? 1e-6 : 1e-15);
        }
        if (fx.predContribs) {
          const tol = isXgb ? 1e-5 : 1e-12;
          for (let i = 0; i < rows; i++) {
            const e = model.explainFeatures(x.subarray(i * n, (i + 1) * n));
            const want = fx.predContribs[i] as number[];
            for (let j = 0; j < n; j++) {
              expect(
                Math.abs((e.contributions[j] as number) - (want[j] as number)),
                `row ${i} feature ${j}`,
              ).toBeLessThanOrEqual(tol);
            }
            expect(
              Math.abs(e.expectedValue - (want[n] as number)),
              `row ${i} expected value`,
            ).toBeLessThanOrEqual(tol);
          }
        }
      });
    }
  }
});
