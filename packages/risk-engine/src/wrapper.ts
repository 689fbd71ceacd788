/**
 * wrapper.pkl (docs/model-artifacts.md, format 1): a pickled plain dict telling the server how to turn
 * a patient record into the model's features and how to present the result.
 */
import { z } from 'zod';
import { PickleError, WrapperError } from './errors.js';
import { decodePickle } from './pickle/decode.js';
import type { DecodeOptions } from './pickle/decode.js';
import { PyDict } from './pickle/values.js';
import type { PyValue } from './pickle/values.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const MAX_WRAPPER_DEPTH = 32;

function pathText(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s === '' ? String(p) : `.${String(p)}`;
  return s === '' ? '(root)' : s;
}

/**
 * The decoded wrapper as JSON, refusing anything a plain dict of str/int/float/bool/None/list/dict
 * cannot hold (objects, arrays, bytes, non-string keys) and bounding depth, so cycles or deep
 * nesting cannot hang or overflow the conversion.
 */
export function pyToJson(v: PyValue, path: (string | number)[] = []): Json {
  if (path.length > MAX_WRAPPER_DEPTH) {
    throw new WrapperError(
      'malformed-wrapper',
      `wrapper.pkl is malformed: ${pathText(path)} nests too deeply`,
    );
  }
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') {
    throw new WrapperError(
      'malformed-wrapper',
      `wrapper.pkl is malformed: ${pathText(path)} is an integer too large`,
    );
  }
  if (Array.isArray(v)) return v.map((x, i) => pyToJson(x, [...path, i]));
  if (v instanceof PyDict) {
    const out: { [key: string]: Json } = {};
    for (const [k, x] of v) {
      if (typeof k !== 'string') {
        throw new WrapperError(
          'malformed-wrapper',
          `wrapper.pkl is malformed: ${pathText(path)} has a key that is not a string`,
        );
      }
      Object.defineProperty(out, k, {
        value: pyToJson(x, [...path, k]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  throw new WrapperError(
    'malformed-wrapper',
    `wrapper.pkl is malformed: ${pathText(path)} is not a plain value (only str, int, float, bool, None, list and dict are allowed)`,
  );
}

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const probability = finite.refine((x) => x >= 0 && x <= 1, 'must be a probability between 0 and 1');

const fieldSource = z.strictObject({
  kind: z.literal('field'),
  field: z.string().min(1),
  encode: z
    .strictObject({
      map: z.record(z.string(), finite),
      otherwise: finite.optional(),
    })
    .optional(),
});

const derivedSource = z.strictObject({
  kind: z.literal('derived'),
  derivation: z.enum(['ageYears', 'bmi']),
});

const featureSchema = z.strictObject({
  name: z.string().min(1),
  displayName: z.string().min(1),
  unit: z.string(),
  source: z.discriminatedUnion('kind', [fieldSource, derivedSource]),
  /** A number; `null` passes the missing value to models that handle it (HGB, XGBoost, an imputer). */
  default: finite.nullable(),
  modifiable: z.boolean(),
});

const adviceSchema = z.strictObject({
  feature: z.string().min(1),
  when: z.strictObject({ op: z.enum(['eq', 'gte', 'lte', 'gt', 'lt']), value: finite }),
  title: z.string().min(1),
  description: z.string(),
});

const modelCardSchema = z.looseObject({
  name: z.string().min(1),
  version: z.string().min(1),
  demonstration: z.boolean(),
  intendedUse: z.string().optional(),
  trainingData: z.string().optional(),
  trainingSize: z.number().int().nonnegative().optional(),
  metrics: z
    .looseObject({
      auroc: finite.nullable().optional(),
      brier: finite.nullable().optional(),
      calibrationSlope: finite.nullable().optional(),
      calibrationIntercept: finite.nullable().optional(),
    })
    .optional(),
});

export const wrapperSchema = z
  .strictObject({
    formatVersion: z.literal(1),
    procedure: z.enum(['knee', 'hip', 'knee-hip']),
    features: z.array(featureSchema).min(1),
    thresholds: z.strictObject({ high: probability, moderate: probability }),
    importanceBands: z.strictObject({
      high: finite.refine((x) => x >= 0, 'must be >= 0'),
      medium: finite.refine((x) => x >= 0, 'must be >= 0'),
    }),
    advice: z.array(adviceSchema),
    modelCard: modelCardSchema,
    linearReferenceMeans: z.array(finite).optional(),
  })
  .superRefine((w, ctx) => {
    const seen = new Set<string>();
    w.features.forEach((f, i) => {
      if (seen.has(f.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['features', i, 'name'],
          message: `duplicate feature name "${f.name}"`,
        });
      }
      seen.add(f.name);
    });
    if (w.thresholds.moderate > w.thresholds.high) {
      ctx.addIssue({
        code: 'custom',
        path: ['thresholds', 'moderate'],
        message: 'must not exceed thresholds.high',
      });
    }
    if (w.importanceBands.medium > w.importanceBands.high) {
      ctx.addIssue({
        code: 'custom',
        path: ['importanceBands', 'medium'],
        message: 'must not exceed importanceBands.high',
      });
    }
    w.advice.forEach((a, i) => {
      if (!seen.has(a.feature)) {
        ctx.addIssue({
          code: 'custom',
          path: ['advice', i, 'feature'],
          message: `names no feature ("${a.feature}")`,
        });
      }
    });
    if (w.linearReferenceMeans && w.linearReferenceMeans.length !== w.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['linearReferenceMeans'],
        message: `lists ${w.linearReferenceMeans.length} values for ${w.features.length} features`,
      });
    }
  });

export type Wrapper = z.infer<typeof wrapperSchema>;
export type WrapperFeature = Wrapper['features'][number];
export type AdviceRule = Wrapper['advice'][number];

/** Validates an already-decoded wrapper (e.g. JSON), listing every problem as `path: what is wrong`. */
export function parseWrapper(value: unknown): Wrapper {
  const r = wrapperSchema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => `${pathText(i.path)}: ${i.message}`);
  throw new WrapperError('malformed-wrapper', `wrapper.pkl is malformed: ${issues.join('; ')}`, issues);
}

/** Decodes and validates wrapper.pkl. */
export function loadWrapper(bytes: Uint8Array, options?: DecodeOptions): Wrapper {
  let decoded: PyValue;
  try {
    decoded = decodePickle(bytes, options);
  } catch (e) {
    // Refusals keep their class (a refused global is a security event), naming the file.
    if (e instanceof PickleError) throw new PickleError(e.code, `wrapper.pkl: ${e.message}`, e.offset);
    throw e;
  }
  if (!(decoded instanceof PyDict)) {
    throw new WrapperError('malformed-wrapper', 'wrapper.pkl is malformed: it must hold a dict');
  }
  return parseWrapper(pyToJson(decoded));
}
