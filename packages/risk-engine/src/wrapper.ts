/**
 * wrapper.pkl (docs/model-artifacts.md, format 1): a pickled plain dict telling the server how to turn
 * a patient record into the model's features and how to present the result.
 */
import { z } from 'zod';
import { PickleError, WrapperError } from './errors.js';
import { decodePickle } from './pickle/decode.js';
import type { DecodeOptions } from './pickle/decode.js';
import { NdArray, PyDict, PyGlobal, PyInstance } from './pickle/values.js';
import type { PyValue } from './pickle/values.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Bounds on every list, dict and string of a wrapper, far above what real wrappers hold (the default
 * wrappers: 35 features, 11 advice rules, encode maps of 16 entries, texts of 302 characters), so a
 * wrapper is small whatever it holds before anything walks it.
 */
export const WRAPPER_BOUNDS = Object.freeze({
  features: 500,
  advice: 1000,
  encodeEntries: 500,
  metrics: 100,
  /** Dict keys of encode maps and metrics. */
  keyChars: 200,
  /** Names, titles, units, versions. */
  textChars: 2000,
  /** Descriptions, intended use, training data, notes. */
  longTextChars: 10_000,
});

/** More would bury the first problems a Technical Admin needs to see. */
const MAX_ISSUES = 50;
const B = WRAPPER_BOUNDS;

function pathText(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) {
    if (typeof p === 'number') {
      s += `[${p}]`;
      continue;
    }
    // Keys come from the file: a long one must not make the message as long.
    const key = String(p).length > 60 ? `${String(p).slice(0, 60)}…` : String(p);
    s += s === '' ? key : `.${key}`;
  }
  return s === '' ? '(root)' : s;
}

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const probability = finite.refine((x) => x >= 0 && x <= 1, 'must be a probability between 0 and 1');
const text = z.string().max(B.textChars);
const longText = z.string().max(B.longTextChars);
const key = z.string().max(B.keyChars);

function atMost<T extends Record<string, unknown>>(schema: z.ZodType<T>, max: number) {
  return schema.refine((m) => Object.keys(m).length <= max, `must have at most ${max} entries`);
}

const fieldSource = z.strictObject({
  kind: z.literal('field'),
  field: text.min(1),
  encode: z
    .strictObject({
      map: atMost(z.record(key, finite), B.encodeEntries),
      otherwise: finite.optional(),
    })
    .optional(),
});

const derivedSource = z.strictObject({
  kind: z.literal('derived'),
  derivation: z.enum(['ageYears', 'bmi']),
});

const featureSchema = z.strictObject({
  name: text.min(1),
  displayName: text.min(1),
  unit: text,
  source: z.discriminatedUnion('kind', [fieldSource, derivedSource]),
  /** A number; `null` passes the missing value to models that handle it (HGB, XGBoost, an imputer). */
  default: finite.nullable(),
  modifiable: z.boolean(),
});

const adviceSchema = z.strictObject({
  feature: text.min(1),
  when: z.strictObject({ op: z.enum(['eq', 'gte', 'lte', 'gt', 'lt']), value: finite }),
  title: text.min(1),
  description: longText,
});

/** The keys ml/train_default_models.py writes, and free-text notes. */
const modelCardSchema = z.strictObject({
  name: text.min(1),
  version: text.min(1),
  demonstration: z.boolean(),
  intendedUse: longText.optional(),
  trainingData: longText.optional(),
  trainingSize: z.number().int().nonnegative().optional(),
  notes: longText.optional(),
  /** auroc, brier, calibrationSlope, calibrationIntercept, and any other figure a trust reports. */
  metrics: atMost(z.record(key, finite.nullable()), B.metrics).optional(),
});

/**
 * An OPCS-4 procedure code with its fourth character, written with its dot (`W40.1`): the fourth
 * character says primary, conversion or revision (docs/model-artifacts.md, Population).
 */
export const opcs4CodePattern = /^[A-Z]\d{2}\.\d$/;

/** Who the model was made for: the operations by OPCS-4 code, and the ages in whole years. */
const populationSchema = z.strictObject({
  opcs4: z
    .array(text.regex(opcs4CodePattern, 'must be an OPCS-4 code with its fourth character, such as W40.1'))
    .min(1)
    .max(B.features),
  ageYears: z.strictObject({
    min: finite.refine((x) => x >= 0, 'must be >= 0'),
    max: finite.nullable(),
  }),
  description: text.min(1),
});

