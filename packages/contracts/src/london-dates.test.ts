import { describe, expect, it } from 'vitest';
import {
  londonFileTimestamp,
  londonMidnight,
  londonWallClock,
  monthAbbreviations,
  showCalendarDate,
  showLondonDate,
  showLondonDateTime,
  todayInLondon,
} from './london-dates.js';

// UK clocks go forward at 01:00 UTC on the last Sunday of March (29 March 2026) and back at
// 01:00 UTC on the last Sunday of October (25 October 2026).
const clock = (iso: string) => {
  const t = londonWallClock(new Date(iso));
  return `${t.year}-${t.month}-${t.day} ${t.hour}:${t.minute}:${t.second}`;
};

describe('London wall clock (docs/requirements.md §9)', () => {
  it('is UTC in winter and an hour ahead in summer, every part as two digits', () => {
    expect(clock('2026-01-05T09:04:05Z')).toBe('2026-01-05 09:04:05');
    expect(clock('2026-07-01T09:04:05Z')).toBe('2026-07-01 10:04:05');
  });
  it('jumps from 00:59:59 to 02:00:00 on the last Sunday of March', () => {
    expect(clock('2026-03-29T00:59:59Z')).toBe('2026-03-29 00:59:59');
    expect(clock('2026-03-29T01:00:00Z')).toBe('2026-03-29 02:00:00');
  });
  it('goes back from 01:59:59 to 01:00:00 on the last Sunday of October', () => {
    expect(clock('2026-10-25T00:59:59Z')).toBe('2026-10-25 01:59:59');
    expect(clock('2026-10-25T01:00:00Z')).toBe('2026-10-25 01:00:00');
  });
  it('reads midnight either side of a change as 00, never 24', () => {
    expect(clock('2026-03-28T23:59:59Z')).toBe('2026-03-28 23:59:59');
    expect(clock('2026-03-29T00:00:00Z')).toBe('2026-03-29 00:00:00');
    expect(clock('2026-10-24T22:59:59Z')).toBe('2026-10-24 23:59:59');
    expect(clock('2026-10-24T23:00:00Z')).toBe('2026-10-25 00:00:00');
    expect(clock('2026-10-25T23:59:59Z')).toBe('2026-10-25 23:59:59');
    expect(clock('2026-10-26T00:00:00Z')).toBe('2026-10-26 00:00:00');
  });
});

describe('todayInLondon', () => {
  it('is the UK calendar date, which in summer starts at 23:00 UTC the evening before', () => {
    expect(todayInLondon(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInLondon(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(todayInLondon(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(todayInLondon(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
  });
  it('defaults to now', () => {
    expect(todayInLondon()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('londonMidnight', () => {
  it('starts a day at UTC midnight in winter and 23:00 UTC the day before in summer', () => {
    expect(londonMidnight(2026, 1, 15)).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(londonMidnight(2026, 7, 1)).toEqual(new Date('2026-06-30T23:00:00Z'));
  });
  it('starts the days around the clock changes at the right instant', () => {
    expect(londonMidnight(2026, 3, 29)).toEqual(new Date('2026-03-29T00:00:00Z'));
    expect(londonMidnight(2026, 3, 30)).toEqual(new Date('2026-03-29T23:00:00Z'));
    expect(londonMidnight(2026, 10, 25)).toEqual(new Date('2026-10-24T23:00:00Z'));
    expect(londonMidnight(2026, 10, 26)).toEqual(new Date('2026-10-26T00:00:00Z'));
  });
});

describe('DD-MMM-YYYY', () => {
  it('names the months Jan to Dec', () => {
    expect(monthAbbreviations).toHaveLength(12);
    expect(monthAbbreviations[0]).toBe('Jan');
    expect(monthAbbreviations[11]).toBe('Dec');
  });
  it('shows a calendar date as written, with or without a time, and other text unchanged', () => {
    expect(showCalendarDate('2026-03-05')).toBe('05-Mar-2026');
    expect(showCalendarDate('1948-12-31T23:30:00Z')).toBe('31-Dec-1948');
    expect(showCalendarDate('not a date')).toBe('not a date');
  });
  it('shows an instant on the UK calendar', () => {
    expect(showLondonDate(new Date('2026-10-24T22:59:59Z'))).toBe('24-Oct-2026');
    expect(showLondonDate(new Date('2026-10-24T23:00:00Z'))).toBe('25-Oct-2026');
  });
  it('shows an instant with its UK time, to the second or to the minute', () => {
    expect(showLondonDateTime(new Date('2026-03-29T00:59:59Z'))).toBe('29-Mar-2026 00:59:59');
    expect(showLondonDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29-Mar-2026 02:00:00');
    expect(showLondonDateTime(new Date('2026-07-14T09:05:30Z'), 'minute')).toBe('14-Jul-2026 10:05');
  });
  it('writes a file timestamp that sorts in time order', () => {
    expect(londonFileTimestamp(new Date('2026-07-01T23:04:05Z'))).toBe('20260702-000405');
    expect(londonFileTimestamp(new Date('2026-01-01T09:04:05Z'))).toBe('20260101-090405');
  });
});
