import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PickleError, WrapperError } from '../src/errors.js';
import { loadModel } from '../src/model.js';
import { loadWrapper, parseWrapper } from '../src/wrapper.js';
import type { Wrapper } from '../src/wrapper.js';
import { PickleBytes, picklePlain } from './helpers/pickle-writer.js';
import type { Plain } from './helpers/pickle-writer.js';

const KNEE = join(import.meta.dirname, '../../../models/default/knee');
const modelBytes = readFileSync(join(KNEE, 'model.pkl'));
const wrapperBytes = readFileSync(join(KNEE, 'wrapper.pkl'));
const base = loadWrapper(wrapperBytes);

function variant(edit: (w: Record<string, unknown> & Wrapper) => void): Uint8Array {
  const w = structuredClone(base) as Record<string, unknown> & Wrapper;
  edit(w);
  return picklePlain(w as unknown as Plain);
}

function wrapperError(bytes: Uint8Array): WrapperError {
  try {
    loadModel(modelBytes, bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(WrapperError);
    return e as WrapperError;
  }
  throw new Error('expected a WrapperError');
}

describe('wrapper.pkl', () => {
  it('loads the default wrapper and round-trips through a hand-written pickle', () => {
    expect(base.formatVersion).toBe(1);
    expect(base.features).toHaveLength(35);
    const again = loadWrapper(picklePlain(base as unknown as Plain));
    expect(again).toEqual(base);
  });

  it('names the path and the problem for each malformed field', () => {
    const e = wrapperError(
      variant((w) => {
        (w.features[2] as Record<string, unknown>).default = 'zero';
        (w.thresholds as Record<string, unknown>).high = 1.5;
        w.procedure = 'shoulder' as never;
      }),
    );
    expect(e.code).toBe('malformed-wrapper');
    expect(e.message).toMatch(/^wrapper\.pkl is malformed: /);
    expect(e.issues.some((i) => i.startsWith('features[2].default: '))).toBe(true);
    expect(e.issues.some((i) => i.startsWith('thresholds.high: '))).toBe(true);
    expect(e.issues.some((i) => i.startsWith('procedure: '))).toBe(true);
  });

  it('refuses missing and unknown keys', () => {
    const e = wrapperError(
      variant((w) => {
        delete (w as Record<string, unknown>).importanceBands;
        (w.features[0] as Record<string, unknown>).colour = 'red';
      }),
    );
    expect(e.issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^importanceBands: /),
        expect.stringMatching(/^features\[0\]\.colour: unknown key$/),
      ]),
    );
  });

  it('refuses duplicate names, advice on unknown features and inverted thresholds', () => {
    const e = wrapperError(
      variant((w) => {
        (w.features[1] as Record<string, unknown>).name = 'age';
        (w.advice[0] as Record<string, unknown>).feature = 'shoe_size';
        w.thresholds.moderate = 0.9;
      }),
    );
    expect(e.issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^features\[1\]\.name: duplicate feature name "age"/),
        expect.stringMatching(/^advice\[0\]\.feature: names no feature \("shoe_size"\)/),
        expect.stringMatching(/^thresholds\.moderate: must not exceed thresholds\.high/),
      ]),
    );
  });

  it('reads a declared population, required inputs, development ranges and outcome, and refuses them malformed', () => {
    const declared = loadModel(
      modelBytes,
      variant(() => undefined),
    ).wrapper!;
    expect(declared.population).toEqual({
      opcs4: ['W40.1', 'W41.1', 'W42.1', 'O18.1'],
      ageYears: { min: 18, max: null },
      description: 'Adults having a primary total knee replacement',
    });
    expect(declared.requiredInputs).toEqual(['dateOfBirth', 'height', 'weight', 'haemoglobin', 'egfr']);
    expect(declared.developmentRanges).toEqual({ age: { min: 39, max: 94 }, bmi: { min: 15, max: 60 } });
    expect(declared.outcome?.horizonDays).toBe(90);
    // A wrapper without them is a wrapper of format 1 as before.
    const bare = variant((w) => {
      delete w.population;
      delete w.requiredInputs;
      delete w.developmentRanges;
      delete w.outcome;
    });
    expect(loadModel(modelBytes, bare).wrapper!.population).toBeUndefined();
    expect(
      wrapperError(
        variant((w) => {
          w.population = { opcs4: ['W401', 'W40'], ageYears: { min: 18, max: 10 }, description: 'x' };
          w.requiredInputs = ['haemoglobin', 'ferritin'];
          w.developmentRanges = { age: { min: 90, max: 40 }, shoe_size: { min: 1, max: 2 } };
        }),
      ).message,
    ).toBe(
      'wrapper.pkl is malformed: population.opcs4[0]: must be an OPCS-4 code with its fourth character, such as W40.1; ' +
        'population.opcs4[1]: must be an OPCS-4 code with its fourth character, such as W40.1; ' +
        'requiredInputs[1]: names no record field a feature reads ("ferritin"); ' +
        'developmentRanges.age.min: must not exceed max; developmentRanges.shoe_size: names no feature ("shoe_size"); ' +
        'population.ageYears.max: must not be below min',
    );
  });

  it('checks the feature count against the model', () => {
    const e = wrapperError(variant((w) => w.features.pop()));
    expect(e.code).toBe('feature-count-mismatch');
    expect(e.message).toBe('Model expects 35 features but the wrapper lists 34');
  });

  it('refuses a null default for a model that cannot take missing values', () => {
    // The default models (XGBoost) take missing values; the GradientBoostingClassifier fixture does
    // not. Its wrapper: the default wrapper's first five features (the fixture has five).
    const gb = readFileSync(join(import.meta.dirname, 'fixtures/sklearn-1.2.1/gb.pickle.pkl'));
    const firstFive = (defaultOf3: number | null): Uint8Array =>
      variant((w) => {
        w.features = w.features.slice(0, 5);
        w.advice = w.advice.filter((a) => w.features.some((f) => f.name === a.feature));
        delete w.requiredInputs;
        delete w.developmentRanges;
        (w.features[3] as Record<string, unknown>).default = defaultOf3;
      });
    expect(loadModel(gb, firstFive(0)).wrapper?.features).toHaveLength(5);
    expect(() => loadModel(gb, firstFive(null))).toThrow(WrapperError);
    expect(() => loadModel(gb, firstFive(null))).toThrow(
      /features\[3\]\.default: is null .* GradientBoostingClassifier does not accept missing values/,
    );
    // A model that takes missing values accepts the null default and is passed NaN.
    const nullDefault = variant((w) => ((w.features[3] as Record<string, unknown>).default = null));
    expect(loadModel(modelBytes, nullDefault).wrapper?.features[3]?.default).toBeNull();
  });

  it('refuses anything but plain values', () => {
    const withObject = new PickleBytes()
      .proto(4)
      .raw(0x7d)
      .str('formatVersion')
      .global('sklearn.preprocessing._data', 'StandardScaler')
      .raw(0x29, 0x81, 0x73)
      .stop();
    expect(() => loadWrapper(withObject)).toThrow(
      /formatVersion: expected a number, received a StandardScaler object, which is not a plain value/,
    );
    expect(() => loadWrapper(picklePlain([1, 2]))).toThrow(/must hold a dict/);
  });

  it('keeps pickle refusals as PickleError, naming the file', () => {
    const evil = new PickleBytes().proto(4).global('os', 'system').str('id').raw(0x85, 0x52).stop();
    expect(() => loadModel(modelBytes, evil)).toThrow(PickleError);
    expect(() => loadModel(modelBytes, evil)).toThrow(/^wrapper\.pkl: Refused global os\.system/);
  });

  it('parseWrapper validates JSON directly', () => {
    expect(() => parseWrapper({})).toThrow(/formatVersion: /);
    expect(parseWrapper(JSON.parse(JSON.stringify(base)))).toEqual(base);
  });

  it('keeps the default wrappers loading unchanged, notes and extra metrics too', () => {
    const w = loadWrapper(
      variant((w) => {
        const card = w.modelCard as Record<string, unknown>;
        card.notes = 'Retrained yearly. '.repeat(500);
        card.metrics = { ...(card.metrics as object), sensitivity: 0.61, specificity: null };
      }),
    );
    expect(w.modelCard.notes).toHaveLength(9000);
    expect(w.modelCard.metrics).toMatchObject({ auroc: base.modelCard.metrics?.auroc, specificity: null });
    expect({ ...w, modelCard: base.modelCard }).toEqual(base);
  });

  it('refuses unknown keys and wrong types before walking them, at every level', () => {
    const e = wrapperError(
      variant((w) => {
        (w as Record<string, unknown>).extra = [[1, 2], [3]];
        (w.modelCard as Record<string, unknown>).colour = 'red';
        (w.modelCard as Record<string, unknown>).notes = ['not', 'a', 'string'];
        (w.features[4] as Record<string, unknown>).modifiable = 'yes';
        (w.advice[1] as Record<string, unknown>).when = [];
      }),
    );
    expect(e.issues).toEqual([
      'features[4].modifiable: expected True or False, received a str',
      'advice[1].when: expected a dict, received a list',
      'modelCard.colour: unknown key',
      'modelCard.notes: expected a str, received a list',
      'extra: unknown key',
    ]);
  });

  it('bounds every list, dict and string', () => {
    const feature = base.features[0] as unknown as Plain;
    const e = wrapperError(
      variant((w) => {
        (w as Record<string, unknown>).features = Array.from({ length: 501 }, () => feature);
        (w.advice[0] as Record<string, unknown>).description = 'x'.repeat(10_001);
        (w.advice[1] as Record<string, unknown>).title = 'x'.repeat(2001);
        const metrics = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`m${i}`, i]));
        (w.modelCard as Record<string, unknown>).metrics = metrics;
      }),
    );
    expect(e.issues).toEqual([
      'features: has 501 items, more than the 500 allowed',
      'advice[0].description: is 10001 characters long, more than the 10000 allowed',
      'advice[1].title: is 2001 characters long, more than the 2000 allowed',
      'modelCard.metrics: has 101 entries, more than the 100 allowed',
    ]);
    const bigMap = wrapperError(
      variant((w) => {
        const source = w.features[2]?.source as { encode: { map: Record<string, number> } };
        source.encode.map = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`v${i}`, 0]));
      }),
    );
    expect(bigMap.issues).toEqual([
      'features[2].source.encode.map: has 501 entries, more than the 500 allowed',
    ]);
  });

  it('lists at most 50 problems, and shortens long keys', () => {
    const e = wrapperError(
      variant((w) => {
        for (const f of w.features) (f as Record<string, unknown>).default = 'zero';
        (w as Record<string, unknown>)['k'.repeat(5000)] = 1;
      }),
    );
    expect(e.issues).toHaveLength(35 + 1);
    expect(e.issues.at(-1)).toBe(`${'k'.repeat(60)}…: unknown key`);
    const many = wrapperError(
      variant((w) => {
        for (let i = 0; i < 80; i++) (w as Record<string, unknown>)[`extra${i}`] = i;
      }),
    );
    expect(many.issues).toHaveLength(51);
    expect(many.issues.at(-1)).toBe('(root): more problems than the first 50 listed here');
    expect(many.message.length).toBeLessThan(2000);
  });

  it('parseWrapper applies the same bounds to JSON', () => {
    const json = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    json.features = Array.from({ length: 501 }, () => base.features[0]);
    expect(() => parseWrapper(json)).toThrow(/features: Too big: expected array to have <=500 items/);
    expect(() => parseWrapper({ ...JSON.parse(JSON.stringify(base)), extra: 1 })).toThrow(
      /^wrapper\.pkl is malformed: extra: unknown key$/,
    );
  });

  it('does not let __proto__ keys reach the prototype', () => {
    const b = new PickleBytes()
      .proto(4)
      .raw(0x7d)
      .str('__proto__')
      .value({ polluted: true })
      .raw(0x73)
      .stop();
    expect(() => loadWrapper(b)).toThrow(WrapperError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
