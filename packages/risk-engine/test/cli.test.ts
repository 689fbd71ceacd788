/** Runs the real CLI in a child process (src/cli.ts through tsx, as `node --import tsx` runs it). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PickleBytes } from './helpers/pickle-writer.js';

const REPO = join(import.meta.dirname, '../../..');
const CLI = join(REPO, 'packages/risk-engine/src/cli.ts');
const KNEE = join(REPO, 'models/default/knee');
const FIX = join(import.meta.dirname, 'fixtures/sklearn-1.2.1');
const tmp = mkdtempSync(join(tmpdir(), 'risk-engine-cli-'));

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

describe('risk-engine CLI', () => {
  it('inspect prints type, versions and feature count', () => {
    const r = cli('inspect', '--model', join(KNEE, 'model.pkl'), '--wrapper', join(KNEE, 'wrapper.pkl'));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/model: +XGBClassifier \(200 trees, binary:logistic\)/);
    expect(r.stdout).toMatch(/library: +xgboost 1\.7\.4/);
    expect(r.stdout).toMatch(/features: +35/);
    expect(r.stdout).toMatch(/wrapper: +knee/);
    const j = cli('inspect', '--model', join(FIX, 'xgb.joblib.pkl'), '--json');
    expect(j.status).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({
      kind: 'xgboost',
      library: 'xgboost',
      libraryVersion: '1.7.4',
      nFeatures: 6,
    });
  });

  it('inspect exits non-zero with the reason when the model is refused', () => {
    const evil = join(tmp, 'evil.pkl');
    writeFileSync(
      evil,
      new PickleBytes().proto(4).global('os', 'system').str('touch /tmp/pwned').raw(0x85, 0x52).stop(),
    );
    const r = cli('inspect', '--model', evil);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /refused \(PickleError, refused-global\): model\.pkl: Refused global os\.system/,
    );
    const wrongWrapper = cli(
      'inspect',
      '--model',
      join(FIX, 'gb.pickle.pkl'),
      '--wrapper',
      join(KNEE, 'wrapper.pkl'),
    );
    expect(wrongWrapper.status).toBe(1);
    expect(wrongWrapper.stderr).toMatch(/Model expects 5 features but the wrapper lists 35/);
  });

  it('predict with a wrapper evaluates CSV records', () => {
    const ref = JSON.parse(readFileSync(join(REPO, 'models/default/reference-records.json'), 'utf8')) as {
      evaluationDate: string;
      records: {
        record: Record<string, unknown>;
        expected: Record<string, { probability: number; riskLevel: string }>;
      }[];
    };
    const cols = Object.keys(ref.records[0]!.record);
    const lines = [
      cols.join(','),
      ...ref.records.map((r) => cols.map((c) => csvCell(r.record[c])).join(',')),
    ];
    const csv = join(tmp, 'records.csv');
    writeFileSync(csv, lines.join('\r\n') + '\r\n');
    const r = cli(
      'predict',
      '--model',
      join(KNEE, 'model.pkl'),
      '--wrapper',
      join(KNEE, 'wrapper.pkl'),
      '--input',
      csv,
      '--date',
      ref.evaluationDate,
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { probability: number; prediction: string });
    expect(out).toHaveLength(ref.records.length);
    out.forEach((o, i) => {
      const want = ref.records[i]!.expected.knee!;
      expect(Math.abs(o.probability - want.probability) / want.probability).toBeLessThan(1e-12);
      expect(o.prediction).toBe(want.riskLevel);
    });
  });

  it('predict without a wrapper takes feature columns, empty cells missing', () => {
    const fx = JSON.parse(readFileSync(join(FIX, 'hgb.json'), 'utf8')) as {
      inputs: (number | null)[][];
      predictProba: number[][];
      rawOutput: number[];
    };
    const csv = join(tmp, 'features.csv');
    const header = fx.inputs[0]!.map((_, j) => `"f${j}, raw"`).join(',');
    writeFileSync(
      csv,
      [header, ...fx.inputs.map((r) => r.map((v) => (v === null ? '' : String(v))).join(','))].join('\n'),
    );
    const r = cli('predict', '--model', join(FIX, 'hgb.joblib.pkl'), '--input', csv);
    expect(r.status).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            probability: number;
            rawOutput: number;
            expectedValue: number;
            contributions: number[];
          },
      );
    expect(out).toHaveLength(fx.inputs.length);
    out.forEach((o, i) => {
      expect(Math.abs(o.probability - fx.predictProba[i]![1]!) / fx.predictProba[i]![1]!).toBeLessThan(1e-12);
      expect(o.contributions).toHaveLength(6);
      const sum = o.contributions.reduce((a, b) => a + b, 0) + o.expectedValue;
      expect(Math.abs(sum - o.rawOutput)).toBeLessThan(1e-9);
    });
  });

  it('inspect shows a recalibration map, in text and JSON', () => {
    const map = {
      method: 'logistic',
      intercept: 0.09926784418609035,
      slope: 0.509897302031365,
      baseVersion: 3,
      fittedOn: { from: '2025-06-01', to: null, n: 4000, events: 998 },
    };
    const mapFile = join(tmp, 'map.json');
    writeFileSync(mapFile, JSON.stringify(map));
    const r = cli(
      'inspect',
      '--model',
      join(KNEE, 'model.pkl'),
      '--wrapper',
      join(KNEE, 'wrapper.pkl'),
      '--recalibration',
      mapFile,
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/wrapper: +knee/);
    expect(r.stdout).toContain('recalibration: logistic, a = 0.09926784418609035, b = 0.509897302031365\n');
    expect(r.stdout).toMatch(
      / base version 3, fitted on 4000 outcomes with 998 complications, operated from 2025-06-01\n/,
    );
    expect(r.stdout).toContain(
      "Predictions are the base model's probability passed through logit(p′) = a + b·logit(p); the factors' contributions stay on the base model's log-odds scale.",
    );

    const j = cli('inspect', '--model', join(FIX, 'xgb.joblib.pkl'), '--recalibration', mapFile, '--json');
    expect(j.status).toBe(0);
    const described = JSON.parse(j.stdout) as { nFeatures: number; recalibration: Record<string, unknown> };
    expect(described.nFeatures).toBe(6);
    expect(described.recalibration).toEqual({
      ...map,
      explanation: expect.stringMatching(/^Predictions are the base model's probability passed through/),
    });
    const without = JSON.parse(
      cli('inspect', '--model', join(FIX, 'xgb.joblib.pkl'), '--json').stdout,
    ) as object;
    expect(without).toMatchObject({ recalibration: null });
  });

  it('a malformed recalibration map is refused with each problem, before the model is read', () => {
    const bad = join(tmp, 'bad-map.json');
    writeFileSync(
      bad,
      JSON.stringify({
        method: 'intercept',
        intercept: 0.4,
        slope: 0.8,
        baseVersion: 1,
        fittedOn: { from: null, to: null, n: 10, events: 11 },
        note: 'x',
      }),
    );
    const r = cli('inspect', '--model', join(tmp, 'no-such-model.pkl'), '--recalibration', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/The recalibration map .*bad-map\.json is malformed: /);
    expect(r.stderr).toContain('note: unknown key');
    expect(r.stderr).toContain("slope: must be 1 when the method is 'intercept'");
    expect(r.stderr).toContain('fittedOn.events: is more than n (10)');
    const notJson = join(tmp, 'not-json.json');
    writeFileSync(notJson, '{"method": ');
    const n = cli('inspect', '--model', join(FIX, 'xgb.joblib.pkl'), '--recalibration', notJson);
    expect(n.status).toBe(1);
    expect(n.stderr).toMatch(/not-json\.json is not JSON/);
    // predict scores with the base model only: a map there is a usage error, never ignored.
    const p = cli('predict', '--model', join(FIX, 'xgb.joblib.pkl'), '--input', bad, '--recalibration', bad);
    expect(p.status).toBe(2);
    expect(p.stderr).toMatch(/--recalibration is read by inspect only/);
  });

  it('usage errors exit 2', () => {
    expect(cli().status).toBe(2);
    const r = cli('predict', '--model', join(KNEE, 'model.pkl'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--input is required/);
  });
});
