import { describe, expect, it } from 'vitest';
import { formatPhone, groupPhoneNumber } from './phone.js';

describe('phone display (docs/requirements.md §5)', () => {
  it('groups a 10-digit number 3-3-4', () => {
    expect(groupPhoneNumber('2089543800')).toBe('208 954 3800');
    expect(groupPhoneNumber('208 9543 800')).toBe('208 954 3800');
  });
  it('leaves other lengths as stored', () => {
    expect(groupPhoneNumber('02089543800')).toBe('02089543800');
    expect(groupPhoneNumber('123')).toBe('123');
    expect(groupPhoneNumber('')).toBe('');
  });
  it('joins the country code and the grouped number', () => {
    expect(formatPhone('+44', '2089543800')).toBe('+44 208 954 3800');
    expect(formatPhone('', '2089543800')).toBe('208 954 3800');
    expect(formatPhone('+44', '')).toBe('+44');
  });
});
