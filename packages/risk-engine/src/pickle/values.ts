/**
 * What the decoder produces. Python objects map onto plain JavaScript values where one fits, and onto
 * the small classes below where Python identity or type matters (dicts with non-string keys, class
 * instances, globals, numpy arrays). Nothing here can run code: a `PyGlobal` is only a name.
 */
import type { NumpyDType } from './numpy-dtype.js';

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
