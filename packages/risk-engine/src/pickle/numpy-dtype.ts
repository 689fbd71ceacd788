import { PickleError } from '../errors.js';
import { PyDict } from './values.js';
import type { PyValue } from './values.js';

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
