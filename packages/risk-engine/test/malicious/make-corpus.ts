/**
 * Writes the hostile pickle corpus (corpus/*.pkl, described in corpus/README.md) from the shipped
 * default knee wrapper and hand-assembled opcodes:
 *
 *   npx tsx packages/risk-engine/test/malicious/make-corpus.ts
 *
 * The API and browser tests upload these files too, so names are stable: add files, do not rename.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { loadWrapper } from '../../src/wrapper.js';
import { PickleBytes, RawOps, picklePlain } from '../helpers/pickle-writer.js';
import type { Plain } from '../helpers/pickle-writer.js';

const HERE = import.meta.dirname;
export const CORPUS_DIR = join(HERE, 'corpus');
const KNEE_WRAPPER = join(HERE, '../../../../models/default/knee/wrapper.pkl');

const MARK = 0x28;
const APPEND = 0x61;
const APPENDS = 0x65;
const EMPTY_LIST = 0x5d;
const EMPTY_DICT = 0x7d;
const SETITEM = 0x73;
const SETITEMS = 0x75;
const NONE = 0x4e;
const POP = 0x30;
const TUPLE = 0x74;
const TUPLE3 = 0x87;
const REDUCE = 0x52;
const BUILD = 0x62;
const NEWFALSE = 0x89;
const NEWTRUE = 0x88;

/**
 * Pushes a list of `width` references to a list of `width` references … `depth` lists deep, the
 * innermost holding `width` Nones: each list is built once and then fetched from the memo (LONG_BINGET)
 * `width` times, so it expands to about width^depth values. Memo indices start at `memoBase`.
 */
function listBomb(b: PickleBytes, width: number, depth: number, memoBase: number): PickleBytes {
  b.raw(EMPTY_LIST, MARK);
  for (let i = 0; i < width; i++) b.raw(NONE);
  b.raw(APPENDS).put(memoBase);
  for (let level = 1; level < depth; level++) {
    b.raw(POP, EMPTY_LIST, MARK);
    for (let i = 0; i < width; i++) b.get(memoBase + level - 1);
    b.raw(APPENDS).put(memoBase + level);
  }
  return b;
}

/** The same with dicts: `width` keys (memoised once) all mapping to the dict one level down. */
function dictBomb(b: PickleBytes, width: number, depth: number, memoBase: number): PickleBytes {
  const keyAt = (i: number): number => memoBase + depth + i;
  b.raw(EMPTY_DICT, MARK);
  for (let i = 0; i < width; i++) b.str(`k${i}`).put(keyAt(i)).raw(NONE);
  b.raw(SETITEMS).put(memoBase);
  for (let level = 1; level < depth; level++) {
    b.raw(POP, EMPTY_DICT, MARK);
    for (let i = 0; i < width; i++) b.get(keyAt(i)).get(memoBase + level - 1);
    b.raw(SETITEMS).put(memoBase + level);
  }
  return b;
}

/** Opcodes alone (no protocol header, no STOP), to splice into a value with RawOps. */
function ops(write: (b: PickleBytes) => PickleBytes): RawOps {
  return new RawOps(write(new PickleBytes()).build());
}

/**
 * The shipped wrapper.pkl (protocol 4, one frame, the wrapper dict on the stack before its STOP) with
 * one more top-level key. The frame header goes (frames are optional, and the file now runs past it);
 * the memo indices of the added value start at 1000, above the 320 the wrapper uses.
 */
function withTopLevelKey(wrapper: Uint8Array, key: string, value: RawOps): Uint8Array {
  const frameLength = Number(Buffer.from(wrapper).readBigUInt64LE(3));
  if (wrapper[0] !== 0x80 || wrapper[1] !== 4 || wrapper[2] !== 0x95 || frameLength !== wrapper.length - 11) {
    throw new Error('the default knee wrapper is no longer one protocol-4 frame');
  }
  if (wrapper[wrapper.length - 1] !== 0x2e) throw new Error('the default knee wrapper does not end in STOP');
  const body = wrapper.subarray(11, wrapper.length - 1);
  return new PickleBytes().proto(4).raw(body).str(key).raw(value.bytes, SETITEM).stop();
}

/** numpy.core.multiarray._reconstruct(ndarray, (0,), b'b') then BUILD with a declared shape and data. */
function numpyArray(
  dtype: string,
  order: string,
  elsize: number,
  shape: number[],
  data: Uint8Array,
): Uint8Array {
  const b = new PickleBytes()
    .proto(4)
    .global('numpy.core.multiarray', '_reconstruct')
    .global('numpy', 'ndarray')
    .raw(0x4b, 0, 0x85)
    .bytes(Buffer.from('b'))
    .raw(TUPLE3, REDUCE)
    .raw(MARK)
    .int(1)
    .raw(MARK);
  for (const d of shape) b.raw(0x8a, 8).raw(Buffer.from(new BigInt64Array([BigInt(d)]).buffer));
  b.raw(TUPLE);
  b.global('numpy', 'dtype').str(dtype).raw(NEWFALSE, NEWTRUE, TUPLE3, REDUCE);
  b.raw(MARK).int(3).str(order).raw(NONE, NONE, NONE).int(elsize).int(1).int(0).raw(TUPLE, BUILD);
  b.raw(NEWFALSE).bytes(data).raw(TUPLE, BUILD);
  return b.stop();
}

