/**
 * Hostile model files, crafted byte by byte: each must be refused with a message naming the problem,
 * before anything could run (the decoder never resolves a Python name, it only compares strings with
 * its allow-list).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PickleError, RiskEngineError, UnsupportedModelError } from '../../src/errors.js';
import { loadModel } from '../../src/model.js';
import { decodePickle } from '../../src/pickle/decode.js';
import { PickleBytes } from '../helpers/pickle-writer.js';

function refused(bytes: Uint8Array, code: string, message: RegExp, limits = {}): PickleError {
  let caught: unknown;
  try {
    decodePickle(bytes, { limits });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(PickleError);
  const err = caught as PickleError;
  expect(err.code).toBe(code);
  expect(err.message).toMatch(message);
  return err;
}

/** `callable(arg)` through REDUCE, with the callable from STACK_GLOBAL (protocol 4). */
function reduce4(module: string, name: string, arg = 'id'): Uint8Array {
  return new PickleBytes().proto(4).global(module, name).str(arg).raw(0x85, 0x52).stop();
}

/** The same with protocol 2's GLOBAL opcode. */
function reduce2(module: string, name: string, arg = 'id'): Uint8Array {
  return new PickleBytes().proto(2).textGlobal(module, name).str(arg).raw(0x85, 0x52).stop();
}

describe('refused globals', () => {
  const cases: [string, string][] = [
    ['os', 'system'],
    ['posix', 'system'],
    ['nt', 'system'],
    ['builtins', 'eval'],
    ['builtins', 'exec'],
    ['builtins', 'getattr'],
    ['builtins', '__import__'],
    ['subprocess', 'Popen'],
    ['subprocess', 'check_output'],
    ['numpy', 'load'],
    ['numpy.testing._private.utils', 'runstring'],
    ['sklearn.utils', 'Bunch'],
    ['joblib.numpy_pickle_compat', 'NDArrayWrapper'],
  ];
  for (const [module, name] of cases) {
    it(`refuses ${module}.${name} via STACK_GLOBAL + REDUCE (protocol 4)`, () => {
      refused(reduce4(module, name), 'refused-global', new RegExp(`^Refused global ${module}\\.${name}\\b`));
    });
    it(`refuses ${module}.${name} via GLOBAL + REDUCE (protocol 2)`, () => {
      refused(reduce2(module, name), 'refused-global', new RegExp(`^Refused global ${module}\\.${name}\\b`));
    });
  }

  it('maps Python 2 module names before checking (__builtin__.eval is builtins.eval)', () => {
    refused(reduce2('__builtin__', 'eval'), 'refused-global', /Refused global __builtin__\.eval/);
  });

  it('refuses INST and OBJ with bad globals', () => {
    const inst = new PickleBytes().proto(0).raw(0x28).str('id').raw(0x69, 'os\nsystem\n').stop();
    refused(inst, 'refused-global', /Refused global os\.system/);
    const obj = new PickleBytes()
      .proto(1)
      .raw(0x28)
      .textGlobal('subprocess', 'Popen')
      .str('id')
      .raw(0x6f)
      .stop();
    refused(obj, 'refused-global', /Refused global subprocess\.Popen/);
  });

  it('refuses calling names that may only be referenced', () => {
    const ndarrayCall = new PickleBytes().proto(4).global('numpy', 'ndarray').raw(0x29, 0x52).stop();
    refused(ndarrayCall, 'refused-global', /Refused call of numpy\.ndarray/);
    const objectCall = new PickleBytes().proto(4).global('builtins', 'object').raw(0x29, 0x52).stop();
    refused(objectCall, 'refused-global', /Refused call of builtins\.object/);
  });

  it('refuses NEWOBJ of a data constructor and numpy subclasses', () => {
    const newobj = new PickleBytes().proto(4).global('builtins', 'bytearray').raw(0x29, 0x81).stop();
    refused(newobj, 'refused-global', /Refused NEWOBJ of builtins\.bytearray/);
    const matrix = new PickleBytes()
      .proto(4)
      .global('numpy.core.multiarray', '_reconstruct')
      .global('numpy', 'matrix')
      .raw(0x4b, 0, 0x85)
      .bytes(Buffer.from('b'))
      .raw(0x87, 0x52)
      .stop();
    refused(matrix, 'refused-global', /Refused global numpy\.matrix/);
  });

  it('refuses copyreg._reconstructor except over object for allow-listed classes', () => {
    const bad = new PickleBytes()
      .proto(2)
      .textGlobal('copy_reg', '_reconstructor')
      .textGlobal('sklearn.dummy', 'DummyClassifier')
      .textGlobal('numpy', 'ndarray')
      .raw(0x4e, 0x87, 0x52)
      .stop();
    refused(bad, 'refused-global', /copyreg\._reconstructor/);
  });

  it('refuses persistent ids, extension codes and out-of-band buffers', () => {
    refused(new PickleBytes().proto(0).raw(0x50, 'x\n').stop(), 'refused-opcode', /PERSID/);
    refused(new PickleBytes().proto(2).str('x').raw(0x51).stop(), 'refused-opcode', /BINPERSID/);
    refused(new PickleBytes().proto(2).raw(0x82, 1).stop(), 'refused-opcode', /EXT1/);
    refused(new PickleBytes().proto(5).raw(0x97).stop(), 'refused-opcode', /NEXT_BUFFER/);
  });

  it('a refused global in a joblib-compressed file is refused too', () => {
    refused(deflateSync(reduce4('os', 'system')), 'refused-global', /Refused global os\.system/);
    refused(gzipSync(reduce4('os', 'system')), 'refused-global', /Refused global os\.system/);
  });

  it('loadModel reports the refusal as a PickleError', () => {
    expect(() => loadModel(reduce4('os', 'system'))).toThrow(/^model\.pkl: Refused global os\.system/);
  });
});