/** The record fields the model reads whose absence makes a prediction too uncertain to band. */
const recordFieldName = text.min(1);

/** The lowest and highest value of a feature in the data the model was developed on. */
const developmentRangeSchema = z.strictObject({ min: finite, max: finite });

/** What the model predicts, and over how long (docs/model-artifacts.md, Outcome). */
const outcomeSchema = z.strictObject({
  definition: longText.min(1),
  horizonDays: z.number().int().min(1).max(3650),
});

export const wrapperSchema = z
  .strictObject({
    formatVersion: z.literal(1),
    procedure: z.enum(['knee', 'hip', 'knee-hip']),
    features: z.array(featureSchema).min(1).max(B.features),
    thresholds: z.strictObject({ high: probability, moderate: probability }),
    importanceBands: z.strictObject({
      high: finite.refine((x) => x >= 0, 'must be >= 0'),
      medium: finite.refine((x) => x >= 0, 'must be >= 0'),
    }),
    advice: z.array(adviceSchema).max(B.advice),
    modelCard: modelCardSchema,
    linearReferenceMeans: z.array(finite).max(B.features).optional(),
    population: populationSchema.optional(),
    requiredInputs: z.array(recordFieldName).max(B.features).optional(),
    developmentRanges: atMost(z.record(key, developmentRangeSchema), B.features).optional(),
    outcome: outcomeSchema.optional(),
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
    const fieldsRead = new Set(
      w.features.flatMap((f) =>
        f.source.kind === 'field'
          ? [f.source.field]
          : f.source.derivation === 'bmi'
            ? ['height', 'weight']
            : ['dateOfBirth'],
      ),
    );
    w.requiredInputs?.forEach((field, i) => {
      if (!fieldsRead.has(field))
        ctx.addIssue({
          code: 'custom',
          path: ['requiredInputs', i],
          message: `names no record field a feature reads ("${field}")`,
        });
    });
    for (const [name, range] of Object.entries(w.developmentRanges ?? {})) {
      if (!seen.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['developmentRanges', name],
          message: `names no feature ("${name}")`,
        });
      else if (range.min > range.max)
        ctx.addIssue({
          code: 'custom',
          path: ['developmentRanges', name, 'min'],
          message: 'must not exceed max',
        });
    }
    if (
      w.population &&
      w.population.ageYears.max !== null &&
      w.population.ageYears.max < w.population.ageYears.min
    )
      ctx.addIssue({
        code: 'custom',
        path: ['population', 'ageYears', 'max'],
        message: 'must not be below min',
      });
    if (w.linearReferenceMeans && w.linearReferenceMeans.length !== w.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['linearReferenceMeans'],
        message: `lists ${w.linearReferenceMeans.length} values for ${w.features.length} features`,
      });
    }
  });

/**
 * The JSON types and bounds of wrapperSchema, checked on the decoded pickle itself. The decoder
 * bounds what a file expands to, but only loosely (millions of values); this keeps every walk over a
 * wrapper to what the format allows: a value of the wrong type or size, and any unknown key, is
 * reported and never entered.
 */
type Shape =
  | { readonly kind: 'text'; readonly max: number }
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'nullable'; readonly of: Shape }
  | { readonly kind: 'list'; readonly max: number; readonly of: Shape }
  | { readonly kind: 'dict'; readonly keys: Readonly<Record<string, Shape>> }
  | { readonly kind: 'map'; readonly max: number; readonly of: Shape };

const textShape = (max: number): Shape => ({ kind: 'text', max });
const numberShape: Shape = { kind: 'number' };
const booleanShape: Shape = { kind: 'boolean' };
const list = (max: number, of: Shape): Shape => ({ kind: 'list', max, of });
const dict = (keys: Record<string, Shape>): Shape => ({ kind: 'dict', keys });

