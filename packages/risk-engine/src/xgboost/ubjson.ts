/**
 * A bounded reader for Universal Binary JSON (draft 12), the format XGBoost >= 1.6 uses for the model
 * it pickles inside `Booster.handle`. Optimised containers of numbers (`[$d#L...`) come back as typed
 * arrays; every count is checked against the bytes left before anything is allocated.
 */
import { UnsupportedModelError } from '../errors.js';

export type UbjValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | UbjValue[]
  | { [key: string]: UbjValue }
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Int16Array
  | Int32Array
  | BigInt64Array;

const MAX_DEPTH = 64;
const utf8 = new TextDecoder('utf-8');

function fail(message: string): never {
  throw new UnsupportedModelError('invalid-model', `XGBoost model data is malformed: ${message}`);
}

const SIZES: Record<string, number> = { i: 1, U: 1, I: 2, l: 4, L: 8, d: 4, D: 8, C: 1, T: 0, F: 0, Z: 0 };

class Reader {
  private pos = 0;
  private readonly view: DataView;
  constructor(private readonly b: Uint8Array) {
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }

  private need(n: number): void {
    if (n < 0 || this.pos + n > this.b.length) fail('unexpected end of data');
  }

  private marker(): string {
    this.need(1);
    return String.fromCharCode(this.b[this.pos++] as number);
  }

  private peek(): string {
    this.need(1);
    return String.fromCharCode(this.b[this.pos] as number);
  }

  private int(type: string): number {
    const v = this.scalar(type);
    if (typeof v === 'bigint') {
      if (v < 0n || v > BigInt(Number.MAX_SAFE_INTEGER)) fail('length out of range');
      return Number(v);
    }
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) fail('bad length');
    return v;
  }

  private scalar(type: string): UbjValue {
    const v = this.view;
    const p = this.pos;
    switch (type) {
      case 'Z':
        return null;
      case 'T':
        return true;
      case 'F':
        return false;
      case 'i':
        this.need(1);
        this.pos += 1;
        return v.getInt8(p);
      case 'U':
        this.need(1);
        this.pos += 1;
        return v.getUint8(p);
      case 'I':
        this.need(2);
        this.pos += 2;
        return v.getInt16(p);
      case 'l':
        this.need(4);
        this.pos += 4;
        return v.getInt32(p);
      case 'L': {
        this.need(8);
        this.pos += 8;
        const big = v.getBigInt64(p);
        return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(big)
          : big;
      }
      case 'd':
        this.need(4);
        this.pos += 4;
        return v.getFloat32(p);
      case 'D':
        this.need(8);
        this.pos += 8;
        return v.getFloat64(p);
      case 'C':
        this.need(1);
        this.pos += 1;
        return String.fromCharCode(v.getUint8(p));
      case 'S':
      case 'H': {
        const n = this.int(this.marker());
        this.need(n);
        const s = utf8.decode(this.b.subarray(this.pos, this.pos + n));
        this.pos += n;
        return type === 'H' ? Number(s) : s;
      }
      default:
        return fail(`unknown type marker ${JSON.stringify(type)}`);
    }
  }

  private typedArray(type: string, count: number): UbjValue {
    const size = SIZES[type];
    if (size === undefined || size === 0) {
      const out: UbjValue[] = [];
      for (let i = 0; i < count; i++) out.push(this.scalar(type));
      return out;
    }
    this.need(count * size);
    const p = this.pos;
    const v = this.view;
    let out: UbjValue;
    switch (type) {
      case 'd': {
        const a = new Float32Array(count);
        for (let i = 0; i < count; i++) a[i] = v.getFloat32(p + 4 * i);
        out = a;
        break;
      }
      case 'D': {
        const a = new Float64Array(count);
        for (let i = 0; i < count; i++) a[i] = v.getFloat64(p + 8 * i);
        out = a;
        break;
      }
      case 'i':
        out = new Int8Array(this.b.slice(p, p + count).buffer);
        break;
      case 'U':
        out = this.b.slice(p, p + count);
        break;
      case 'I': {
        const a = new Int16Array(count);
        for (let i = 0; i < count; i++) a[i] = v.getInt16(p + 2 * i);
        out = a;
        break;
      }
      case 'l': {
        const a = new Int32Array(count);
        for (let i = 0; i < count; i++) a[i] = v.getInt32(p + 4 * i);
        out = a;
        break;
      }
      case 'L': {
        const a = new BigInt64Array(count);
        for (let i = 0; i < count; i++) a[i] = v.getBigInt64(p + 8 * i);
        out = a;
        break;
      }
      default: {
        const chars: string[] = [];
        for (let i = 0; i < count; i++) chars.push(String.fromCharCode(v.getUint8(p + i)));
        out = chars;
      }
    }
    this.pos += count * size;
    return out;
  }

  /** `$type` and `#count` of an optimised container, when present. */
  private header(): { type: string | null; count: number | null } {
    let type: string | null = null;
    let count: number | null = null;
    if (this.peek() === '$') {
      this.pos++;
      type = this.marker();
      if (this.peek() !== '#') fail('typed container without a count');
    }
    if (this.peek() === '#') {
      this.pos++;
      count = this.int(this.marker());
      // Each element takes at least one byte unless its type carries no payload.
      const min = type === null ? 1 : (SIZES[type] ?? 1);
      if (min > 0 && count * min > this.b.length - this.pos) fail('container count larger than the data');
      if (min === 0 && count > 1_000_000) fail('container count too large');
    }
    return { type, count };
  }

  value(depth: number): UbjValue {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    let t = this.marker();
    while (t === 'N') t = this.marker();
    if (t === '[') {
      const { type, count } = this.header();
      if (type !== null && count !== null) return this.typedArray(type, count);
      const out: UbjValue[] = [];
      if (count !== null) {
        for (let i = 0; i < count; i++) out.push(this.value(depth + 1));
        return out;
      }
      while (this.peek() !== ']') out.push(this.value(depth + 1));
      this.pos++;
      return out;
    }
    if (t === '{') {
      const { type, count } = this.header();
      const out: { [key: string]: UbjValue } = Object.create(null) as { [key: string]: UbjValue };
      const readEntry = (): void => {
        const n = this.int(this.marker());
        this.need(n);
        const key = utf8.decode(this.b.subarray(this.pos, this.pos + n));
        this.pos += n;
        out[key] = type !== null ? this.scalar(type) : this.value(depth + 1);
      };
      if (count !== null) for (let i = 0; i < count; i++) readEntry();
      else {
        while (this.peek() !== '}') readEntry();
        this.pos++;
      }
      return out;
    }
    return this.scalar(t);
  }
}

export function parseUbjson(bytes: Uint8Array): UbjValue {
  return new Reader(bytes).value(0);
}
