/**
 * The expansion budget (maxExpandedElements, maxExpandedTextBytes, maxNesting): what it counts, that
 * the counts kept while decoding agree with the exact pass at the end, and that real models stay far
 * inside it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PickleError } from '../../src/errors.js';
import { decodePickle } from '../../src/pickle/decode.js';
import { checkExpansion } from '../../src/pickle/expansion.js';
import { DEFAULT_LIMITS } from '../../src/pickle/limits.js';
import { PickleBytes } from '../helpers/pickle-writer.js';
import { CORPUS_DIR } from './make-corpus.js';

const DEFAULTS = join(import.meta.dirname, '../../../../models/default');
const FIXTURES = join(import.meta.dirname, '../fixtures/sklearn-1.2.1');
const REAL_FILES = [
  ...['knee', 'hip', 'knee-hip'].flatMap((p) => [
    join(DEFAULTS, p, 'model.pkl'),
    join(DEFAULTS, p, 'wrapper.pkl'),
  ]),
  ...readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.pkl'))
    .map((f) => join(FIXTURES, f)),
];

function refusal(bytes: Uint8Array, limits: Partial<typeof DEFAULT_LIMITS> = {}): PickleError {
  try {
    decodePickle(bytes, { limits });
  } catch (e) {
    expect(e).toBeInstanceOf(PickleError);
    return e as PickleError;
  }
  throw new Error('expected a PickleError');
}

/** [[`ab`, b`xyz`], {`k`: None}]: 7 values (3 containers, 4 leaves, the key included), 6 characters. */
const small = new PickleBytes()
  .proto(4)
  .raw(0x5d, 0x28)
  .raw(0x5d, 0x28)
  .str('ab')
  .bytes(Buffer.from('xyz'))
  .raw(0x65)
  .raw(0x7d)
  .str('k')
  .raw(0x4e, 0x73)
  .raw(0x65)
  .stop();

/** x = [1, 2]; [x, x, x]: x is 3 values, used three times, so 10 in all. */
const reused = new PickleBytes()
  .proto(4)
  .raw(0x5d, 0x28)
  .int(1)
  .int(2)
  .raw(0x65)
  .put(0)
  .raw(0x30, 0x5d, 0x28)
  .get(0)
  .get(0)
  .get(0)
  .raw(0x65)
  .stop();

type Kind = 'list' | 'dict' | 'tuple' | 'instance';
const ANY: readonly Kind[] = ['list', 'dict', 'tuple', 'instance'];

/** One step of a random program over memoised objects: make one, put one in another, or BUILD. */
const step = fc.record({
  op: fc.constantFrom('list', 'dict', 'tuple', 'instance', 'append', 'appends', 'setitem', 'build'),
  a: fc.nat(),
  b: fc.nat(),
  n: fc.integer({ min: 1, max: 4 }),
});

/**
 * A valid pickle that makes lists, dicts, tuples and allow-listed instances (their arguments a
 * memoised tuple), memoises every one, and then puts them inside each other in any order, so objects
 * often grow after they were embedded; its root is one of them. A value only goes into an object made
 * after it, so no cycle forms (cycles are refused anyway, and would hide the rest).
 */
function program(
  steps: readonly { op: string; a: number; b: number; n: number }[],
  root: number,
): Uint8Array {
  const b = new PickleBytes().proto(4);
  const kinds: Kind[] = [];
  /** The i-th (modulo) memo entry of a wanted kind made before `before`. */
  const pick = (want: readonly Kind[], i: number, before = kinds.length): number | null => {
    const ok = kinds.flatMap((k, j) => (j < before && want.includes(k) ? [j] : []));
    return ok.length === 0 ? null : (ok[i % ok.length] as number);
  };
  const memoise = (k: Kind): void => {
    b.put(kinds.length);
    kinds.push(k);
  };
  for (const s of steps) {
    if (s.op === 'list' || s.op === 'dict') {
      b.raw(s.op === 'list' ? 0x5d : 0x7d);
      memoise(s.op);
    } else if (s.op === 'tuple') {
      b.raw(0x28);
      for (let i = 0; i < s.n; i++) {
        const v = pick(ANY, s.b + i);
        if (v === null) b.raw(0x4e);
        else b.get(v);
      }
      b.raw(0x74);
      memoise('tuple');
    } else if (s.op === 'instance') {
      const args = pick(['tuple'], s.a);
      b.global('sklearn.dummy', 'DummyClassifier');
      if (args === null) b.raw(0x29);
      else b.get(args);
      b.raw(0x81);
      memoise('instance');
    } else {
      // APPEND to a tuple too: the decoder's tuples are arrays, and a hostile file may try.
      const want: readonly Kind[] =
        s.op === 'setitem' ? ['dict'] : s.op === 'build' ? ['instance'] : ['list', 'tuple'];
      const target = pick(want, s.a);
      if (target === null) continue;
      const v = pick(s.op === 'build' ? ['dict'] : ANY, s.b, target);
      if (v === null) continue;
      b.get(target);
      if (s.op === 'append') b.get(v).raw(0x61);
      else if (s.op === 'appends') {
        b.raw(0x28);
        for (let i = 0; i < s.n; i++) b.get(v);
        b.raw(0x65);
      } else if (s.op === 'setitem') b.str(`k${s.n}`).get(v).raw(0x73);
      else b.get(v).raw(0x62);
      b.raw(0x30);
    }
  }
  if (kinds.length === 0) b.raw(0x4e);
  else b.get(root % kinds.length);
  return b.stop();
}

