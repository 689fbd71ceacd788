/**
 * Clinical sense of the shipped demonstration models: adding heart failure, COPD,
 * anaemia (Hb 92 g/L), severe kidney disease (eGFR 24) or low albumin (29 g/L) to a patient, one at a
 * time or all together, never lowers the predicted risk. Each is an established risk factor for
 * complications after joint replacement (the studies behind ml/cohort.py are named in ml/README.md); a model that disagreed would
 * tell a clinician that a sicker patient is safer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateMany } from '../src/evaluate.js';
import { loadModel } from '../src/model.js';

const DIR = join(import.meta.dirname, '../../../models/default');
const reference = JSON.parse(readFileSync(join(DIR, 'reference-records.json'), 'utf8')) as {
  evaluationDate: string;
  records: { id: string; record: Record<string, unknown> }[];
};

type Change = (record: Record<string, unknown>) => Record<string, unknown>;

/** A worse value, or the record's own when it is already worse (eGFR 18 made 24 would be better). */
const atMost =
  (field: string, value: number): Change =>
  (record) => {
    const current = Number(record[field]);
    return {
      [field]: record[field] !== undefined && record[field] !== null && current < value ? current : value,
    };
  };

const worsenings: Record<string, Change> = {
  'heart failure': () => ({ hfl: 1 }),
  COPD: () => ({ copd: 1 }),
  'haemoglobin 92 g/L': atMost('haemoglobin', 92),
  'eGFR 24': atMost('egfr', 24),
  'albumin 29 g/L': atMost('albumin', 29),
};
const allOfThem: Change = (record) =>
  Object.assign({}, ...Object.values(worsenings).map((change) => change(record))) as Record<string, unknown>;

/** The reference records, and each of them as a healthy version (no comorbidities, normal bloods). */
function patients(): Record<string, unknown>[] {
  const healthy = {
    hfl: 0,
    copd: 0,
    haemoglobin: 140,
    egfr: 90,
    albumin: 42,
  };
  return reference.records.flatMap(({ record }) => [record, { ...record, ...healthy }]);
}

describe.each(['knee', 'hip', 'knee-hip'])('the default %s model', (procedure) => {
  const model = loadModel(
    readFileSync(join(DIR, procedure, 'model.pkl')),
    readFileSync(join(DIR, procedure, 'wrapper.pkl')),
  );
  const options = { evaluationDate: reference.evaluationDate };
  const base = patients();
  const before = evaluateMany(model, base, options).map((result) => result.probability);

  it.each([...Object.keys(worsenings), 'all of them'])('never lowers the risk when adding %s', (name) => {
    const change = name === 'all of them' ? allOfThem : worsenings[name]!;
    const after = evaluateMany(
      model,
      base.map((record) => ({ ...record, ...change(record) })),
      options,
    ).map((result) => result.probability);
    const lowered = base.filter((_, index) => after[index]! < before[index]!);
    expect(lowered.length, `${lowered.length} of ${base.length} patients got a lower risk`).toBe(0);
    if (name === 'all of them')
      expect(after.every((probability, index) => probability > before[index]!)).toBe(true);
  });
});
