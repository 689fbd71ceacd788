import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tab-navigation';

describe('vertical tabs with the keyboard', () => {
  it('moves with the arrows, wrapping round, and to either end with Home and End', () => {
    expect(tabIndexAfterKey('ArrowDown', 0, 9)).toBe(1);
    expect(tabIndexAfterKey('ArrowDown', 8, 9)).toBe(0);
    expect(tabIndexAfterKey('ArrowUp', 0, 9)).toBe(8);
    expect(tabIndexAfterKey('ArrowUp', 4, 9)).toBe(3);
    expect(tabIndexAfterKey('ArrowRight', 2, 9)).toBe(3);
    expect(tabIndexAfterKey('ArrowLeft', 2, 9)).toBe(1);
    expect(tabIndexAfterKey('Home', 5, 9)).toBe(0);
    expect(tabIndexAfterKey('End', 5, 9)).toBe(8);
  });

  it('leaves every other key alone', () => {
    expect(tabIndexAfterKey('Tab', 0, 9)).toBeNull();
    expect(tabIndexAfterKey('Enter', 0, 9)).toBeNull();
  });
});