const wrapperShape: Shape = dict({
  formatVersion: numberShape,
  procedure: textShape(B.textChars),
  features: list(
    B.features,
    dict({
      name: textShape(B.textChars),
      displayName: textShape(B.textChars),
      unit: textShape(B.textChars),
      // Both kinds of source: which keys go with which kind is the schema's to say.
      source: dict({
        kind: textShape(B.textChars),
        field: textShape(B.textChars),
        derivation: textShape(B.textChars),
        encode: dict({
          map: { kind: 'map', max: B.encodeEntries, of: numberShape },
          otherwise: numberShape,
        }),
      }),
      default: { kind: 'nullable', of: numberShape },
      modifiable: booleanShape,
    }),
  ),
  thresholds: dict({ high: numberShape, moderate: numberShape }),
  importanceBands: dict({ high: numberShape, medium: numberShape }),
  advice: list(
    B.advice,
    dict({
      feature: textShape(B.textChars),
      when: dict({ op: textShape(B.textChars), value: numberShape }),
      title: textShape(B.textChars),
      description: textShape(B.longTextChars),
    }),
  ),
  modelCard: dict({
    name: textShape(B.textChars),
    version: textShape(B.textChars),
    demonstration: booleanShape,
    intendedUse: textShape(B.longTextChars),
    trainingData: textShape(B.longTextChars),
    trainingSize: numberShape,
    notes: textShape(B.longTextChars),
    metrics: { kind: 'map', max: B.metrics, of: { kind: 'nullable', of: numberShape } },
  }),
  linearReferenceMeans: list(B.features, numberShape),
  population: dict({
    opcs4: list(B.features, textShape(B.textChars)),
    ageYears: dict({ min: numberShape, max: { kind: 'nullable', of: numberShape } }),
    description: textShape(B.textChars),
  }),
  requiredInputs: list(B.features, textShape(B.textChars)),
  developmentRanges: { kind: 'map', max: B.features, of: dict({ min: numberShape, max: numberShape }) },
  outcome: dict({ definition: textShape(B.longTextChars), horizonDays: numberShape }),
});

/** What a decoded value is, in the words of the Python that wrote it. */
function describe(v: PyValue): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return 'a bool';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'bigint') return 'an int';
  if (typeof v === 'string') return 'a str';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof PyDict) return 'a dict';
  const kind =
    v instanceof Uint8Array
      ? 'bytes'
      : v instanceof PyInstance
        ? `a ${v.__class__.slice(v.__class__.lastIndexOf('.') + 1)} object`
        : v instanceof NdArray
          ? 'a numpy array'
          : v instanceof PyGlobal
            ? `a reference to ${v.qualifiedName}`
            : 'a numpy dtype';
  return `${kind}, which is not a plain value (only str, int, float, bool, None, list and dict are allowed)`;
}

const INVALID = Symbol('invalid');

/** Converts a decoded wrapper to JSON along `wrapperShape`, collecting `path: problem` issues. */
class ShapeCheck {
  readonly issues: string[] = [];
  /** Paths whose value was left out of the JSON: the schema's complaints about them are redundant. */
  private readonly dropped: PropertyKey[][] = [];
  /** Set once MAX_ISSUES are listed; nothing more is walked. */
  full = false;

  private problem(path: readonly PropertyKey[], message: string, dropped = true): typeof INVALID {
    if (this.issues.length >= MAX_ISSUES) {
      this.full = true;
      return INVALID;
    }
    this.issues.push(`${pathText(path)}: ${message}`);
    if (dropped) this.dropped.push([...path]);
    return INVALID;
  }

  covers(path: readonly PropertyKey[]): boolean {
    return this.dropped.some((d) => d.length <= path.length && d.every((p, i) => p === path[i]));
  }

