/**
 * A pickle virtual machine that never executes anything. It implements every opcode of protocols 0-5,
 * resolves globals only against the allow-list in globals.ts, re-implements the few data
 * constructors models need (numpy arrays, dtypes, scalars, bytes), and reads the raw array bytes
 * joblib writes after each `NumpyArrayWrapper`. All sizes, depths and the time spent are bounded.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import { PickleError } from '../errors.js';
import { classifyGlobal } from './globals.js';
import { checkExpansion, containsItself, nestsTooDeep, tooManyElements, tooMuchText } from './expansion.js';
import { Budget, DEFAULT_LIMITS, formatBytes } from './limits.js';
import type { DecodeLimits } from './limits.js';
import {
  applyNdArrayState,
  chargeArray,
  decodeArrayBytes,
  elementCount,
  emptyArray,
  frombuffer,
  latin1Bytes,
  numpyScalar,
} from './numpy-array.js';
import { NdArray, NumpyDType, PyDict, PyGlobal, PyInstance, type PyValue } from './values.js';

export interface DecodeOptions {
  limits?: Partial<DecodeLimits>;
  /**
   * For benchmarks only (bench/risk-engine.bench.ts): `false` turns the expansion accounting off
   * (maxExpandedElements, maxExpandedTextBytes, the refusal of cycles), keeping only the nesting
   * depth, so its cost can be measured in the same run. loadModel and loadWrapper never pass it on.
   */
  expansionAccounting?: boolean;
}

/** How deeply a value nests and what it expands to so far (see expansion.ts). */
class Expansion {
  elements = 1;
  text = 0;
  /** Set once the value is inside another: from then on, growing it leaves that one's count stale. */
  embedded = false;
  constructor(public depth: number) {}
}

/** Kept per decode and shared with the pickles nested in a joblib file. */
class Accounting {
  readonly measures = new WeakMap<object, Expansion>();
  /**
   * A container gained a value after it was put inside another. Only then can a count kept while
   * decoding be short (the other's count was taken before), and only so can a value come to contain
   * itself: the exact pass at the end runs when this is set.
   */
  stale = false;
}

function isContainer(v: object): boolean {
  return Array.isArray(v) || v instanceof PyDict || v instanceof PyInstance || v instanceof NdArray;
}

const OPCODE_NAMES: Record<number, string> = {
  0x28: 'MARK',
  0x2e: 'STOP',
  0x30: 'POP',
  0x31: 'POP_MARK',
  0x32: 'DUP',
  0x46: 'FLOAT',
  0x49: 'INT',
  0x4a: 'BININT',
  0x4b: 'BININT1',
  0x4c: 'LONG',
  0x4d: 'BININT2',
  0x4e: 'NONE',
  0x50: 'PERSID',
  0x51: 'BINPERSID',
  0x52: 'REDUCE',
  0x53: 'STRING',
  0x54: 'BINSTRING',
  0x55: 'SHORT_BINSTRING',
  0x56: 'UNICODE',
  0x58: 'BINUNICODE',
  0x61: 'APPEND',
  0x62: 'BUILD',
  0x63: 'GLOBAL',
  0x64: 'DICT',
  0x7d: 'EMPTY_DICT',
  0x65: 'APPENDS',
  0x67: 'GET',
  0x68: 'BINGET',
  0x69: 'INST',
  0x6a: 'LONG_BINGET',
  0x6c: 'LIST',
  0x5d: 'EMPTY_LIST',
  0x6f: 'OBJ',
  0x70: 'PUT',
  0x71: 'BINPUT',
  0x72: 'LONG_BINPUT',
  0x73: 'SETITEM',
  0x74: 'TUPLE',
  0x29: 'EMPTY_TUPLE',
  0x75: 'SETITEMS',
  0x47: 'BINFLOAT',
  0x80: 'PROTO',
  0x81: 'NEWOBJ',
  0x82: 'EXT1',
  0x83: 'EXT2',
  0x84: 'EXT4',
  0x85: 'TUPLE1',
  0x86: 'TUPLE2',
  0x87: 'TUPLE3',
  0x88: 'NEWTRUE',
  0x89: 'NEWFALSE',
  0x8a: 'LONG1',
  0x8b: 'LONG4',
  0x42: 'BINBYTES',
  0x43: 'SHORT_BINBYTES',
  0x8c: 'SHORT_BINUNICODE',
  0x8d: 'BINUNICODE8',
  0x8e: 'BINBYTES8',
  0x8f: 'EMPTY_SET',
  0x90: 'ADDITEMS',
  0x91: 'FROZENSET',
  0x92: 'NEWOBJ_EX',
  0x93: 'STACK_GLOBAL',
  0x94: 'MEMOIZE',
  0x95: 'FRAME',
  0x96: 'BYTEARRAY8',
  0x97: 'NEXT_BUFFER',
  0x98: 'READONLY_BUFFER',
};

