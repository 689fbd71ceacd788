import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  escapeLike,
  isUniqueViolation,
  offsetOf,
  prefixPattern,
  prefixUpperBound,
} from './list-queries.js';

describe('list query helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
  it('builds lower-case prefix and contains patterns', () => {
    expect(prefixPattern('  Jo_ ')).toBe('jo\\_%');
    expect(containsPattern('Royal')).toBe('%royal%');
  });
  it('bounds every string that starts with a prefix, in code point order', () => {
    expect(prefixUpperBound('oliv')).toBe('oliw');
    expect(prefixUpperBound("o'b")).toBe("o'c");
    expect(prefixUpperBound('zz ')).toBe('zz!');
    expect(prefixUpperBound('jos\u00e9')).toBe('jos\u00ea');
    // Past the surrogates, and past the last code point.
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('\u{10ffff}')).toBeUndefined();
    expect(prefixUpperBound('a\u{1f600}')).toBe('a\u{1f601}');
    // Whatever the prefix, a string that starts with it lies in [prefix, bound) and one that does not, outside.
    const inRange = (value: string, prefix: string) =>
      Buffer.compare(Buffer.from(value), Buffer.from(prefix)) >= 0 &&
      Buffer.compare(Buffer.from(value), Buffer.from(prefixUpperBound(prefix)!)) < 0;
    for (const [value, prefix, expected] of [
      ['oliver', 'oliv', true],
      ['oliw', 'oliv', false],
      ['oli', 'oliv', false],
      ['olivz\u{10ffff}', 'oliv', true],
      ['jos\u00e9 smith', 'jos\u00e9', true],
      ['josf', 'jos\u00e9', false],
    ] as const)
      expect(inRange(value, prefix)).toBe(expected);
  });
  it('turns page numbers into offsets', () => {
    expect(offsetOf(1, 15)).toBe(0);
    expect(offsetOf(3, 15)).toBe(30);
  });
  it('finds a unique violation under wrappers', () => {
    const pgError = { code: '23505', constraint: 'users_email_unique' };
    expect(isUniqueViolation(pgError)).toBe(true);
    expect(isUniqueViolation({ message: 'wrapped', cause: pgError }, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation({ cause: pgError }, 'trusts_pkey')).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });
});
