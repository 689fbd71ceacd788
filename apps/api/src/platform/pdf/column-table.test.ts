import { describe, expect, it } from 'vitest';
import { columnWidths } from './column-table.js';

const sum = (widths: number[]) => widths.reduce((total, width) => total + width, 0);

describe('columnWidths', () => {
  it('shares the width by weight when every column is wide enough', () => {
    expect(columnWidths([1, 3], [10, 10], 400)).toEqual([100, 300]);
  });
  it('holds a column at its minimum and shares the rest by weight', () => {
    const widths = columnWidths([1, 1, 2], [60, 0, 0], 200);
    expect(widths[0]).toBe(60);
    expect(widths[1]).toBeCloseTo(140 / 3);
    expect(widths[2]).toBeCloseTo(280 / 3);
    expect(sum(widths)).toBeCloseTo(200);
  });
  it('holds a second column that falls below its minimum once the first is held', () => {
    const widths = columnWidths([1, 1, 8], [30, 18, 0], 100);
    expect(widths.slice(0, 2)).toEqual([30, 18]);
    expect(widths[2]).toBeCloseTo(52);
  });
  it('scales the minimums down alike when even they do not fit', () => {
    expect(columnWidths([1, 1], [100, 300], 200)).toEqual([50, 150]);
  });
});
