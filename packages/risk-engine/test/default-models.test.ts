/**
 * The shipped demonstration models (models/default) evaluated on the reference records must give what
 * scikit-learn gave them (models/default/reference-records.json, written by ml/train_default_models.py).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contributionsInModelOrder,
  evaluate,
  evaluateMany,
  explainMany,
  predictMany,
} from '../src/evaluate.js';
import { loadModel } from '../src/model.js';

const DIR = join(import.meta.dirname, '../../../models/default');
const REF = join(DIR, 'reference-records.json');

interface Expected {
  probability: number;
  rawOutput: number;
  riskLevel: 'High' | 'Moderate' | 'Low';
  isDefaultValueUsed: boolean;
  inputs: number[];
  expectedValue: number;
  contributions: number[];
  advice: string[];
}

interface Reference {
  evaluationDate: string;
  models: Record<string, { model: string; wrapper: string }>;
  records: { id: string; record: Record<string, unknown>; expected: Record<string, Expected> }[];
}

describe.skipIf(!existsSync(REF))('default demonstration models', () => {
  const ref = JSON.parse(readFileSync(REF, 'utf8')) as Reference;

  for (const [procedure, files] of Object.entries(ref.models)) {
    it(`${procedure}: reference records match scikit-learn`, () => {
      const model = loadModel(readFileSync(join(DIR, files.model)), readFileSync(join(DIR, files.wrapper)));
      expect(model.wrapper?.procedure).toBe(procedure);
      const opts = { evaluationDate: ref.evaluationDate };
      const records = ref.records.filter((r) => r.expected[procedure]);
      const many = evaluateMany(
        model,
        records.map((r) => r.record),
        opts,
      );
      const fast = predictMany(
        model,
        records.map((r) => r.record),
        opts,
      );
      const explained = explainMany(
        model,
        records.map((r) => r.record),
        opts,
      );
      const f = explained.nFeatures;
      records.forEach((r, i) => {
        const want = r.expected[procedure] as Expected;
        const got = evaluate(model, r.record, opts);
        expect(many[i]).toEqual(got);
        const rel = Math.abs(got.probability - want.probability) / want.probability;
        expect(rel, `${r.id} probability`).toBeLessThanOrEqual(1e-12);
        expect(fast.probability[i]).toBe(got.probability);
        expect(explained.probability[i]).toBe(got.probability);
        expect(explained.prediction[i]).toBe(got.prediction);
        expect(explained.isDefaultValueUsed[i]).toBe(got.isDefaultValueUsed);
        expect([...explained.contributions.subarray(i * f, (i + 1) * f)]).toEqual([
          ...contributionsInModelOrder(model, got),
        ]);
        expect(Math.abs(got.rawOutput - want.rawOutput), `${r.id} raw`).toBeLessThanOrEqual(
          1e-12 * Math.abs(want.rawOutput),
        );
        expect(got.prediction, r.id).toBe(want.riskLevel);
        expect(fast.prediction[i]).toBe(want.riskLevel);
        expect(got.isDefaultValueUsed, r.id).toBe(want.isDefaultValueUsed);
        expect(Math.abs(got.expectedValue - want.expectedValue)).toBeLessThanOrEqual(1e-12);
        const byName = new Map(got.featureImportance.map((f) => [f.feature, f]));
        model.wrapper?.features.forEach((f, j) => {
          const fi = byName.get(f.name);
          expect(fi?.value, `${r.id} ${f.name} input`).toBe(want.inputs[j]);
          expect(
            Math.abs((fi?.contribution ?? NaN) - (want.contributions[j] as number)),
            `${r.id} ${f.name}`,
          ).toBeLessThanOrEqual(1e-12);
        });
        expect(
          got.areasOfImprovement.dos.map((d) => d.title),
          `${r.id} advice`,
        ).toEqual(want.advice);
      });
    });
  }
});
