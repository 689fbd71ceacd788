/**
 * The hostile corpus (corpus/README.md): every file is refused with its error, in little time and
 * memory, through the same entry points the upload API uses (loadModel with the file as model.pkl or
 * as wrapper.pkl beside the default knee model).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PickleError, WrapperError } from '../../src/errors.js';
import type { RiskEngineError } from '../../src/errors.js';
import { loadModel } from '../../src/model.js';
import { loadWrapper } from '../../src/wrapper.js';
import { CORPUS_DIR, makeCorpus } from './make-corpus.js';

const KNEE_MODEL = readFileSync(join(import.meta.dirname, '../../../../models/default/knee/model.pkl'));
const MAX_MS = 2000;
const MAX_GROWTH = 200 * 1024 * 1024;
const ELEMENTS =
  /expands past 5,000,000 elements \(values reused through the pickle memo count each time they are used\)$/;

interface Expected {
  as: 'model' | 'wrapper';
  error: typeof PickleError | typeof WrapperError;
  code: string;
  message: RegExp;
  /** Only the decoder's exact pass at the end sees it (the error carries no opcode offset). */
  finalPass?: boolean;
}

const wrongType = (field: string, expected: string, received: string): Expected => ({
  as: 'wrapper',
  error: WrapperError,
  code: 'malformed-wrapper',
  message: new RegExp(`^wrapper\\.pkl is malformed: ${field}: expected ${expected}, received ${received}$`),
});

const EXPECTED: Record<string, Expected> = {
  'wrapper-list-bomb.pkl': {
    as: 'wrapper',
    error: PickleError,
    code: 'too-large',
    message: new RegExp(`^wrapper\\.pkl: The pickle ${ELEMENTS.source}`),
  },
  'wrapper-notes-bomb.pkl': {
    as: 'wrapper',
    error: PickleError,
    code: 'too-large',
    message: new RegExp(`^wrapper\\.pkl: The pickle ${ELEMENTS.source}`),
  },
  'wrapper-notes-small-bomb.pkl': wrongType('modelCard\\.notes', 'a str', 'a list'),
  'wrapper-unknown-key.pkl': {
    as: 'wrapper',
    error: WrapperError,
    code: 'malformed-wrapper',
    message: /^wrapper\.pkl is malformed: extra: unknown key$/,
  },
  'wrapper-wrong-type-format-version.pkl': wrongType('formatVersion', 'a number', 'a str'),
  'wrapper-wrong-type-procedure.pkl': wrongType('procedure', 'a str', 'a list'),
  'wrapper-wrong-type-features.pkl': wrongType('features', 'a list', 'a dict'),
  'wrapper-wrong-type-thresholds.pkl': wrongType('thresholds', 'a dict', 'a list'),
  'wrapper-wrong-type-importance-bands.pkl': wrongType('importanceBands', 'a dict', 'a number'),
  'wrapper-wrong-type-advice.pkl': wrongType('advice', 'a list', 'a str'),
  'wrapper-wrong-type-model-card.pkl': wrongType('modelCard', 'a dict', 'a str'),
  'wrapper-wrong-type-linear-reference-means.pkl': wrongType('linearReferenceMeans', 'a list', 'a dict'),
  'model-list-bomb.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-large',
    message: new RegExp(`^model\\.pkl: The pickle ${ELEMENTS.source}`),
  },
  'memo-dict-bomb.pkl': { as: 'model', error: PickleError, code: 'too-large', message: ELEMENTS },
  'memo-list-fan-out.pkl': { as: 'model', error: PickleError, code: 'too-large', message: ELEMENTS },
  'memo-mutation-after-embedding.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-large',
    message: ELEMENTS,
    finalPass: true,
  },
  'memo-long-string.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-large',
    message:
      /^model\.pkl: The pickle expands past 256\.0 MB of strings and bytes \(values reused through the pickle memo count each time they are used\)$/,
  },
  'memo-index-out-of-range.pkl': {
    as: 'model',
    error: PickleError,
    code: 'malformed',
    message: /^model\.pkl: Malformed pickle: LONG_BINGET of memo entry 4294967295, which was never set$/,
  },
  'deep-nesting.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-deep',
    message: /^model\.pkl: Objects in the pickle nest more than 200 levels deep$/,
  },
  'cycle.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-deep',
    message: /^model\.pkl: Objects in the pickle nest more than 200 levels deep \(a value contains itself\)$/,
    finalPass: true,
  },
  'numpy-huge-shape.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-large',
    message:
      /^model\.pkl: numpy array of 1000000000000 x <f8 would take the arrays past the 512\.0 MB limit$/,
  },
  'numpy-huge-shape-empty-strings.pkl': {
    as: 'model',
    error: PickleError,
    code: 'too-large',
    message: ELEMENTS,
  },
};