describe('memo tricks', () => {
  it('refuses BINGET of an unset memo entry', () => {
    refused(
      new PickleBytes().proto(2).raw(0x68, 5).stop(),
      'malformed',
      /BINGET of memo entry 5, which was never set/,
    );
  });
  it('refuses a huge LONG_BINGET', () => {
    refused(
      new PickleBytes().proto(2).raw(0x6a).u32(0xffffffff).stop(),
      'malformed',
      /LONG_BINGET of memo entry 4294967295/,
    );
  });
  it('bounds the memo', () => {
    const b = new PickleBytes().proto(4).raw(0x4e);
    for (let i = 0; i < 20; i++) b.raw(0x94);
    refused(b.stop(), 'too-large', /memo grows past 10 entries/, { maxMemoEntries: 10 });
  });
  it('a huge LONG_BINPUT index does not allocate', () => {
    const v = decodePickle(
      new PickleBytes().proto(2).raw(0x4e, 0x72).u32(0xfffffff0).raw(0x30, 0x6a).u32(0xfffffff0).stop(),
    );
    expect(v).toBeNull();
  });
});

describe('depth and size bombs', () => {
  it('refuses 100k nested MARKs', () => {
    refused(
      new PickleBytes().proto(2).raw('('.repeat(100_000)).stop(),
      'too-deep',
      /more than 1000 nested MARKs/,
    );
  });
  it('refuses 100k nested lists', () => {
    const b = new PickleBytes().proto(2).raw(']'.repeat(100_000)).raw('a'.repeat(99_999)).stop();
    refused(b, 'too-deep', /stack grows past/);
  });
  it('refuses deeply nested tuples built without growing the stack', () => {
    const b = new PickleBytes().proto(2).raw(0x4e).raw('\x85'.repeat(100_000)).stop();
    refused(b, 'too-deep', /nest more than 200 levels/);
  });
  it('refuses a list that holds itself many times over without hanging', () => {
    const b = new PickleBytes().proto(2).raw(0x5d, 0x71, 0);
    for (let i = 0; i < 1000; i++) b.raw(0x68, 0, 0x61);
    refused(b.stop(), 'too-deep', /nest more than 200 levels/);
  });

  function reconstructWithShape(dims: number[], data: Uint8Array): Uint8Array {
    const b = new PickleBytes()
      .proto(4)
      .global('numpy.core.multiarray', '_reconstruct')
      .global('numpy', 'ndarray')
      .raw(0x4b, 0, 0x85)
      .bytes(Buffer.from('b'))
      .raw(0x87, 0x52) // _reconstruct(ndarray, (0,), b'b')
      .raw(0x28, 0x4b, 1); // MARK version
    b.raw(0x28);
    for (const d of dims) b.raw(0x8a, 8).raw(Buffer.from(new BigInt64Array([BigInt(d)]).buffer));
    b.raw(0x74); // shape tuple
    b.global('numpy', 'dtype').str('f8').raw(0x89, 0x88, 0x87, 0x52); // dtype('f8', False, True)
    b.raw(0x28, 0x4b, 3).str('<').raw(0x4e, 0x4e, 0x4e).int(-1).int(-1).int(0).raw(0x74, 0x62); // dtype BUILD
    b.raw(0x89).bytes(data).raw(0x74, 0x62); // (1, shape, dtype, False, data) BUILD
    return b.stop();
  }

  it('refuses a declared 1e12-element numpy array before allocating', () => {
    refused(reconstructWithShape([1e12], new Uint8Array(8)), 'too-large', /past the 512\.0 MB limit/);
  });
  it('refuses a shape whose product overflows', () => {
    refused(
      reconstructWithShape([2 ** 40, 2 ** 40], new Uint8Array(8)),
      'too-large',
      /too many elements|limit/,
    );
  });
  it('refuses array data shorter than the declared shape', () => {
    refused(reconstructWithShape([100], new Uint8Array(8)), 'malformed', /expected 800/);
  });
  it('accepts a well-formed small array', () => {
    const v = decodePickle(reconstructWithShape([1], new Uint8Array(new Float64Array([2.5]).buffer)));
    expect(v).toMatchObject({ shape: [1], data: new Float64Array([2.5]) });
  });

  it('refuses a joblib array wrapper declaring 1e12 elements', () => {
    const b = new PickleBytes()
      .proto(4)
      .global('joblib.numpy_pickle', 'NumpyArrayWrapper')
      .raw(0x29, 0x81, 0x7d, 0x28)
      .str('subclass')
      .global('numpy', 'ndarray')
      .str('shape')
      .raw(0x8a, 6)
      .raw(Buffer.from(new BigInt64Array([BigInt(1e12)]).buffer).subarray(0, 6))
      .raw(0x85)
      .str('order')
      .str('C')
      .str('dtype')
      .global('numpy', 'dtype')
      .str('f8')
      .raw(0x89, 0x88, 0x87, 0x52)
      .raw(0x75, 0x62);
    refused(b.stop(), 'too-large', /joblib array of 1000000000000 x <f8/);
  });

  it('refuses a zlib file that inflates past the limit', () => {
    const bomb = deflateSync(Buffer.alloc(4 * 1024 * 1024));
    refused(bomb, 'too-large', /inflates past the 1\.0 MB limit/, { maxInflatedBytes: 1024 * 1024 });
  });
  it('refuses an input over the size limit', () => {
    refused(new Uint8Array(2048), 'too-large', /over the 1\.0 kB limit/, { maxInputBytes: 1024 });
  });
  it('stops when the time budget is spent', () => {
    // A long run of cheap opcodes; a 0 ms budget is spent by the first check.
    const b = new PickleBytes().proto(2).raw('N0'.repeat(5000)).raw(0x4e).stop();
    refused(b, 'too-slow', /longer than the 0 ms budget/, { timeBudgetMs: 0 });
  });
});

