/** Typed access to decoded estimator state, failing with a message that names what is wrong. */
import { UnsupportedModelError } from '../errors.js';
import { NdArray, PyDict, PyInstance, isStructured } from '../pickle/values.js';
import type { NumericData, PyValue } from '../pickle/values.js';

export function invalid(message: string): never {
  throw new UnsupportedModelError('invalid-model', message);
}

export function shortName(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf('.') + 1);
}

export function stateOf(inst: PyInstance): PyDict {
  if (!(inst.state instanceof PyDict)) invalid(`${shortName(inst.__class__)} has no attribute dictionary`);
  return inst.state;
}

export function attr(state: PyDict, key: string, owner: string): PyValue {
  if (!state.has(key)) invalid(`${owner} has no attribute ${key}: is it fitted?`);
  return state.get(key) as PyValue;
}

export function optAttr(state: PyDict, key: string): PyValue | undefined {
  return state.get(key);
}

export function num(v: PyValue | undefined, what: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint' && Number.isSafeInteger(Number(v))) return Number(v);
  return invalid(`${what} is not a number`);
}

export function str(v: PyValue | undefined, what: string): string {
  if (typeof v !== 'string') invalid(`${what} is not a string`);
  return v;
}

export function instance(v: PyValue | undefined, what: string): PyInstance {
  if (!(v instanceof PyInstance)) invalid(`${what} is not an estimator object`);
  return v;
}

export function ndarray(v: PyValue | undefined, what: string): NdArray {
  if (!(v instanceof NdArray)) invalid(`${what} is not a numpy array`);
  return v;
}

function toFloat(data: NumericData, i: number): number {
  const v = data[i] as number | bigint;
  return typeof v === 'bigint' ? Number(v) : v;
}

/** A numeric array's elements in C (row-major) order, as float64. */
export function floats(v: PyValue | undefined, what: string): Float64Array {
  const a = ndarray(v, what);
  if (Array.isArray(a.data) || isStructured(a.data)) invalid(`${what} is not a numeric array`);
  const data = a.data;
  const n = a.size;
  const out = new Float64Array(n);
  if (!a.fortran || a.shape.length < 2) {
    for (let i = 0; i < n; i++) out[i] = toFloat(data, i);
    return out;
  }
  // Fortran order: element (i0, i1, ...) sits at i0 + d0*(i1 + d1*(...)); walk C order instead.
  const shape = a.shape;
  const idx = new Array<number>(shape.length).fill(0);
  for (let c = 0; c < n; c++) {
    let f = 0;
    let stride = 1;
    for (let k = 0; k < shape.length; k++) {
      f += (idx[k] as number) * stride;
      stride *= shape[k] as number;
    }
    out[c] = toFloat(data, f);
    for (let k = shape.length - 1; k >= 0; k--) {
      idx[k] = (idx[k] as number) + 1;
      if ((idx[k] as number) < (shape[k] as number)) break;
      idx[k] = 0;
    }
  }
  return out;
}

/** One field of a structured array (e.g. sklearn tree nodes) as float64, or null when absent. */
export function field(a: NdArray, name: string, what: string, required = true): Float64Array | null {
  if (!isStructured(a.data)) invalid(`${what} is not a structured array`);
  const col = a.data.get(name);
  if (!col) {
    if (required) invalid(`${what} has no field ${name}`);
    return null;
  }
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = toFloat(col, i);
  return out;
}

export function list(v: PyValue | undefined, what: string): PyValue[] {
  if (v instanceof NdArray && Array.isArray(v.data)) return v.data;
  if (!Array.isArray(v)) invalid(`${what} is not a list`);
  return v;
}

/** `_sklearn_version` as [major, minor]. */
export function sklearnVersion(inst: PyInstance): { text: string; major: number; minor: number } {
  const v = stateOf(inst).get('_sklearn_version');
  const cls = shortName(inst.__class__);
  if (typeof v !== 'string') {
    throw new UnsupportedModelError(
      'unsupported-version',
      `${cls} does not record the scikit-learn version that wrote it; supported: scikit-learn 1.2 – 1.5`,
    );
  }
  const m = /^(\d+)\.(\d+)/.exec(v);
  const major = Number(m?.[1]);
  const minor = Number(m?.[2]);
  if (!m || major !== 1 || minor < 2 || minor > 5) {
    throw new UnsupportedModelError(
      'unsupported-version',
      `${cls} was written by scikit-learn ${v.slice(0, 20)}, which is not supported; supported: scikit-learn 1.2 – 1.5`,
    );
  }
  return { text: v, major, minor };
}

export function classesOf(state: PyDict, owner: string): PyValue[] {
  const c = attr(state, 'classes_', owner);
  const a = ndarray(c, `${owner}.classes_`);
  let values: PyValue[];
  if (Array.isArray(a.data)) values = a.data;
  else if (isStructured(a.data)) return invalid(`${owner}.classes_ is malformed`);
  else values = Array.from(floats(a, `${owner}.classes_`));
  if (values.length !== 2) {
    throw new UnsupportedModelError(
      'unsupported-model',
      `${owner} has ${values.length} classes; only binary classifiers (complication yes/no) are supported`,
    );
  }
  return values;
}

/** Bounds that keep a decoded-but-hostile model from exhausting memory or time while it is built. */
export const MAX_FEATURES = 100_000;
export const MAX_TREES = 100_000;
export const MAX_TOTAL_NODES = 5_000_000;

export function checkFeatureCount(n: number, owner: string): number {
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_FEATURES) {
    invalid(`${owner} declares ${n} features (at most ${MAX_FEATURES} are supported)`);
  }
  return n;
}

export function checkTreeCounts(trees: number, nodes: number, owner: string): void {
  if (trees > MAX_TREES) invalid(`${owner} has ${trees} trees (at most ${MAX_TREES} are supported)`);
  if (nodes > MAX_TOTAL_NODES)
    invalid(`${owner} has ${nodes} tree nodes (at most ${MAX_TOTAL_NODES} are supported)`);
}