const FILES = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith('.pkl'))
  .sort();

/** Runs `fn`, returning what it threw, how long it took and how much the heap and RSS grew. */
function measured(fn: () => unknown): { error: unknown; ms: number; heapGrowth: number; rssGrowth: number } {
  const before = process.memoryUsage();
  const maxRss = process.resourceUsage().maxRSS;
  const t0 = performance.now();
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  return {
    error,
    ms,
    heapGrowth: after.heapUsed - before.heapUsed,
    // maxRSS (kB) catches a peak that was freed again before the call returned.
    rssGrowth: Math.max(after.rss - before.rss, (process.resourceUsage().maxRSS - maxRss) * 1024),
  };
}

describe('hostile pickle corpus', () => {
  it('holds the files make-corpus.ts writes, each described in the README and expected here', () => {
    const readme = readFileSync(join(CORPUS_DIR, 'README.md'), 'utf8');
    expect(FILES).toEqual([...makeCorpus().keys()].sort());
    expect(FILES).toEqual(Object.keys(EXPECTED).sort());
    for (const f of FILES) expect(readme).toContain(`\`${f}\``);
  });

  for (const file of FILES) {
    const expected = EXPECTED[file] as Expected;
    it(`refuses ${file} as ${expected.as}.pkl`, () => {
      const bytes = readFileSync(join(CORPUS_DIR, file));
      const r = measured(() => (expected.as === 'model' ? loadModel(bytes) : loadModel(KNEE_MODEL, bytes)));
      expect(r.error).toBeInstanceOf(expected.error);
      const e = r.error as RiskEngineError;
      expect(e.code).toBe(expected.code);
      expect(e.message).toMatch(expected.message);
      expect(e.message).toMatch(expected.as === 'model' ? /^model\.pkl/ : /^wrapper\.pkl/);
      if (e instanceof WrapperError) {
        expect(e.issues).toEqual([e.message.replace(/^wrapper\.pkl is malformed: /, '')]);
      }
      if (e instanceof PickleError && expected.finalPass !== undefined) {
        expect(e.offset === undefined).toBe(expected.finalPass);
      }
      expect(r.ms).toBeLessThan(MAX_MS);
      expect(r.heapGrowth).toBeLessThan(MAX_GROWTH);
      expect(r.rssGrowth).toBeLessThan(MAX_GROWTH);
    });
  }

  it('refuses the bombs at the first steps past the limit, not at the end of the file', () => {
    for (const file of ['wrapper-list-bomb.pkl', 'model-list-bomb.pkl', 'memo-dict-bomb.pkl']) {
      const bytes = readFileSync(join(CORPUS_DIR, file));
      let caught: unknown;
      try {
        loadModel(bytes);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(PickleError);
      // The fourth of the eight levels is the first past 5,000,000 (50^4 = 6,250,000).
      expect((caught as PickleError).offset).toBeLessThan(bytes.length - 500);
    }
  });

  it('offers no way around the accounting through loadWrapper or loadModel', () => {
    const bomb = readFileSync(join(CORPUS_DIR, 'wrapper-notes-bomb.pkl'));
    // decodePickle's benchmark-only switch is not passed on.
    expect(() => loadWrapper(bomb, { expansionAccounting: false } as never)).toThrow(ELEMENTS);
    expect(() => loadModel(bomb, undefined, { expansionAccounting: false } as never)).toThrow(ELEMENTS);
  });
});
