/**
 * Record → feature vector, per the wrapper's sources (docs/model-artifacts.md "Sources"). Each row
 * yields the observed value (NaN when missing, before defaults: advice reads it) and the model input
 * (the default replaces a missing value).
 */
import { InputError } from './errors.js';
import type { Wrapper, WrapperFeature } from './wrapper.js';

/** A patient record: the remodel record fields, values possibly strings; '' / null / absent is missing. */
export type PatientRecord = Readonly<Record<string, unknown>>;

export interface CivilDate {
  y: number;
  m: number;
  d: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digits(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** `YYYY-MM-DD` (optionally followed by a time) or a Date, as a UTC calendar date; null when invalid. */
export function parseCivilDate(v: unknown): CivilDate | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return { y: v.getUTCFullYear(), m: v.getUTCMonth() + 1, d: v.getUTCDate() };
  }
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (s.length < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || (s.length > 10 && s[10] !== 'T'))
    return null;
  const y = digits(s, 0, 4);
  const m = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (d > (m === 2 && leap ? 29 : (DAYS_IN_MONTH[m - 1] as number))) return null;
  return { y, m, d };
}

/** Whole years from `dob` to `on` (a birthday not yet reached this year does not count). */
export function ageYears(dob: CivilDate, on: CivilDate): number {
  let age = on.y - dob.y;
  if (on.m < dob.m || (on.m === dob.m && on.d < dob.d)) age -= 1;
  return age;
}

function isMissing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** A record value as a number: numbers as they are, numeric strings parsed, anything else missing. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    // Number() already accepts exactly decimal literals, plus 0x/0o/0b forms and Infinity, refused here.
    const t = v.trim();
    if (t === '') return NaN;
    const n = Number(t);
    if (!Number.isFinite(n)) return NaN;
    const c1 = t.charCodeAt(1) | 32;
    if (t.length > 2 && t.charCodeAt(0) === 48 && (c1 === 120 || c1 === 111 || c1 === 98)) return NaN;
    return n;
  }
  return NaN;
}

type Getter = (record: PatientRecord, on: CivilDate) => number;

function getterFor(f: WrapperFeature): Getter {
  const src = f.source;
  if (src.kind === 'derived') {
    if (src.derivation === 'bmi') {
      return (r) => {
        const w = toNumber(r.weight);
        const h = toNumber(r.height);
        if (!(h > 0) || Number.isNaN(w)) return NaN;
        return w / (h / 100) ** 2;
      };
    }
    return (r, on) => {
      const dob = parseCivilDate(r.dateOfBirth);
      if (!dob) return NaN;
      const a = ageYears(dob, on);
      return a >= 0 ? a : NaN;
    };
  }
  const name = src.field;
  const encode = src.encode;
  if (!encode) return (r) => toNumber(r[name]);
  const map = new Map(Object.entries(encode.map));
  const otherwise = encode.otherwise;
  return (r) => {
    const v = r[name];
    if (isMissing(v)) return NaN;
    const key = typeof v === 'string' ? v.trim() : String(v);
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    return otherwise ?? NaN;
  };
}

/**
 * The record fields whose absence makes the model put in a default (a feature with a default, read
 * from the field or derived from it), in the wrapper's feature order: what an import warns about
 * when a row leaves one blank (docs/import-format.md "Warnings").
 */
export function defaultedRecordFields(wrapper: Wrapper): string[] {
  const fields = new Set<string>();
  for (const feature of wrapper.features) {
    if (feature.default === null) continue;
    const { source } = feature;
    if (source.kind === 'field') fields.add(source.field);
    else if (source.derivation === 'bmi') ['height', 'weight'].forEach((field) => fields.add(field));
    else fields.add('dateOfBirth');
  }
  return [...fields];
}

export function rawFieldValue(f: WrapperFeature, record: PatientRecord): string | number | null {
  if (f.source.kind !== 'field') return null;
  const v = record[f.source.field];
  if (isMissing(v)) return null;
  if (typeof v === 'number') return v;
  return typeof v === 'string' ? v.trim() : String(v);
}

export class FeatureEncoder {
  readonly nFeatures: number;
  private readonly getters: Getter[];
  private readonly defaults: Float64Array;

  constructor(readonly wrapper: Wrapper) {
    this.nFeatures = wrapper.features.length;
    this.getters = wrapper.features.map(getterFor);
    this.defaults = Float64Array.from(wrapper.features, (f) => (f.default === null ? NaN : f.default));
  }

  /**
   * Writes the model input for `record` at `x[offset...]` and the observed values at
   * `observed[offset...]`; returns whether any default was used.
   */
  encode(
    record: PatientRecord,
    on: CivilDate,
    x: Float64Array,
    observed: Float64Array,
    offset: number,
  ): boolean {
    if (record === null || typeof record !== 'object')
      throw new InputError('invalid-input', 'A record must be an object');
    let defaulted = false;
    const n = this.nFeatures;
    for (let j = 0; j < n; j++) {
      const v = (this.getters[j] as Getter)(record, on);
      observed[offset + j] = v;
      if (v !== v) {
        defaulted = true;
        x[offset + j] = this.defaults[j] as number;
      } else {
        x[offset + j] = v;
      }
    }
    return defaulted;
  }
}

export function resolveEvaluationDate(d: string | Date | undefined): CivilDate {
  if (d === undefined) return parseCivilDate(new Date()) as CivilDate;
  const c = parseCivilDate(d);
  if (!c)
    throw new InputError(
      'invalid-input',
      `evaluationDate ${JSON.stringify(String(d))} is not a YYYY-MM-DD date`,
    );
  return c;
}
