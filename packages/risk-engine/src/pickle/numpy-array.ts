import { PickleError } from '../errors.js';
import { tooManyElements } from './expansion.js';
import type { Budget } from './limits.js';
import {
  NdArray,
  NumpyDType,
  isStructured,
  type NumericData,
  type PyValue,
  type StructuredData,
} from './values.js';

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Number of elements for a declared shape, refusing negative, fractional or overflowing dimensions. */
export function elementCount(shape: PyValue, what: string): { shape: number[]; count: number } {
  const dims: PyValue[] = Array.isArray(shape) ? shape : typeof shape === 'number' ? [shape] : [];
  if (!Array.isArray(shape) && typeof shape !== 'number') {
    throw new PickleError('malformed', `${what} has a malformed shape`);
  }
  if (dims.length > 32) throw new PickleError('malformed', `${what} has more than 32 dimensions`);
  let count = 1;
  const out: number[] = [];
  for (const d of dims) {
    const n = typeof d === 'bigint' ? Number(d) : d;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
      throw new PickleError('malformed', `${what} has a malformed shape`);
    }
    out.push(n);
    count *= n;
  }
  if (!Number.isSafeInteger(count)) {
    throw new PickleError('too-large', `${what} declares shape (${out.join(', ')}), too many elements`);
  }
  return { shape: out, count };
}

type NumericCtor =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int8ArrayConstructor
  | Int16ArrayConstructor
  | Int32ArrayConstructor
  | Uint8ArrayConstructor
  | Uint16ArrayConstructor
  | Uint32ArrayConstructor
  | BigInt64ArrayConstructor
  | BigUint64ArrayConstructor;

