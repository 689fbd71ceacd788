import { describe, expect, it } from 'vitest';
import { byMonth, monthText } from './series';

describe('a long series by month', () => {
  it('groups the points by the month of their date, keeping the last of each', () => {
    const points = [
      { date: '2026-01-05', value: 1 },
      { date: '2026-01-20', value: 2 },
      { date: '2026-03-02', value: 3 },
    ];
    const months = byMonth(points);
    expect(months.map((month) => [month.month, month.points.length, month.last.value])).toEqual([
      ['2026-01', 2, 2],
      ['2026-03', 1, 3],
    ]);
    expect(byMonth([])).toEqual([]);
  });

  it('names a month', () => {
    expect(monthText('2026-03')).toBe('Mar 2026');
    expect(monthText('2026-12')).toBe('Dec 2026');
  });
});
