import { describe, expect, it } from 'vitest';
import { londonDayBounds } from './london-day.js';

describe('UK calendar day bounds', () => {
  it('in winter (GMT) the day is midnight to midnight UTC', () => {
    expect(londonDayBounds('2025-01-15')).toEqual({
      start: new Date('2025-01-15T00:00:00Z'),
      end: new Date('2025-01-16T00:00:00Z'),
    });
  });
  it('in summer (BST) the day starts at 23:00 UTC the evening before', () => {
    expect(londonDayBounds('2025-07-01')).toEqual({
      start: new Date('2025-06-30T23:00:00Z'),
      end: new Date('2025-07-01T23:00:00Z'),
    });
  });
  it('the spring-forward day is 23 hours and the fall-back day 25', () => {
    const spring = londonDayBounds('2025-03-30')!;
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000);
    const autumn = londonDayBounds('2025-10-26')!;
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000);
  });
  it('the fall-back day starts at BST midnight and ends at GMT midnight', () => {
    expect(londonDayBounds('2026-10-25')).toEqual({
      start: new Date('2026-10-24T23:00:00Z'),
      end: new Date('2026-10-26T00:00:00Z'),
    });
  });
  it('reads the day of an ISO date-time', () => {
    expect(londonDayBounds('2025-01-15T10:11:12Z')?.start).toEqual(new Date('2025-01-15T00:00:00Z'));
  });
  it.each(['2025-02-30', '2025-13-01', '15-01-2025', 'yesterday', ''])('refuses %j', (value) => {
    expect(londonDayBounds(value)).toBeNull();
  });
});
