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
        expect.stringMatching(/^features\[0\]: .*colour/),
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

  it('checks the feature count against the model', () => {
    const e = wrapperError(variant((w) => w.features.pop()));
    expect(e.code).toBe('feature-count-mismatch');
    expect(e.message).toBe('Model expects 35 features but the wrapper lists 34');
  });

  it('refuses a null default for a model that cannot take missing values', () => {
    const e = wrapperError(variant((w) => ((w.features[3] as Record<string, unknown>).default = null)));
    expect(e.message).toMatch(
      /features\[3\]\.default: is null .* GradientBoostingClassifier does not accept missing values/,
    );
  });

  it('refuses anything but plain values', () => {
    const withObject = new PickleBytes()
      .proto(4)
      .raw(0x7d)
      .str('formatVersion')
      .global('sklearn.preprocessing._data', 'StandardScaler')
      .raw(0x29, 0x81, 0x73)
      .stop();
    expect(() => loadWrapper(withObject)).toThrow(/formatVersion is not a plain value/);
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
