import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar.js';

describe('isCalendarDate', () => {
  it('accepts real dates, leap days included', () => {
    expect(isCalendarDate(2026, 11, 24)).toBe(true);
    expect(isCalendarDate(2024, 2, 29)).toBe(true);
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(2026, 12, 31)).toBe(true);
  });

  it('refuses days past the end of the month, and months or days out of range', () => {
    expect(isCalendarDate(2026, 2, 29)).toBe(false);
    expect(isCalendarDate(1900, 2, 29)).toBe(false);
    expect(isCalendarDate(2026, 4, 31)).toBe(false);
    expect(isCalendarDate(2026, 13, 1)).toBe(false);
    expect(isCalendarDate(2026, 0, 1)).toBe(false);
    expect(isCalendarDate(2026, 1, 0)).toBe(false);
    expect(isCalendarDate(2026, 1, 1.5)).toBe(false);
  });
});