  convert(v: PyValue, shape: Shape, path: PropertyKey[]): Json | typeof INVALID {
    if (this.full) return INVALID;
    switch (shape.kind) {
      case 'nullable':
        return v === null ? null : this.convert(v, shape.of, path);
      case 'text':
        if (typeof v !== 'string') return this.problem(path, `expected a str, received ${describe(v)}`);
        if (v.length > shape.max) {
          return this.problem(path, `is ${v.length} characters long, more than the ${shape.max} allowed`);
        }
        return v;
      case 'number':
        if (typeof v === 'number') return v;
        if (typeof v === 'bigint') return this.problem(path, 'is an integer too large');
        return this.problem(path, `expected a number, received ${describe(v)}`);
      case 'boolean':
        if (typeof v === 'boolean') return v;
        return this.problem(path, `expected True or False, received ${describe(v)}`);
      case 'list': {
        if (!Array.isArray(v)) return this.problem(path, `expected a list, received ${describe(v)}`);
        if (v.length > shape.max) {
          return this.problem(path, `has ${v.length} items, more than the ${shape.max} allowed`);
        }
        const out: Json[] = [];
        for (let i = 0; i < v.length; i++) {
          const x = this.convert(v[i] as PyValue, shape.of, [...path, i]);
          out.push(x === INVALID ? null : x);
        }
        return out;
      }
      case 'dict':
      case 'map': {
        if (!(v instanceof PyDict)) return this.problem(path, `expected a dict, received ${describe(v)}`);
        if (shape.kind === 'map' && v.size > shape.max) {
          return this.problem(path, `has ${v.size} entries, more than the ${shape.max} allowed`);
        }
        const out: { [key: string]: Json } = {};
        for (const [k, x] of v) {
          if (this.full) return INVALID;
          if (typeof k !== 'string') {
            this.problem(path, `has a key that is not a str (${describe(k)})`, false);
            continue;
          }
          let of: Shape | undefined;
          if (shape.kind === 'map') {
            if (k.length > B.keyChars) {
              this.problem(
                [...path, k],
                `the key is ${k.length} characters long, more than the ${B.keyChars} allowed`,
              );
              continue;
            }
            of = shape.of;
          } else if (Object.hasOwn(shape.keys, k)) {
            of = shape.keys[k];
          }
          if (of === undefined) {
            this.problem([...path, k], 'unknown key');
            continue;
          }
          const y = this.convert(x, of, [...path, k]);
          // defineProperty: a "__proto__" key stays a plain key instead of setting the prototype.
          if (y !== INVALID)
            Object.defineProperty(out, k, { value: y, enumerable: true, writable: true, configurable: true });
        }
        return out;
      }
    }
  }
}

function malformed(issues: readonly string[], more: boolean): WrapperError {
  const listed = issues.slice(0, MAX_ISSUES);
  if (more || issues.length > MAX_ISSUES) {
    listed.push(`(root): more problems than the first ${MAX_ISSUES} listed here`);
  }
  return new WrapperError('malformed-wrapper', `wrapper.pkl is malformed: ${listed.join('; ')}`, listed);
}

function schemaIssues(value: unknown, skip?: ShapeCheck): { wrapper?: Wrapper; issues: string[] } {
  const r = wrapperSchema.safeParse(value);
  if (r.success) return { wrapper: r.data, issues: [] };
  const issues = r.error.issues
    .filter((i) => !skip?.covers(i.path))
    .flatMap((i) =>
      // Worded as the check on decoded pickles words them, one key at a time.
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => `${pathText([...i.path, k])}: unknown key`)
        : [`${pathText(i.path)}: ${i.message}`],
    );
  return { issues };
}

export type Wrapper = z.infer<typeof wrapperSchema>;
export type WrapperFeature = Wrapper['features'][number];
export type AdviceRule = Wrapper['advice'][number];

/** Validates an already-decoded wrapper (e.g. JSON), listing every problem as `path: what is wrong`. */
export function parseWrapper(value: unknown): Wrapper {
  const { wrapper, issues } = schemaIssues(value);
  if (wrapper) return wrapper;
  throw malformed(issues, false);
}

/**
 * Decodes and validates wrapper.pkl: its types, sizes and keys on the decoded value first, so that
 * only a value of the format's bounded shape is ever converted and parsed.
 */
export function loadWrapper(bytes: Uint8Array, options?: Pick<DecodeOptions, 'limits'>): Wrapper {
  let decoded: PyValue;
  try {
    decoded = decodePickle(bytes, options?.limits ? { limits: options.limits } : undefined);
  } catch (e) {
    // Refusals keep their class (a refused global is a security event), naming the file.
    if (e instanceof PickleError) throw new PickleError(e.code, `wrapper.pkl: ${e.message}`, e.offset);
    throw e;
  }
  if (!(decoded instanceof PyDict)) {
    throw new WrapperError('malformed-wrapper', 'wrapper.pkl is malformed: it must hold a dict');
  }
  const check = new ShapeCheck();
  const json = check.convert(decoded, wrapperShape, []);
  if (check.full) throw malformed(check.issues, true);
  const { wrapper, issues } = schemaIssues(json, check);
  if (wrapper && check.issues.length === 0) return wrapper;
  throw malformed([...check.issues, ...issues], false);
}
