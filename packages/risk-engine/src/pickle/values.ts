/**
 * What the decoder produces. Python objects map onto plain JavaScript values where one fits, and onto
 * the small classes below where Python identity or type matters (dicts with non-string keys, class
 * instances, globals, numpy arrays). Nothing here can run code: a `PyGlobal` is only a name.
 */
import { PickleError } from '../errors.js';

export type NumericData =
  | Float64Array
  | Float32Array
  | Int8Array
  | Int16Array
  | Int32Array
  | Uint8Array
  | Uint16Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array;

/** Columns of a structured array, one typed array per scalar field, in field order. */
export type StructuredData = ReadonlyMap<string, NumericData>;

export type PyValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | PyValue[]
  | PyDict
  | PyInstance
  | PyGlobal
  | NdArray
  | NumpyDType;

/** A Python dict. Keys keep their Python value (strings for every dict the engine reads). */
export class PyDict extends Map<PyValue, PyValue> {}

/** A name the allow-list admitted. It is never called: the decoder dispatches on `module.name`. */
export class PyGlobal {
  constructor(
    readonly module: string,
    readonly name: string,
  ) {}
  get qualifiedName(): string {
    return `${this.module}.${this.name}`;
  }
}

/**
 * An instance of an allow-listed class, rebuilt from NEWOBJ/REDUCE (its constructor `args`) and BUILD
 * (`state`, usually a PyDict of the object's `__dict__`).
 */
export class PyInstance {
  state: PyValue = null;
  constructor(
    readonly __class__: string,
    readonly args: readonly PyValue[] = [],
  ) {}
}

/** A numpy array. `data` holds elements in memory order: C order, or Fortran order when `fortran`. */
export class NdArray {
  constructor(
    public dtype: NumpyDType,
    public shape: readonly number[],
    public fortran: boolean,
    public data: NumericData | StructuredData | PyValue[],
  ) {}
  get size(): number {
    let n = 1;
    for (const d of this.shape) n *= d;
    return n;
  }
}

export function isStructured(data: NdArray['data']): data is StructuredData {
  return data instanceof Map;
}

export type DTypeKind = 'b' | 'i' | 'u' | 'f' | 'c' | 'O' | 'V' | 'U' | 'S' | 'M' | 'm';

export interface DTypeField {
  readonly name: string;
  readonly dtype: NumpyDType;
  readonly offset: number;
}

const KINDS = new Set<string>(['b', 'i', 'u', 'f', 'c', 'O', 'V', 'U', 'S', 'M', 'm']);

/**
 * A numpy dtype as pickled: `numpy.dtype(typestr, align, copy)` followed by a BUILD that sets the byte
 * order and, for structured dtypes, the fields. Mutable only while the decoder builds it.
 */
export class NumpyDType {
  kind: DTypeKind;
  itemsize: number;
  /** '<' little, '>' big, '|' not applicable. */
  byteOrder: '<' | '>' | '|';
  fields: DTypeField[] | null = null;

  constructor(typestr: string) {
    const m = /^([<>|=]?)([a-zA-Z])(\d*)$/.exec(typestr);
    if (!m || !KINDS.has(m[2] ?? '')) {
      throw new PickleError('malformed', `Unsupported numpy dtype ${JSON.stringify(typestr.slice(0, 40))}`);
    }
    this.kind = m[2] as DTypeKind;
    const n = m[3] === '' ? NaN : Number(m[3]);
    this.itemsize = this.kind === 'U' ? n * 4 : this.kind === 'O' ? 8 : n;
    if (this.kind === 'b' && Number.isNaN(n)) this.itemsize = 1;
    if (!Number.isSafeInteger(this.itemsize) || this.itemsize < 0 || this.itemsize > 1 << 20) {
      throw new PickleError('malformed', `Unsupported numpy dtype ${JSON.stringify(typestr)}`);
    }
    const order = m[1];
    this.byteOrder = order === '>' ? '>' : order === '|' ? '|' : '<';
    if (this.itemsize <= 1 || this.kind === 'O' || this.kind === 'V' || this.kind === 'S')
      this.byteOrder = '|';
  }

  get littleEndian(): boolean {
    return this.byteOrder !== '>';
  }

  /** numpy's `dtype.str`, e.g. `<f8`. */
  get str(): string {
    return `${this.byteOrder}${this.kind}${this.kind === 'U' ? this.itemsize / 4 : this.itemsize}`;
  }

  /** Applies the state tuple numpy's `dtype.__reduce__` writes (versions 3 and 4). */
  setState(state: PyValue): void {
    if (!Array.isArray(state) || state.length < 8 || state.length > 9) {
      throw new PickleError('malformed', 'Malformed numpy dtype state');
    }
    const [, endian, subarray, names, fields, elsize] = state;
    if (endian === '<' || endian === '=') this.byteOrder = '<';
    else if (endian === '>') this.byteOrder = '>';
    else if (endian === '|') this.byteOrder = '|';
    else throw new PickleError('malformed', 'Malformed numpy dtype byte order');
    if (subarray !== null) throw new PickleError('malformed', 'numpy sub-array dtypes are not supported');
    if (
      typeof elsize === 'number' &&
      elsize >= 0 &&
      (this.kind === 'V' || this.kind === 'U' || this.kind === 'S')
    ) {
      if (elsize > 1 << 20) throw new PickleError('too-large', 'numpy dtype item size too large');
      this.itemsize = elsize;
    }
    if (names !== null) {
      if (!Array.isArray(names) || !(fields instanceof PyDict) || this.kind !== 'V') {
        throw new PickleError('malformed', 'Malformed numpy structured dtype');
      }
      const out: DTypeField[] = [];
      for (const name of names) {
        const f = fields.get(name);
        if (typeof name !== 'string' || !Array.isArray(f) || f.length < 2) {
          throw new PickleError('malformed', 'Malformed numpy structured dtype field');
        }
        const [dt, offset] = f;
        if (!(dt instanceof NumpyDType) || typeof offset !== 'number' || !Number.isSafeInteger(offset)) {
          throw new PickleError('malformed', `Malformed numpy structured dtype field ${name}`);
        }
        if (offset < 0 || offset + dt.itemsize > this.itemsize) {
          throw new PickleError('malformed', `numpy structured dtype field ${name} lies outside its record`);
        }
        out.push({ name, dtype: dt, offset });
      }
      this.fields = out;
    }
  }
}
