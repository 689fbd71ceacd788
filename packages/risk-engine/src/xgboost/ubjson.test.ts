import { describe, expect, it } from 'vitest';
import { RiskEngineError } from '../errors.js';
import { parseUbjson } from './ubjson.js';

const enc = (s: string): number[] => Array.from(Buffer.from(s, 'latin1'));

describe('parseUbjson', () => {
  it('reads objects, strings, numbers and typed arrays (big-endian)', () => {
    const bytes = Uint8Array.from([
      ...enc('{'),
      ...enc('i'),
      1,
      ...enc('a'),
      ...enc('S'),
      ...enc('i'),
      2,
      ...enc('hi'),
      ...enc('i'),
      1,
      ...enc('b'),
      ...enc('['),
      ...enc('$'),
      ...enc('d'),
      ...enc('#'),
      ...enc('i'),
      2,
      0x3f,
      0x80,
      0,
      0,
      0xc0,
      0,
      0,
      0,
      ...enc('i'),
      1,
      ...enc('c'),
      ...enc('['),
      ...enc('T'),
      ...enc('Z'),
      ...enc('l'),
      0,
      0,
      1,
      0,
      ...enc(']'),
      ...enc('}'),
    ]);
    const v = parseUbjson(bytes) as Record<string, unknown>;
    expect(v.a).toBe('hi');
    expect(v.b).toEqual(new Float32Array([1, -2]));
    expect(v.c).toEqual([true, null, 256]);
  });
  it('refuses counts larger than the data and truncation', () => {
    expect(() => parseUbjson(Uint8Array.from([...enc('[$d#l'), 0x7f, 0, 0, 0]))).toThrow(RiskEngineError);
    expect(() => parseUbjson(Uint8Array.from(enc('{i')))).toThrow(/malformed/);
    expect(() => parseUbjson(Uint8Array.from(enc('['.repeat(100))))).toThrow(/nesting too deep/);
  });
});