export function makeCorpus(): Map<string, Uint8Array> {
  const shipped = readFileSync(KNEE_WRAPPER);
  const base = loadWrapper(shipped) as unknown as Record<string, Plain>;
  const files = new Map<string, Uint8Array>();
  const wrapperWith = (edit: (w: Record<string, Plain>) => void): Uint8Array => {
    const w = structuredClone(base);
    edit(w);
    return picklePlain(w);
  };

  files.set(
    'wrapper-list-bomb.pkl',
    withTopLevelKey(
      shipped,
      'extra',
      ops((b) => listBomb(b, 50, 8, 1000)),
    ),
  );
  files.set(
    'wrapper-notes-bomb.pkl',
    wrapperWith((w) => {
      (w.modelCard as Record<string, Plain>).notes = ops((b) => listBomb(b, 50, 8, 1000));
    }),
  );
  files.set(
    'wrapper-notes-small-bomb.pkl',
    wrapperWith((w) => {
      (w.modelCard as Record<string, Plain>).notes = ops((b) => listBomb(b, 50, 3, 1000));
    }),
  );
  files.set(
    'wrapper-unknown-key.pkl',
    withTopLevelKey(
      shipped,
      'extra',
      ops((b) => b.str('harmless')),
    ),
  );

  const wrongTypes: [string, string, Plain][] = [
    ['format-version', 'formatVersion', '1'],
    ['procedure', 'procedure', ['knee']],
    ['features', 'features', { age: 'years' }],
    ['thresholds', 'thresholds', [0.12, 0.06]],
    ['importance-bands', 'importanceBands', 0.25],
    ['advice', 'advice', 'Stop smoking'],
    ['model-card', 'modelCard', 'Knee replacement complication risk'],
    ['linear-reference-means', 'linearReferenceMeans', { age: 70 }],
  ];
  for (const [name, key, value] of wrongTypes) {
    files.set(
      `wrapper-wrong-type-${name}.pkl`,
      wrapperWith((w) => {
        w[key] = value;
      }),
    );
  }

  files.set('model-list-bomb.pkl', listBomb(new PickleBytes().proto(4), 50, 8, 0).stop());
  files.set('memo-dict-bomb.pkl', dictBomb(new PickleBytes().proto(4), 50, 8, 0).stop());

  const fanOut = new PickleBytes().proto(4).raw(EMPTY_LIST, MARK);
  for (let i = 0; i < 5000; i++) fanOut.raw(NONE);
  fanOut.raw(APPENDS).put(0).raw(POP, EMPTY_LIST, MARK);
  for (let i = 0; i < 2000; i++) fanOut.get(0);
  files.set('memo-list-fan-out.pkl', fanOut.raw(APPENDS).stop());

  // A three-level tower of 50 references over an empty list (127,551 values as it is built), then
  // 1,000 references to a list of 1,000 Nones go into that empty list (1,001,001 values): each step
  // is within the limit, but the tower's 125,000 uses of the filled list expand to 10^11.
  const grown = new PickleBytes().proto(4).raw(EMPTY_LIST).put(0).raw(POP);
  for (let level = 1; level <= 3; level++) {
    grown.raw(EMPTY_LIST, MARK);
    for (let i = 0; i < 50; i++) grown.get(level - 1);
    grown.raw(APPENDS).put(level).raw(POP);
  }
  grown.raw(EMPTY_LIST, MARK);
  for (let i = 0; i < 1000; i++) grown.raw(NONE);
  grown.raw(APPENDS).put(4).raw(POP);
  grown.get(0).raw(MARK);
  for (let i = 0; i < 1000; i++) grown.get(4);
  grown.raw(APPENDS, POP).get(3);
  files.set('memo-mutation-after-embedding.pkl', grown.stop());

  const string = new PickleBytes()
    .proto(4)
    .str('x'.repeat(1024 * 1024))
    .put(0)
    .raw(POP, EMPTY_LIST, MARK);
  for (let i = 0; i < 10_000; i++) string.get(0);
  files.set('memo-long-string.pkl', deflateSync(string.raw(APPENDS).stop(), { level: 9 }));

  files.set(
    'memo-index-out-of-range.pkl',
    new PickleBytes().proto(4).raw(EMPTY_LIST, 0x94).get(0xffffffff).stop(),
  );

  const deep = new PickleBytes().proto(4);
  for (let i = 0; i < 1000; i++) deep.raw(EMPTY_LIST);
  for (let i = 1; i < 1000; i++) deep.raw(APPEND);
  files.set('deep-nesting.pkl', deep.stop());

  files.set(
    'cycle.pkl',
    new PickleBytes()
      .proto(4)
      .raw(EMPTY_LIST)
      .put(0)
      .raw(EMPTY_LIST)
      .put(1)
      .get(0)
      .raw(APPEND, APPEND)
      .stop(),
  );

  files.set('numpy-huge-shape.pkl', numpyArray('f8', '<', -1, [1e12], new Uint8Array(8)));
  files.set('numpy-huge-shape-empty-strings.pkl', numpyArray('S0', '|', 0, [1e15], new Uint8Array(0)));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(CORPUS_DIR, { recursive: true });
  for (const [name, bytes] of makeCorpus()) writeFileSync(join(CORPUS_DIR, name), bytes);
}
