import { describe, expect, it } from 'vitest';
import { formatNhsNumber } from './nhs-number';

describe('NHS number display (docs/requirements.md §2: 3-3-4)', () => {
  it('groups ten digits 3, 3 and 4', () => {
    expect(formatNhsNumber('9990845255')).toBe('999 084 5255');
    expect(formatNhsNumber('999 084 5255')).toBe('999 084 5255');
  });
  it('shows anything else as it is', () => {
    expect(formatNhsNumber('12345')).toBe('12345');
    expect(formatNhsNumber(null)).toBe('');
    expect(formatNhsNumber('')).toBe('');
  });
});
