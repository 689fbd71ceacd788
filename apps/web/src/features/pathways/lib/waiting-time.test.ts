import { describe, expect, it } from 'vitest';
import { daysWaiting, waitText } from './waiting-time';

describe('the wait since referral (docs/decisions/0038-the-risk-leads-the-lists.md)', () => {
  it('counts whole days on the calendar, across a change of the clocks', () => {
    expect(daysWaiting('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysWaiting('2025-11-08', '2026-11-08')).toBe(365);
    expect(daysWaiting(null, '2026-11-08')).toBeNull();
    expect(daysWaiting('08/11/2025', '2026-11-08')).toBeNull();
  });

  it('says weeks, as waits are counted, and days under two weeks', () => {
    expect(waitText('2026-11-24', '2026-11-24')).toBe('0 days');
    expect(waitText('2026-11-23', '2026-11-24')).toBe('1 day');
    expect(waitText('2026-11-11', '2026-11-24')).toBe('13 days');
    expect(waitText('2026-11-10', '2026-11-24')).toBe('2 weeks');
    expect(waitText('2025-11-08', '2026-11-24')).toBe('54 weeks');
    expect(waitText('2006-11-08', '2026-11-24')).toBe('1,045 weeks');
  });

  it('says nothing without a referral date, or with one still to come', () => {
    expect(waitText(null, '2026-11-24')).toBe('');
    expect(waitText('2026-12-01', '2026-11-24')).toBe('');
  });
});