function numericCtor(dt: NumpyDType): NumericCtor | null {
  const k = dt.kind;
  const s = dt.itemsize;
  if (k === 'f') return s === 8 ? Float64Array : s === 4 || s === 2 ? Float32Array : null;
  if (k === 'i')
    return s === 1 ? Int8Array : s === 2 ? Int16Array : s === 4 ? Int32Array : s === 8 ? BigInt64Array : null;
  if (k === 'u') {
    return s === 1
      ? Uint8Array
      : s === 2
        ? Uint16Array
        : s === 4
          ? Uint32Array
          : s === 8
            ? BigUint64Array
            : null;
  }
  if (k === 'b') return s === 1 ? Uint8Array : null;
  return null;
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

/** Reads `count` numeric elements of `dt` starting at `bytes[start]`, `stride` bytes apart. */
function readNumeric(
  dt: NumpyDType,
  count: number,
  bytes: Uint8Array,
  start: number,
  stride: number,
): NumericData {
  const Ctor = numericCtor(dt);
  if (!Ctor) throw new PickleError('malformed', `numpy dtype ${dt.str} is not supported`);
  const out = new Ctor(count);
  const le = dt.littleEndian;
  if (dt.kind !== 'f' || dt.itemsize !== 2) {
    if (stride === dt.itemsize && (le === HOST_LITTLE_ENDIAN || dt.itemsize === 1)) {
      new Uint8Array(out.buffer).set(bytes.subarray(start, start + count * stride));
      return out;
    }
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = start;
  const size = dt.itemsize;
  if (dt.kind === 'f') {
    const o = out as Float64Array | Float32Array;
    if (size === 8) for (let i = 0; i < count; i++, p += stride) o[i] = view.getFloat64(p, le);
    else if (size === 4) for (let i = 0; i < count; i++, p += stride) o[i] = view.getFloat32(p, le);
    else for (let i = 0; i < count; i++, p += stride) o[i] = halfToFloat(view.getUint16(p, le));
  } else if (size === 8) {
    const o = out as BigInt64Array | BigUint64Array;
    if (dt.kind === 'i') for (let i = 0; i < count; i++, p += stride) o[i] = view.getBigInt64(p, le);
    else for (let i = 0; i < count; i++, p += stride) o[i] = view.getBigUint64(p, le);
  } else {
    const o = out as Exclude<NumericData, BigInt64Array | BigUint64Array | Float64Array | Float32Array>;
    const signed = dt.kind === 'i';
    for (let i = 0; i < count; i++, p += stride) {
      if (size === 1) o[i] = signed ? view.getInt8(p) : view.getUint8(p);
      else if (size === 2) o[i] = signed ? view.getInt16(p, le) : view.getUint16(p, le);
      else o[i] = signed ? view.getInt32(p, le) : view.getUint32(p, le);
    }
  }
  return out;
}

function readStrings(dt: NumpyDType, count: number, bytes: Uint8Array, start: number): string[] {
  const out: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) {
    let s = '';
    const base = start + i * dt.itemsize;
    if (dt.kind === 'U') {
      for (let j = 0; j < dt.itemsize; j += 4) {
        const cp = view.getUint32(base + j, dt.littleEndian);
        if (cp === 0) break;
        if (cp > 0x10ffff)
          throw new PickleError('malformed', 'numpy unicode array holds an invalid code point');
        s += String.fromCodePoint(cp);
      }
    } else {
      for (let j = 0; j < dt.itemsize; j++) {
        const c = bytes[base + j] ?? 0;
        if (c === 0) break;
        s += String.fromCharCode(c);
      }
    }
    out.push(s);
  }
  return out;
}

/**
 * Decodes `count` elements of `dt` from raw bytes (exactly count x itemsize of them). The caller has
 * already charged the budget for the allocation.
 */
export function decodeArrayBytes(dt: NumpyDType, count: number, bytes: Uint8Array): NdArray['data'] {
  if (bytes.length !== count * dt.itemsize) {
    throw new PickleError(
      'malformed',
      `numpy array data is ${bytes.length} bytes, expected ${count * dt.itemsize} for ${count} x ${dt.str}`,
    );
  }
  if (dt.kind === 'V') {
    if (!dt.fields) throw new PickleError('malformed', 'numpy void arrays without fields are not supported');
    const cols = new Map<string, NumericData>();
    for (const f of dt.fields) {
      if (f.dtype.fields)
        throw new PickleError('malformed', `nested structured field ${f.name} is not supported`);
      cols.set(f.name, readNumeric(f.dtype, count, bytes, f.offset, dt.itemsize));
    }
    return cols as StructuredData;
  }
  if (dt.kind === 'U' || dt.kind === 'S') return readStrings(dt, count, bytes, 0);
  if (dt.kind === 'O') throw new PickleError('malformed', 'numpy object array given raw bytes');
  return readNumeric(dt, count, bytes, 0, dt.itemsize);
}

/** Checks and charges a declared array before any allocation. */
export function chargeArray(budget: Budget, dt: NumpyDType, count: number, what: string): void {
  const itemised = dt.kind === 'O' || dt.kind === 'U' || dt.kind === 'S';
  // Object and string arrays become one JavaScript value per item, whatever the item size: a `|S0`
  // array declares zero bytes, so without these checks a tiny file could ask for 10^15 empty strings.
  if (itemised && budget.countExpansion && count >= budget.limits.maxExpandedElements) {
    throw tooManyElements(budget.limits);
  }
  const itemsize = dt.kind === 'O' ? 8 : itemised ? Math.max(1, dt.itemsize) : dt.itemsize;
  budget.allocate(count * itemsize, `${what} of ${count} x ${dt.str}`);
}

/** `numpy.core.multiarray.scalar(dtype, bytes)`: a numpy scalar becomes a plain value. */
export function numpyScalar(dt: PyValue, data: PyValue): PyValue {
  if (!(dt instanceof NumpyDType)) throw new PickleError('malformed', 'numpy scalar without a dtype');
  if (dt.kind === 'O') return data;
  if (!(data instanceof Uint8Array)) throw new PickleError('malformed', 'numpy scalar data must be bytes');
  const values = decodeArrayBytes(dt, 1, data);
  if (Array.isArray(values)) return values[0] ?? null;
  if (isStructured(values)) throw new PickleError('malformed', 'structured numpy scalars are not supported');
  const v = values[0];
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v;
  if (dt.kind === 'b') return v !== 0;
  return v ?? null;
}

/** The state numpy's `ndarray.__reduce__` writes: (version, shape, dtype, is_fortran, data). */
export function applyNdArrayState(target: NdArray, state: PyValue, budget: Budget): void {
  if (!Array.isArray(state) || (state.length !== 5 && state.length !== 4)) {
    throw new PickleError('malformed', 'Malformed numpy array state');
  }
  const [shapeV, dtype, fortran, raw] = state.length === 5 ? state.slice(1) : state;
  if (!(dtype instanceof NumpyDType)) throw new PickleError('malformed', 'numpy array state without a dtype');
  const { shape, count } = elementCount(shapeV ?? null, 'numpy array');
  chargeArray(budget, dtype, count, 'numpy array');
  target.dtype = dtype;
  target.shape = shape;
  target.fortran = fortran === true || fortran === 1;
  if (dtype.kind === 'O') {
    if (!Array.isArray(raw) || raw.length !== count) {
      throw new PickleError('malformed', 'numpy object array state does not match its shape');
    }
    target.data = raw.slice();
    return;
  }
  let bytes: Uint8Array;
  if (raw instanceof Uint8Array) bytes = raw;
  else if (typeof raw === 'string') bytes = latin1Bytes(raw);
  else throw new PickleError('malformed', 'numpy array state data must be bytes');
  target.data = decodeArrayBytes(dtype, count, bytes);
}

export function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 255) throw new PickleError('malformed', 'string is not latin-1');
    out[i] = c;
  }
  return out;
}

/** `numpy.core.numeric._frombuffer(buf, dtype, shape, order)`, as pickle protocol 5 writes arrays. */
export function frombuffer(args: readonly PyValue[], budget: Budget): NdArray {
  const [buf, dtype, shapeV, order] = args;
  if (!(buf instanceof Uint8Array) || !(dtype instanceof NumpyDType) || args.length !== 4) {
    throw new PickleError('malformed', 'Malformed numpy _frombuffer arguments');
  }
  const { shape, count } = elementCount(shapeV ?? null, 'numpy array');
  chargeArray(budget, dtype, count, 'numpy array');
  if (dtype.kind === 'O') throw new PickleError('malformed', 'numpy object arrays cannot come from a buffer');
  return new NdArray(dtype, shape, order === 'F', decodeArrayBytes(dtype, count, buf));
}

export function emptyArray(): NdArray {
  return new NdArray(new NumpyDType('b'), [0], false, new Uint8Array(0));
}