describe('not pickles and truncated files', () => {
  it('refuses files that are not pickles', () => {
    refused(new Uint8Array(0), 'not-a-pickle', /empty/);
    refused(Buffer.from('hello world'), 'not-a-pickle', /^Not a pickle/);
    refused(Buffer.from('PK\x03\x04rest', 'latin1'), 'not-a-pickle', /zip archive/);
    refused(Buffer.from('\x89PNG\r\n', 'latin1'), 'not-a-pickle', /PNG image/);
    refused(Buffer.from([0x07, 0x01]), 'not-a-pickle', /starts with byte 0x07/);
    refused(Buffer.from('BZh91AY&SY', 'latin1'), 'unsupported-compression', /bz2/);
    refused(Buffer.from([0x80, 0x07, 0x4e, 0x2e]), 'not-a-pickle', /protocol 7/);
  });

  const dir = join(import.meta.dirname, '../fixtures/sklearn-1.2.1');
  const files = readdirSync(dir).filter((f) => f.endsWith('.pkl'));
  for (const f of files) {
    it(`every truncation of ${f} is a clean error`, () => {
      const bytes = readFileSync(join(dir, f));
      const step = Math.max(1, Math.floor(bytes.length / 97));
      for (let n = 0; n < bytes.length - 1; n += step) {
        let caught: unknown;
        try {
          loadModel(bytes.subarray(0, n));
        } catch (e) {
          caught = e;
        }
        expect(caught, `cut at ${n}`).toBeInstanceOf(RiskEngineError);
      }
    });
  }
});

describe('allow-listed but unsupported', () => {
  it('a plain dict is not a model', () => {
    expect(() => loadModel(new PickleBytes().proto(4).value({ a: 1 }).stop())).toThrow(UnsupportedModelError);
    expect(() => loadModel(new PickleBytes().proto(4).value({ a: 1 }).stop())).toThrow(
      /holds a dict, which is not a supported estimator/,
    );
  });
  it('an allow-listed support class is not a model', () => {
    const b = new PickleBytes()
      .proto(4)
      .global('sklearn.preprocessing._data', 'StandardScaler')
      .raw(0x29, 0x81)
      .stop();
    expect(() => loadModel(b)).toThrow(
      /holds StandardScaler, which is not a supported estimator; supported: LogisticRegression/,
    );
  });
});

describe('the decoder cannot run code', () => {
  it('imports nothing that could', () => {
    const dir = join(import.meta.dirname, '../../src');
    const sources = ['pickle/decode.ts', 'pickle/globals.ts', 'pickle/numpy-array.ts', 'pickle/values.ts'];
    for (const s of sources) {
      const text = readFileSync(join(dir, s), 'utf8');
      expect(text).not.toMatch(/child_process|node:vm|\beval\(|new Function|\brequire\(|\bimport\(/);
    }
  });
});
