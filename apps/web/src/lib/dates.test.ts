import { describe, expect, it } from 'vitest';
import { dueText, formatDate, formatDateTime, formatFileTimestamp } from './dates';

describe('dates (docs/requirements.md §9)', () => {
  it('formats DD-MMM-YYYY', () => {
    expect(formatDate('2025-03-05')).toBe('05-Mar-2025');
    expect(formatDate('1948-12-31')).toBe('31-Dec-1948');
  });
  it('formats DD-MMM-YYYY HH:mm:ss in UK time (BST in summer)', () => {
    expect(formatDateTime('2025-01-15T09:04:05Z')).toBe('15-Jan-2025 09:04:05');
    expect(formatDateTime('2025-07-01T23:30:00Z')).toBe('02-Jul-2025 00:30:00');
  });
  it('dates an instant on the UK calendar, across the October clock change', () => {
    expect(formatDate('2026-10-24T22:59:59Z')).toBe('24-Oct-2026');
    expect(formatDate(new Date('2026-10-24T23:00:00Z'))).toBe('25-Oct-2026');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25-Oct-2026 01:00:00');
  });
  it('writes file timestamps as YYYYMMDD-HHmmss in UK time', () => {
    expect(formatFileTimestamp(new Date('2025-07-01T23:04:05Z'))).toBe('20250702-000405');
  });
  it('gives an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('dueText', () => {
  it('says a day still to come is next due, and one that has passed is overdue since', () => {
    expect(dueText('2026-12-07', '2026-12-06')).toBe('Next due 07-Dec-2026');
    expect(dueText('2026-12-06', '2026-12-06')).toBe('Next due 06-Dec-2026');
    expect(dueText('2024-11-30', '2026-12-06')).toBe('Overdue since 30-Nov-2024');
  });
});
