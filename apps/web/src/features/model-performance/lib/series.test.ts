import { describe, expect, it } from 'vitest';
import { byMonth, monthText, niceTicks } from './series';

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

describe('round ticks for a value axis', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, covering the values', () => {
    expect(niceTicks(-0.8, 2.07)).toEqual([-1, 0, 1, 2, 3]);
    expect(niceTicks(-0.8, 1.2)).toEqual([-1, -0.5, 0, 0.5, 1, 1.5]);
    expect(niceTicks(0, 27)).toEqual([0, 10, 20, 30]);
    expect(niceTicks(0, 4.5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(0, 0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2]);
  });
});
