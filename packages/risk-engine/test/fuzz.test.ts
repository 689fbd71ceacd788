/**
 * Random and mutated pickles: every input ends in a model or a clean RiskEngineError, quickly and
 * within bounded memory, never a crash, a hang or an unbounded allocation.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RiskEngineError } from '../src/errors.js';
import { loadModel } from '../src/model.js';

const DIR = join(import.meta.dirname, 'fixtures/sklearn-1.2.1');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.pkl'))
  .sort()
  .map((f) => readFileSync(join(DIR, f)));

const LIMITS = { timeBudgetMs: 2000, maxArrayBytes: 64 * 1024 * 1024, maxInflatedBytes: 16 * 1024 * 1024 };
const CASE_MS = 3000;

/** Loads, and when that succeeds also predicts and explains a row, timing the whole case. */
function tryAll(bytes: Uint8Array): void {
  const t0 = performance.now();
  try {
    const m = loadModel(bytes, undefined, { limits: LIMITS });
    const x = new Float64Array(m.info.nFeatures);
    m.predictFeatures(x, 1);
    m.explainFeatures(x);
  } catch (e) {
    if (!(e instanceof RiskEngineError)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
  }
  expect(performance.now() - t0).toBeLessThan(CASE_MS);
}

const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bit: fc.integer({ min: 0, max: 7 }),
    count: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
  }),
  fc.record({
    kind: fc.constant('overwrite' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
);

type Mutation = { kind: string; at: number; bit?: number; count?: number; bytes?: Uint8Array };

function mutate(src: Uint8Array, ms: Mutation[]): Uint8Array {
  let b = Uint8Array.from(src);
  for (const m of ms) {
    const pos = Math.min(b.length - 1, Math.floor(m.at * b.length));
    if (m.kind === 'flip') {
      for (let k = 0; k < (m.count ?? 1); k++) {
        const p = (pos + k * 131) % b.length;
        b[p] = (b[p] as number) ^ (1 << (m.bit ?? 0));
      }
    } else if (m.kind === 'truncate') b = b.subarray(0, pos);
    else if (m.kind === 'insert') {
      const out = new Uint8Array(b.length + (m.bytes as Uint8Array).length);
      out.set(b.subarray(0, pos));
      out.set(m.bytes as Uint8Array, pos);
      out.set(b.subarray(pos), pos + (m.bytes as Uint8Array).length);
      b = out;
    } else b.set((m.bytes as Uint8Array).subarray(0, Math.max(0, b.length - pos)), Math.max(0, pos));
    if (b.length === 0) break;
  }
  return b;
}

describe('fuzzing the decoder and estimator builders', () => {
  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => tryAll(bytes)),
      { numRuns: 300 },
    );
  });

  it('random opcodes after a protocol header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1024 }), fc.integer({ min: 2, max: 5 }), (body, proto) =>
        tryAll(Uint8Array.from([0x80, proto, ...body])),
      ),
      { numRuns: 300 },
    );
  });

  it('mutated real model files', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: FILES.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (i, ms) => tryAll(mutate(FILES[i] as Uint8Array, ms)),
      ),
      { numRuns: 500 },
    );
  });
});
