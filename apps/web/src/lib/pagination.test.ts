import { describe, expect, it } from 'vitest';
import { paginationRange, totalPagesOf } from './pagination';

describe('pagination range (docs/requirements.md §9: 1 sibling and dots)', () => {
  it('shows every page when few', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(2, 3)).toEqual([1, 2, 3]);
    expect(paginationRange(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('puts dots on both sides in the middle', () => {
    expect(paginationRange(10, 20)).toEqual([1, 'dots', 9, 10, 11, 'dots', 20]);
  });
  it('puts dots on one side at the ends', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 'dots', 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'dots', 19, 20]);
  });
  it('shows a single missing page instead of dots', () => {
    expect(paginationRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'dots', 20]);
    expect(paginationRange(17, 20)).toEqual([1, 'dots', 16, 17, 18, 19, 20]);
  });
  it('clamps the current page and handles no pages', () => {
    expect(paginationRange(99, 3)).toEqual([1, 2, 3]);
    expect(paginationRange(1, 0)).toEqual([]);
  });
  it('counts pages', () => {
    expect(totalPagesOf(0, 15)).toBe(1);
    expect(totalPagesOf(15, 15)).toBe(1);
    expect(totalPagesOf(16, 15)).toBe(2);
  });
});
