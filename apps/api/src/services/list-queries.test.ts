import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, isUniqueViolation, offsetOf, prefixPattern } from './list-queries.js';

describe('list query helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
  it('builds lower-case prefix and contains patterns', () => {
    expect(prefixPattern('  Jo_ ')).toBe('jo\\_%');
    expect(containsPattern('Royal')).toBe('%royal%');
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