describe('expansion budget', () => {
  it('never counts less while decoding than the exact pass (random memo reuse and growth)', () => {
    // Decoded with its own exact measure less one as the limit, every value must be refused: either
    // the counts kept while decoding reached it, or they were stale and the exact pass ran.
    let decoded = 0;
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.nat(), (steps, root) => {
        const bytes = program(steps, root);
        let m;
        try {
          m = checkExpansion(decodePickle(bytes), DEFAULT_LIMITS);
        } catch (e) {
          expect(e).toBeInstanceOf(PickleError);
          return;
        }
        // Limits bind when a value is put in a container: an empty one, or a root of depth 1, is
        // within any limit a decode could be given.
        if (m.depth < 2) return;
        decoded++;
        expect(refusal(bytes, { maxExpandedElements: m.elements - 1 }).code).toBe('too-large');
        expect(refusal(bytes, { maxNesting: m.depth - 1 }).code).toBe('too-deep');
        if (m.text > 0) expect(refusal(bytes, { maxExpandedTextBytes: m.text - 1 }).code).toBe('too-large');
      }),
      // About one program in six decodes to a nested value: 4,000 runs give about 690 of them, so
      // the floor of 500 is far from chance (3,000 runs fell under it now and then).
      { numRuns: 4000 },
    );
    expect(decoded).toBeGreaterThan(500);
  });

  it('never counts less than the exact pass when an instance grows through its tuple or state', () => {
    const dummy = (b: PickleBytes): PickleBytes => b.global('sklearn.dummy', 'DummyClassifier');
    // [i, i, i, i, i] made before i grows, so only that list's count is left short.
    const fiveOf = (b: PickleBytes, memo: number): PickleBytes =>
      b.raw(0x5d, 0x28).get(memo).get(memo).get(memo).get(memo).get(memo).raw(0x65).put(9).raw(0x30);
    const nones = Array<number>(10).fill(0x4e);
    const cases = {
      // t = (None,); i = DummyClassifier(*t); t grows after: i holds t's array itself.
      'arguments tuple': fiveOf(dummy(new PickleBytes().proto(4)).raw(0x4e, 0x85).put(0).raw(0x81).put(1), 1)
        .raw(0x30)
        .get(0)
        .raw(0x28, ...nones, 0x65, 0x30)
        .get(9),
      // i.__dict__ = d; a second BUILD merges 10 more entries into d.
      'state merged by a second BUILD': fiveOf(
        dummy(new PickleBytes().proto(4)).raw(0x29, 0x81).put(1).raw(0x7d).str('a').raw(0x4e, 0x73, 0x62),
        1,
      )
        .raw(0x7d, 0x28)
        .raw(
          ...Array.from({ length: 10 }, (_, i) => [
            ...new PickleBytes().str(`k${i}`).raw(0x4e).build(),
          ]).flat(),
        )
        .raw(0x75, 0x62, 0x30)
        .get(9),
    };
    for (const [name, b] of Object.entries(cases)) {
      const bytes = b.stop();
      const m = checkExpansion(decodePickle(bytes), DEFAULT_LIMITS);
      expect(m.elements, name).toBeGreaterThan(60);
      expect(refusal(bytes, { maxExpandedElements: m.elements - 1 }).code, name).toBe('too-large');
    }
  });

  it('counts every value, dict keys and memo reuses included, and the characters of text', () => {
    expect(checkExpansion(decodePickle(small), DEFAULT_LIMITS)).toEqual({ elements: 7, text: 6, depth: 2 });
    expect(checkExpansion(decodePickle(reused), DEFAULT_LIMITS)).toEqual({ elements: 10, text: 0, depth: 2 });
    expect(() =>
      decodePickle(small, { limits: { maxExpandedElements: 7, maxExpandedTextBytes: 6 } }),
    ).not.toThrow();
    expect(refusal(small, { maxExpandedElements: 6 }).message).toBe(
      'The pickle expands past 6 elements (values reused through the pickle memo count each time they are used)',
    );
    expect(refusal(small, { maxExpandedTextBytes: 5 }).message).toBe(
      'The pickle expands past 5 bytes of strings and bytes (values reused through the pickle memo count each time they are used)',
    );
    expect(refusal(reused, { maxExpandedElements: 9 }).code).toBe('too-large');
  });

  it('counts values and nesting while decoding exactly as the final pass does, for real files', () => {
    // Not text: while a numpy array's state tuple is read it holds the array's raw bytes, which the
    // decoder counts there and which then become one value, the array.
    for (const file of REAL_FILES) {
      const bytes = readFileSync(file);
      const m = checkExpansion(decodePickle(bytes), DEFAULT_LIMITS);
      const exact = { maxExpandedElements: m.elements, maxNesting: m.depth };
      expect(() => decodePickle(bytes, { limits: exact }), file).not.toThrow();
      const e = refusal(bytes, { ...exact, maxExpandedElements: m.elements - 1 });
      expect(e.code, file).toBe('too-large');
      // Refused while decoding (at an opcode): no real file needs the exact pass at the end.
      expect(e.offset, file).toBeDefined();
      expect(refusal(bytes, { ...exact, maxNesting: m.depth - 1 }).code, file).toBe('too-deep');
    }
  });

  it('leaves at least 10x headroom over the default models and the fixtures', () => {
    const tenth = {
      maxExpandedElements: DEFAULT_LIMITS.maxExpandedElements / 10,
      maxExpandedTextBytes: DEFAULT_LIMITS.maxExpandedTextBytes / 10,
    };
    for (const file of REAL_FILES)
      expect(() => decodePickle(readFileSync(file), { limits: tenth }), file).not.toThrow();
  });

  it('counts the items of object and string arrays before allocating them', () => {
    const e = refusal(readFileSync(join(CORPUS_DIR, 'numpy-huge-shape-empty-strings.pkl')));
    expect(e.message).toMatch(/^The pickle expands past 5,000,000 elements/);
  });

  it('counts dict keys, so a bomb cannot hide in a key', () => {
    // t = (x,) * 100 with x = [None] * 1000: 100,101 values; {t: None, (t,): None} is 200,206.
    const b = new PickleBytes().proto(4).raw(0x7d, 0x5d, 0x28);
    for (let i = 0; i < 1000; i++) b.raw(0x4e);
    b.raw(0x65).put(0).raw(0x30, 0x28);
    for (let i = 0; i < 100; i++) b.get(0);
    b.raw(0x74).put(1).raw(0x4e, 0x73).get(1).raw(0x85, 0x4e, 0x73);
    const bytes = b.stop();
    expect(checkExpansion(decodePickle(bytes), DEFAULT_LIMITS).elements).toBe(200_206);
    expect(refusal(bytes, { maxExpandedElements: 150_000 }).code).toBe('too-large');
  });

  it('refuses a container that grew after it was embedded, in the exact pass at the end', () => {
    const bytes = readFileSync(join(CORPUS_DIR, 'memo-mutation-after-embedding.pkl'));
    const e = refusal(bytes);
    expect(e.code).toBe('too-large');
    expect(e.offset).toBeUndefined();
    // Without the accounting (the benchmarks' reference) the same file decodes: only the final pass saw it.
    expect(Array.isArray(decodePickle(bytes, { expansionAccounting: false }))).toBe(true);
  });

  it('refuses cycles, which the counts kept while decoding cannot see', () => {
    const e = refusal(readFileSync(join(CORPUS_DIR, 'cycle.pkl')));
    expect(e.code).toBe('too-deep');
    expect(e.message).toMatch(/a value contains itself/);
  });
});
