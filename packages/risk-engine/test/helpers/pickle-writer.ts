/**
 * Writes pickles by hand for tests: plain values (as `pickle.dumps(..., protocol=4)` would, for
 * wrapper dicts) and arbitrary opcode sequences (for malicious files).
 */
export type Plain = null | boolean | number | string | Plain[] | RawOps | { [key: string]: Plain };

/** Opcodes spliced into a value where it stands: how hostile values are placed inside plain ones. */
export class RawOps {
  constructor(readonly bytes: Uint8Array) {}
}

export class PickleBytes {
  private readonly parts: number[] = [];

  raw(...bytes: (number | string | Uint8Array)[]): this {
    for (const b of bytes) {
      if (typeof b === 'number') this.parts.push(b);
      else if (typeof b === 'string') for (const c of Buffer.from(b, 'latin1')) this.parts.push(c);
      else for (const c of b) this.parts.push(c);
    }
    return this;
  }

  u32(n: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return this.raw(b);
  }

  u64(n: number): this {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    return this.raw(b);
  }

  proto(v: number): this {
    return this.raw(0x80, v);
  }

  str(s: string): this {
    const b = Buffer.from(s, 'utf8');
    if (b.length < 256) return this.raw(0x8c, b.length, b);
    return this.raw(0x58).u32(b.length).raw(b);
  }

  bytes(b: Uint8Array): this {
    if (b.length < 256) return this.raw(0x43, b.length, b);
    return this.raw(0x42).u32(b.length).raw(b);
  }

  int(n: number): this {
    if (n >= 0 && n < 256) return this.raw(0x4b, n);
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    return this.raw(0x4a, b);
  }

  float(x: number): this {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(x);
    return this.raw(0x47, b);
  }

  /** Stores the top of the stack at memo index `i` (LONG_BINPUT, any index). */
  put(i: number): this {
    return this.raw(0x72).u32(i);
  }

  /** Pushes memo entry `i` (LONG_BINGET): the same object again, not a copy. */
  get(i: number): this {
    return this.raw(0x6a).u32(i);
  }

  /** STACK_GLOBAL module.name */
  global(module: string, name: string): this {
    return this.str(module).str(name).raw(0x93);
  }

  /** Protocol 0-2 GLOBAL opcode. */
  textGlobal(module: string, name: string): this {
    return this.raw(0x63, `${module}\n${name}\n`);
  }

  value(v: Plain): this {
    if (v === null) return this.raw(0x4e);
    if (v === true) return this.raw(0x88);
    if (v === false) return this.raw(0x89);
    if (typeof v === 'number')
      return Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? this.int(v) : this.float(v);
    if (typeof v === 'string') return this.str(v);
    if (v instanceof RawOps) return this.raw(v.bytes);
    if (Array.isArray(v)) {
      this.raw(0x5d);
      if (v.length === 0) return this;
      this.raw(0x28);
      for (const x of v) this.value(x);
      return this.raw(0x65);
    }
    this.raw(0x7d);
    const entries = Object.entries(v);
    if (entries.length === 0) return this;
    this.raw(0x28);
    for (const [k, x] of entries) this.str(k).value(x);
    return this.raw(0x75);
  }

  stop(): Uint8Array {
    this.parts.push(0x2e);
    return Uint8Array.from(this.parts);
  }

  build(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

export function picklePlain(v: Plain): Uint8Array {
  return new PickleBytes().proto(4).value(v).stop();
}