const utf8 = new TextDecoder('utf-8');

/** Python 2 `str` values and protocol-0 text arguments are bytes; latin-1 keeps every byte. */
function latin1String(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
}

function resolveLimits(options?: DecodeOptions): DecodeLimits {
  return { ...DEFAULT_LIMITS, ...(options?.limits ?? {}) };
}

/** Recognises joblib's compressed containers and the formats that are refused outright. */
function sniff(input: Uint8Array): 'zlib' | 'gzip' | 'pickle' {
  const b0 = input[0];
  const b1 = input[1];
  if (b0 === undefined) throw new PickleError('not-a-pickle', 'Not a pickle: the file is empty');
  if (b0 === 0x78 && b1 !== undefined && (b0 * 256 + b1) % 31 === 0) return 'zlib';
  if (b0 === 0x1f && b1 === 0x8b) return 'gzip';
  const head = String.fromCharCode(...input.subarray(0, 6));
  if (head.startsWith('BZh')) {
    throw new PickleError(
      'unsupported-compression',
      'bz2-compressed joblib files are not supported: use zlib or gzip',
    );
  }
  if (head.startsWith('\xfd7zXZ') || (b0 === 0x5d && b1 === 0x00)) {
    throw new PickleError(
      'unsupported-compression',
      'xz/lzma-compressed joblib files are not supported: use zlib or gzip',
    );
  }
  if (b0 === 0x04 && b1 === 0x22) {
    throw new PickleError(
      'unsupported-compression',
      'lz4-compressed joblib files are not supported: use zlib or gzip',
    );
  }
  if (head.startsWith('ZF')) {
    throw new PickleError(
      'unsupported-compression',
      'joblib files written before joblib 0.10 are not supported',
    );
  }
  if (head.startsWith('PK\x03\x04')) {
    throw new PickleError('not-a-pickle', 'Not a pickle: the file is a zip archive');
  }
  if (head.startsWith('\x89PNG') || head.startsWith('%PDF') || head.startsWith('\xd0\xcf\x11\xe0')) {
    throw new PickleError(
      'not-a-pickle',
      `Not a pickle: the file is ${head.startsWith('%PDF') ? 'a PDF document' : head.startsWith('\x89PNG') ? 'a PNG image' : 'an Office document'}`,
    );
  }
  if (head.startsWith('\x93NUMPY')) {
    throw new PickleError('not-a-pickle', 'Not a pickle: the file is a .npy array');
  }
  if (b0 !== 0x80 && OPCODE_NAMES[b0] === undefined) {
    throw new PickleError(
      'not-a-pickle',
      `Not a pickle: the file starts with byte 0x${b0.toString(16).padStart(2, '0')}, which begins no pickle`,
    );
  }
  return 'pickle';
}

function inflate(input: Uint8Array, kind: 'zlib' | 'gzip', limits: DecodeLimits): Uint8Array {
  try {
    const opts = { maxOutputLength: limits.maxInflatedBytes };
    return kind === 'zlib' ? inflateSync(input, opts) : gunzipSync(input, opts);
  } catch (e) {
    const err = e as { code?: string };
    if (err.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
      throw new PickleError(
        'too-large',
        `The ${kind}-compressed file inflates past the ${formatBytes(limits.maxInflatedBytes)} limit`,
      );
    }
    throw new PickleError(
      'not-a-pickle',
      `Not a pickle: the ${kind}-compressed data is corrupt or truncated`,
    );
  }
}

/**
 * Decodes a `pickle.dump` or `joblib.dump` file (optionally zlib/gzip compressed) into plain values.
 * Throws `PickleError` for anything it will not or cannot decode.
 */
export function decodePickle(input: Uint8Array, options?: DecodeOptions): PyValue {
  const limits = resolveLimits(options);
  if (input.length > limits.maxInputBytes) {
    throw new PickleError(
      'too-large',
      `The file is ${formatBytes(input.length)}, over the ${formatBytes(limits.maxInputBytes)} limit`,
    );
  }
  const kind = sniff(input);
  const bytes = kind === 'pickle' ? input : inflate(input, kind, limits);
  if (kind !== 'pickle') sniff(bytes);
  const budget = new Budget(limits, options?.expansionAccounting !== false);
  const accounting = budget.countExpansion ? new Accounting() : null;
  try {
    const root = new Unpickler(bytes, 0, budget, true, accounting).load();
    if (accounting?.stale) checkExpansion(root, limits);
    return root;
  } catch (e) {
    // Model files start with PROTO (protocol 2+); without it, garbage is far likelier than protocol 0/1.
    if (
      e instanceof PickleError &&
      bytes[0] !== 0x80 &&
      (e.code === 'malformed' || e.code === 'truncated' || e.code === 'refused-opcode')
    ) {
      throw new PickleError(
        'not-a-pickle',
        `Not a pickle: it has no protocol header and does not decode (${e.message})`,
        e.offset,
      );
    }
    throw e;
  }
}

