import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates (spec §9)', () => {
  it('formats DD-MMM-YYYY', () => {
    expect(formatDate('2025-03-05')).toBe('05-Mar-2025');
    expect(formatDate('1948-12-31')).toBe('31-Dec-1948');
  });
  it('formats DD-MMM-YYYY HH:mm:ss in UK time (BST in summer)', () => {
    expect(formatDateTime('2025-01-15T09:04:05Z')).toBe('15-Jan-2025 09:04:05');
    expect(formatDateTime('2025-07-01T23:30:00Z')).toBe('02-Jul-2025 00:30:00');
  });
  it('gives an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