class Unpickler {
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  pos: number;
  private readonly budget: Budget;
  private readonly limits: DecodeLimits;
  /** Top-level joblib loads replace a built NumpyArrayWrapper with the array bytes that follow it. */
  private readonly joblib: boolean;
  private stack: PyValue[] = [];
  private readonly metastack: PyValue[][] = [];
  private metaTotal = 0;
  private readonly memo = new Map<number, PyValue>();
  /** Null when a benchmark turns the accounting off. */
  private readonly accounting: Accounting | null;
  /** Nesting depth alone, when the accounting is off. */
  private readonly depthOnly: WeakMap<object, number>;
  private opStart = 0;

  constructor(
    bytes: Uint8Array,
    pos: number,
    budget: Budget,
    joblib: boolean,
    accounting: Accounting | null,
    depthOnly = new WeakMap<object, number>(),
  ) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
    this.budget = budget;
    this.limits = budget.limits;
    this.joblib = joblib;
    this.accounting = accounting;
    this.depthOnly = depthOnly;
  }

  private fail(code: PickleError['code'], message: string): never {
    throw new PickleError(code, message, this.opStart);
  }

  private need(n: number, what: string): void {
    if (n < 0 || this.pos + n > this.bytes.length) {
      this.fail('truncated', `The pickle is truncated: ${what} runs past the end of the file`);
    }
  }

  private u8(): number {
    this.need(1, 'an opcode argument');
    return this.bytes[this.pos++] as number;
  }

  private u16(): number {
    this.need(2, 'an opcode argument');
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }

  private i32(): number {
    this.need(4, 'an opcode argument');
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  private u32(): number {
    this.need(4, 'an opcode argument');
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  private u64(): number {
    this.need(8, 'an opcode argument');
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    if (v > BigInt(this.bytes.length))
      this.fail('truncated', 'The pickle is truncated: a length runs past the end');
    return Number(v);
  }

  private take(n: number, what: string): Uint8Array {
    this.need(n, what);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  private line(): string {
    const end = this.bytes.indexOf(0x0a, this.pos);
    if (end < 0) this.fail('truncated', 'The pickle is truncated: a text argument has no end of line');
    if (end - this.pos > 65536) this.fail('malformed', 'Malformed pickle: a text argument is too long');
    const s = latin1String(this.bytes.subarray(this.pos, end));
    this.pos = end + 1;
    return s;
  }

  private push(v: PyValue): void {
    if (this.stack.length + this.metaTotal >= this.limits.maxStackDepth) {
      this.fail('too-deep', `The pickle stack grows past ${this.limits.maxStackDepth} values`);
    }
    this.stack.push(v);
  }

  private pop(): PyValue {
    if (this.stack.length === 0) this.fail('malformed', 'Malformed pickle: stack underflow');
    return this.stack.pop() as PyValue;
  }

  private top(): PyValue {
    if (this.stack.length === 0) this.fail('malformed', 'Malformed pickle: stack underflow');
    return this.stack[this.stack.length - 1] as PyValue;
  }

  private popMark(): PyValue[] {
    const items = this.stack;
    const prev = this.metastack.pop();
    if (!prev) this.fail('malformed', 'Malformed pickle: no MARK to pop to');
    this.stack = prev;
    this.metaTotal -= prev.length;
    return items;
  }

  private measureOf(container: object, measures: WeakMap<object, Expansion>): Expansion {
    let e = measures.get(container);
    if (e === undefined) {
      e = new Expansion(1);
      measures.set(container, e);
    }
    return e;
  }

  /**
   * Adds `child` to what `container` expands to, a memoised child counted in full each time it is
   * added, and refuses the first step past a limit (so a memo bomb stops after a few hundred opcodes,
   * long before anything walks it). Called for every value put in a container: it allocates only the
   * first time it meets an object.
   */
  private nest(container: object, child: PyValue): void {
    const accounting = this.accounting;
    if (accounting === null) {
      this.nestDepthOnly(container, child);
      return;
    }
    const e = this.measureOf(container, accounting.measures);
    if (e.embedded) accounting.stale = true;
    if (typeof child === 'string') {
      e.elements += 1;
      e.text += child.length;
    } else if (child === null || typeof child !== 'object') {
      e.elements += 1;
    } else if (child instanceof Uint8Array) {
      e.elements += 1;
      e.text += child.byteLength;
    } else {
      if (child === container) throw containsItself(this.limits, this.opStart);
      let c = accounting.measures.get(child);
      if (c === undefined) {
        c = new Expansion(isContainer(child) ? 1 : 0);
        accounting.measures.set(child, c);
      }
      c.embedded = true;
      if (c.depth >= e.depth) {
        if (c.depth >= this.limits.maxNesting) throw nestsTooDeep(this.limits, this.opStart);
        e.depth = c.depth + 1;
      }
      e.elements += c.elements;
      e.text += c.text;
    }
    if (e.elements > this.limits.maxExpandedElements) throw tooManyElements(this.limits, this.opStart);
    if (e.text > this.limits.maxExpandedTextBytes) throw tooMuchText(this.limits, this.opStart);
  }

  private nestAll(container: object, children: readonly PyValue[]): void {
    if (this.accounting === null) {
      this.nestAllDepthOnly(container, children);
      return;
    }
    this.measureOf(container, this.accounting.measures);
    for (const c of children) this.nest(container, c);
  }

  // The decoder's bookkeeping before the expansion accounting, kept as the benchmark's reference.

  private depthOnlyOf(v: PyValue): number {
    return v !== null && typeof v === 'object' ? (this.depthOnly.get(v) ?? 0) : 0;
  }

  private nestDepthOnly(container: object, child: PyValue): void {
    const d = Math.max(this.depthOnly.get(container) ?? 1, this.depthOnlyOf(child) + 1);
    if (d > this.limits.maxNesting) throw nestsTooDeep(this.limits, this.opStart);
    this.depthOnly.set(container, d);
  }

  private nestAllDepthOnly(container: object, children: readonly PyValue[]): void {
    let max = 0;
    for (const c of children) max = Math.max(max, this.depthOnlyOf(c));
    this.nestDepthOnly(
      container,
      max === 0 ? null : (children.find((c) => this.depthOnlyOf(c) === max) ?? null),
    );
  }

  private memoPut(idx: number): void {
    if (!Number.isSafeInteger(idx) || idx < 0)
      this.fail('malformed', 'Malformed pickle: negative memo index');
    if (!this.memo.has(idx) && this.memo.size >= this.limits.maxMemoEntries) {
      this.fail('too-large', `The pickle memo grows past ${this.limits.maxMemoEntries} entries`);
    }
    this.memo.set(idx, this.top());
  }

  private memoGet(idx: number, op: string): void {
    if (!this.memo.has(idx))
      this.fail('malformed', `Malformed pickle: ${op} of memo entry ${idx}, which was never set`);
    this.push(this.memo.get(idx) as PyValue);
  }

  private resolveGlobal(module: string, name: string): PyGlobal {
    const found = classifyGlobal(module, name);
    if (!found) {
      const shown = `${module}.${name}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
      this.fail(
        'refused-global',
        `Refused global ${shown}: only the allow-listed scikit-learn/XGBoost model classes and numpy data constructors may appear in a model file`,
      );
    }
    const dot = found.qualified.lastIndexOf('.');
    return new PyGlobal(found.qualified.slice(0, dot), found.qualified.slice(dot + 1));
  }

  private asGlobal(v: PyValue, op: string): PyGlobal {
    if (!(v instanceof PyGlobal))
      this.fail('malformed', `Malformed pickle: ${op} of something that is not a class or function`);
    return v;
  }

  /** REDUCE / INST / OBJ: a "call", which only data constructors and class instantiation may be. */
  private call(g: PyGlobal, args: readonly PyValue[]): PyValue {
    const q = g.qualifiedName;
    const kind = classifyGlobal(g.module, g.name)?.kind;
    if (kind === 'class') {
      const inst = new PyInstance(q, args);
      this.nestAll(inst, args);
      // The instance holds the tuple's array itself: growing the tuple later grows the instance.
      if (this.accounting !== null) this.measureOf(args, this.accounting.measures).embedded = true;
      return inst;
    }
    if (kind !== 'constructor')
      this.fail('refused-global', `Refused call of ${q}: it may only be referenced, not called`);
    switch (q) {
      case 'numpy.core.multiarray._reconstruct':
      case 'numpy._core.multiarray._reconstruct': {
        const sub = args[0];
        if (!(sub instanceof PyGlobal) || sub.qualifiedName !== 'numpy.ndarray') {
          this.fail(
            'refused-global',
            'Refused numpy array subclass: only numpy.ndarray may be reconstructed',
          );
        }
        return emptyArray();
      }
      case 'numpy.dtype': {
        const t = args[0];
        if (typeof t !== 'string') this.fail('malformed', 'Malformed numpy dtype arguments');
        return new NumpyDType(t);
      }
      case 'numpy.core.multiarray.scalar':
      case 'numpy._core.multiarray.scalar':
        return numpyScalar(args[0] ?? null, args[1] ?? null);
      case 'numpy.core.numeric._frombuffer':
      case 'numpy._core.numeric._frombuffer':
        return frombuffer(args, this.budget);
      case 'builtins.bytearray':
      case 'builtins.bytes':
        return this.makeBytes(args, q);
      case '_codecs.encode': {
        const [s, enc] = args;
        if (typeof s !== 'string' || (enc !== 'latin1' && enc !== 'latin-1')) {
          this.fail('malformed', 'Refused _codecs.encode: only latin-1 encoding of a string is supported');
        }
        return latin1Bytes(s);
      }
      case 'builtins.set':
      case 'builtins.frozenset': {
        const items = args[0] ?? [];
        if (!Array.isArray(items)) this.fail('malformed', `Malformed ${q} arguments`);
        const out = items.slice();
        this.nestAll(out, out);
        return out;
      }
      case 'copyreg._reconstructor': {
        const [cls, base, state] = args;
        if (
          !(cls instanceof PyGlobal) ||
          classifyGlobal(cls.module, cls.name)?.kind !== 'class' ||
          !(base instanceof PyGlobal) ||
          base.qualifiedName !== 'builtins.object' ||
          state !== null
        ) {
          this.fail(
            'refused-global',
            'Refused copyreg._reconstructor: only allow-listed classes over object are rebuilt',
          );
        }
        return new PyInstance(cls.qualifiedName);
      }
      case 'numpy.random._pickle.__randomstate_ctor':
        return new PyInstance('numpy.random.mtrand.RandomState');
      case 'numpy.random._pickle.__generator_ctor':
        return new PyInstance('numpy.random._generator.Generator');
      case 'numpy.random._pickle.__bit_generator_ctor':
        return new PyInstance('numpy.random.bit_generator.BitGenerator');
      case 'sklearn._loss._loss.__pyx_unpickle_CyHalfBinomialLoss': {
        const inst = new PyInstance('sklearn._loss._loss.CyHalfBinomialLoss');
        inst.state = args[2] ?? null;
        this.nest(inst, inst.state);
        return inst;
      }
      default:
        return this.fail('refused-global', `Refused call of ${q}`);
    }
  }

  private makeBytes(args: readonly PyValue[], q: string): Uint8Array {
    const [a, enc] = args;
    if (args.length === 0) return new Uint8Array(0);
    if (a instanceof Uint8Array && args.length === 1) return a.slice();
    if (typeof a === 'string' && (enc === 'latin1' || enc === 'latin-1')) return latin1Bytes(a);
    if (typeof a === 'string' && (enc === 'utf-8' || enc === 'utf8')) return new TextEncoder().encode(a);
    return this.fail('malformed', `Malformed ${q} arguments`);
  }

  private build(): void {
    const state = this.pop();
    const inst = this.top();
    if (inst instanceof NdArray) {
      applyNdArrayState(inst, state, this.budget);
      this.nestAll(inst, Array.isArray(inst.data) ? inst.data : []);
    } else if (inst instanceof NumpyDType) {
      inst.setState(state);
    } else if (inst instanceof PyInstance) {
      if (this.joblib && inst.__class__ === 'joblib.numpy_pickle.NumpyArrayWrapper') {
        this.stack[this.stack.length - 1] = this.readJoblibArray(state);
        return;
      }
      if (inst.state instanceof PyDict && state instanceof PyDict) {
        for (const [k, v] of state) {
          inst.state.set(k, v);
          this.nest(inst.state, k);
          this.nest(inst.state, v);
        }
      } else {
        inst.state = state;
        this.nest(inst, state);
      }
    } else {
      this.fail('malformed', 'Malformed pickle: BUILD of a value that is not an object');
    }
  }

  /** joblib's NumpyArrayWrapper.read_array: the array's bytes follow the wrapper's BUILD. */
  private readJoblibArray(state: PyValue): NdArray {
    if (!(state instanceof PyDict)) this.fail('malformed', 'Malformed joblib array wrapper');
    const sub = state.get('subclass');
    const dtype = state.get('dtype');
    const order = state.get('order');
    if (!(sub instanceof PyGlobal) || sub.qualifiedName !== 'numpy.ndarray') {
      this.fail(
        'refused-global',
        'Refused numpy array subclass in joblib file: only numpy.ndarray is supported',
      );
    }
    if (!(dtype instanceof NumpyDType)) this.fail('malformed', 'Malformed joblib array wrapper: no dtype');
    const { shape, count } = elementCount(state.get('shape') ?? null, 'joblib array');
    chargeArray(this.budget, dtype, count, 'joblib array');
    if (dtype.kind === 'O') {
      // Its BUILD measured the array in the shared accounting, items included.
      const nested = new Unpickler(this.bytes, this.pos, this.budget, false, this.accounting, this.depthOnly);
      const arr = nested.load();
      this.pos = nested.pos;
      if (!(arr instanceof NdArray) || arr.dtype.kind !== 'O' || arr.size !== count) {
        this.fail('malformed', 'Malformed joblib object array');
      }
      return arr;
    }
    const align = state.get('numpy_array_alignment_bytes');
    if (align !== undefined && align !== null) {
      const pad = this.u8();
      this.take(pad, 'joblib array padding');
    }
    const nbytes = count * dtype.itemsize;
    const raw = this.take(nbytes, `a joblib array of ${count} x ${dtype.str}`);
    return new NdArray(dtype, shape, order === 'F', decodeArrayBytes(dtype, count, raw));
  }

  private bigToValue(v: bigint): number | bigint {
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  }

  private decodeLong(b: Uint8Array): number | bigint {
    if (b.length === 0) return 0;
    if (b.length > 1024) this.fail('too-large', 'The pickle holds an integer of more than 1024 bytes');
    let v = 0n;
    for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i] as number);
    if (((b[b.length - 1] as number) & 0x80) !== 0) v -= 1n << BigInt(8 * b.length);
    return this.bigToValue(v);
  }

  private parseIntText(s: string, op: string): number | bigint | boolean {
    const t = s.trim();
    if (op === 'INT' && t === '00') return false;
    if (op === 'INT' && t === '01') return true;
    const m = /^[+-]?\d{1,4300}L?$/.exec(t);
    if (!m) this.fail('malformed', `Malformed pickle: bad ${op} argument`);
    return this.bigToValue(BigInt(t.replace(/L$/, '')));
  }

  private parseFloatText(s: string): number {
    const t = s.trim().toLowerCase();
    if (t === 'inf' || t === '+inf') return Infinity;
    if (t === '-inf') return -Infinity;
    if (t === 'nan' || t === '-nan') return NaN;
    const v = Number(t);
    if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/.test(t) || Number.isNaN(v)) {
      this.fail('malformed', 'Malformed pickle: bad FLOAT argument');
    }
    return v;
  }

  /** Protocol-0 STRING argument: a Python bytes repr in quotes. */
  private parseQuoted(s: string): string {
    const q = s[0];
    if (s.length < 2 || (q !== "'" && q !== '"') || s[s.length - 1] !== q) {
      this.fail('malformed', 'Malformed pickle: STRING argument is not quoted');
    }
    return this.unescape(s.slice(1, -1), false);
  }

  private unescape(s: string, unicode: boolean): string {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s[i] as string;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const n = s[++i];
      const simple: Record<string, string> = {
        n: '\n',
        r: '\r',
        t: '\t',
        '\\': '\\',
        "'": "'",
        '"': '"',
        a: '\x07',
        b: '\b',
        f: '\f',
        v: '\v',
        '0': '\0',
      };
      if (n === undefined) this.fail('malformed', 'Malformed pickle: dangling escape');
      if (!unicode && simple[n] !== undefined) out += simple[n];
      else if (!unicode && n === 'x') {
        out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else if (unicode && (n === 'u' || n === 'U')) {
        const len = n === 'u' ? 4 : 8;
        const cp = parseInt(s.slice(i + 1, i + 1 + len), 16);
        if (!Number.isInteger(cp) || cp > 0x10ffff)
          this.fail('malformed', 'Malformed pickle: bad unicode escape');
        out += String.fromCodePoint(cp);
        i += len;
      } else out += '\\' + n;
    }
    return out;
  }

  load(): PyValue {
    let ops = 0;
    const b = this.bytes;
    for (;;) {
      if ((++ops & 1023) === 0) this.budget.checkTime();
      this.opStart = this.pos;
      if (this.pos >= b.length) {
        this.fail('truncated', 'The pickle is truncated: it ends before its STOP opcode');
      }
      const op = b[this.pos++] as number;
      switch (op) {
        case 0x80: {
          const v = this.u8();
          if (v > 5)
            this.fail('not-a-pickle', `Unsupported pickle protocol ${v} (protocols 0-5 are supported)`);
          break;
        }
        case 0x95: {
          const n = this.u64();
          this.need(n, 'a frame');
          break;
        }
        case 0x2e:
          return this.pop();
        case 0x28:
          if (this.metastack.length >= this.limits.maxMarkDepth) {
            this.fail('too-deep', `The pickle opens more than ${this.limits.maxMarkDepth} nested MARKs`);
          }
          this.metastack.push(this.stack);
          this.metaTotal += this.stack.length;
          this.stack = [];
          break;
        case 0x30:
          if (this.stack.length > 0) this.stack.pop();
          else this.popMark();
          break;
        case 0x31:
          this.popMark();
          break;
        case 0x32:
          this.push(this.top());
          break;
        // Scalars
        case 0x4e:
          this.push(null);
          break;
        case 0x88:
          this.push(true);
          break;
        case 0x89:
          this.push(false);
          break;
        case 0x4a:
          this.push(this.i32());
          break;
        case 0x4b:
          this.push(this.u8());
          break;
        case 0x4d:
          this.push(this.u16());
          break;
        case 0x8a: {
          const n = this.u8();
          this.push(this.decodeLong(this.take(n, 'a LONG1 argument')));
          break;
        }
        case 0x8b: {
          const n = this.i32();
          if (n < 0) this.fail('malformed', 'Malformed pickle: negative LONG4 length');
          if (n > 1024) this.fail('too-large', 'The pickle holds an integer of more than 1024 bytes');
          this.push(this.decodeLong(this.take(n, 'a LONG4 argument')));
          break;
        }
        case 0x49:
          this.push(this.parseIntText(this.line(), 'INT'));
          break;
        case 0x4c:
          this.push(this.parseIntText(this.line(), 'LONG'));
          break;
        case 0x46:
          this.push(this.parseFloatText(this.line()));
          break;
        case 0x47: {
          this.need(8, 'a BINFLOAT argument');
          this.push(this.view.getFloat64(this.pos, false));
          this.pos += 8;
          break;
        }
        // Strings and bytes
        case 0x53:
          this.push(this.parseQuoted(this.line().trimEnd()));
          break;
        case 0x54: {
          const n = this.i32();
          if (n < 0) this.fail('malformed', 'Malformed pickle: negative BINSTRING length');
          this.push(latin1String(this.take(n, 'a BINSTRING')));
          break;
        }
        case 0x55:
          this.push(latin1String(this.take(this.u8(), 'a SHORT_BINSTRING')));
          break;
        case 0x56:
          this.push(this.unescape(this.line(), true));
          break;
        case 0x58:
          this.push(utf8.decode(this.take(this.u32(), 'a BINUNICODE string')));
          break;
        case 0x8c:
          this.push(utf8.decode(this.take(this.u8(), 'a SHORT_BINUNICODE string')));
          break;
        case 0x8d:
          this.push(utf8.decode(this.take(this.u64(), 'a BINUNICODE8 string')));
          break;
        case 0x42:
          this.push(this.take(this.u32(), 'a BINBYTES value'));
          break;
        case 0x43:
          this.push(this.take(this.u8(), 'a SHORT_BINBYTES value'));
          break;
        case 0x8e:
          this.push(this.take(this.u64(), 'a BINBYTES8 value'));
          break;
        case 0x96:
          this.push(this.take(this.u64(), 'a BYTEARRAY8 value').slice());
          break;
        case 0x98:
          this.top();
          break;
        // Containers
        case 0x29:
          this.push([]);
          break;
        case 0x5d:
          this.push([]);
          break;
        case 0x7d:
          this.push(new PyDict());
          break;
        case 0x8f:
          this.push([]);
          break;
        case 0x85:
        case 0x86:
        case 0x87: {
          const n = op - 0x84;
          if (this.stack.length < n) this.fail('malformed', 'Malformed pickle: stack underflow');
          const t = this.stack.splice(this.stack.length - n, n);
          this.nestAll(t, t);
          this.push(t);
          break;
        }
        case 0x74:
        case 0x6c:
        case 0x91: {
          const t = this.popMark();
          this.nestAll(t, t);
          this.push(t);
          break;
        }
        case 0x64: {
          const items = this.popMark();
          const d = new PyDict();
          for (let i = 0; i + 1 < items.length; i += 2) {
            d.set(items[i] as PyValue, items[i + 1] as PyValue);
            this.nest(d, items[i] as PyValue);
            this.nest(d, items[i + 1] as PyValue);
          }
          this.push(d);
          break;
        }
        case 0x61: {
          const v = this.pop();
          const list = this.top();
          if (!Array.isArray(list))
            this.fail('malformed', 'Malformed pickle: APPEND to something that is not a list');
          list.push(v);
          this.nest(list, v);
          break;
        }
        case 0x65:
        case 0x90: {
          const items = this.popMark();
          const list = this.top();
          if (!Array.isArray(list))
            this.fail('malformed', 'Malformed pickle: APPENDS to something that is not a list');
          for (const v of items) {
            list.push(v);
            this.nest(list, v);
          }
          break;
        }
        case 0x73: {
          const v = this.pop();
          const k = this.pop();
          const d = this.top();
          if (!(d instanceof PyDict))
            this.fail('malformed', 'Malformed pickle: SETITEM on something that is not a dict');
          d.set(k, v);
          this.nest(d, k);
          this.nest(d, v);
          break;
        }
        case 0x75: {
          const items = this.popMark();
          const d = this.top();
          if (!(d instanceof PyDict))
            this.fail('malformed', 'Malformed pickle: SETITEMS on something that is not a dict');
          for (let i = 0; i + 1 < items.length; i += 2) {
            d.set(items[i] as PyValue, items[i + 1] as PyValue);
            this.nest(d, items[i] as PyValue);
            this.nest(d, items[i + 1] as PyValue);
          }
          break;
        }
        // Memo
        case 0x70:
          this.memoPut(Number(this.parseIntText(this.line(), 'PUT')));
          break;
        case 0x71:
          this.memoPut(this.u8());
          break;
        case 0x72:
          this.memoPut(this.u32());
          break;
        case 0x94:
          this.memoPut(this.memo.size);
          break;
        case 0x67:
          this.memoGet(Number(this.parseIntText(this.line(), 'GET')), 'GET');
          break;
        case 0x68:
          this.memoGet(this.u8(), 'BINGET');
          break;
        case 0x6a:
          this.memoGet(this.u32(), 'LONG_BINGET');
          break;
        // Globals and objects
        case 0x63: {
          const module = this.line();
          const name = this.line();
          this.push(this.resolveGlobal(module, name));
          break;
        }
        case 0x93: {
          const name = this.pop();
          const module = this.pop();
          if (typeof module !== 'string' || typeof name !== 'string') {
            this.fail('malformed', 'Malformed pickle: STACK_GLOBAL needs two strings');
          }
          this.push(this.resolveGlobal(module, name));
          break;
        }
        case 0x69: {
          const module = this.line();
          const name = this.line();
          const g = this.resolveGlobal(module, name);
          this.push(this.call(g, this.popMark()));
          break;
        }
        case 0x6f: {
          const items = this.popMark();
          const g = this.asGlobal(items[0] ?? null, 'OBJ');
          this.push(this.call(g, items.slice(1)));
          break;
        }
        case 0x52: {
          const args = this.pop();
          const g = this.asGlobal(this.pop(), 'REDUCE');
          if (!Array.isArray(args))
            this.fail('malformed', 'Malformed pickle: REDUCE arguments are not a tuple');
          this.push(this.call(g, args));
          break;
        }
        case 0x81: {
          const args = this.pop();
          const g = this.asGlobal(this.pop(), 'NEWOBJ');
          if (!Array.isArray(args))
            this.fail('malformed', 'Malformed pickle: NEWOBJ arguments are not a tuple');
          if (classifyGlobal(g.module, g.name)?.kind !== 'class') {
            this.fail('refused-global', `Refused NEWOBJ of ${g.qualifiedName}: not an allow-listed class`);
          }
          this.push(this.call(g, args));
          break;
        }
        case 0x92: {
          const kwargs = this.pop();
          const args = this.pop();
          const g = this.asGlobal(this.pop(), 'NEWOBJ_EX');
          if (!Array.isArray(args) || !(kwargs instanceof PyDict)) {
            this.fail('malformed', 'Malformed pickle: bad NEWOBJ_EX arguments');
          }
          if (classifyGlobal(g.module, g.name)?.kind !== 'class') {
            this.fail('refused-global', `Refused NEWOBJ_EX of ${g.qualifiedName}: not an allow-listed class`);
          }
          this.push(this.call(g, args));
          break;
        }
        case 0x62:
          this.build();
          break;
        case 0x50:
        case 0x51:
          this.fail(
            'refused-opcode',
            `Refused opcode ${OPCODE_NAMES[op]}: persistent references are not supported`,
          );
          break;
        case 0x82:
        case 0x83:
        case 0x84:
          this.fail(
            'refused-opcode',
            `Refused opcode ${OPCODE_NAMES[op]}: the copyreg extension registry is not supported`,
          );
          break;
        case 0x97:
          this.fail('refused-opcode', 'Refused opcode NEXT_BUFFER: out-of-band buffers are not supported');
          break;
        default:
          this.fail(
            this.opStart === 0 ? 'not-a-pickle' : 'malformed',
            `${this.opStart === 0 ? 'Not a pickle' : 'Malformed pickle'}: unknown opcode 0x${op.toString(16).padStart(2, '0')} at byte ${this.opStart}`,
          );
      }
    }
  }
}
