import { describe, expect, it } from 'vitest';
import { figureText, groupText, priorityText, readGrouping, sizeText } from './equity-display';

describe('the equity tables (decision 0044)', () => {
  it('read the grouping from the address, sex by default', () => {
    expect(readGrouping(new URLSearchParams('by=ethnicGroup'))).toBe('ethnicGroup');
    expect(readGrouping(new URLSearchParams('by=ageBand'))).toBe('ageBand');
    expect(readGrouping(new URLSearchParams('by=postcode'))).toBe('sex');
    expect(readGrouping(new URLSearchParams(''))).toBe('sex');
  });

  it('name the sexes, and the other groups as the API names them', () => {
    expect(groupText('sex', 'M')).toBe('Male');
    expect(groupText('sex', 'F')).toBe('Female');
    expect(groupText('sex', 'unknown')).toBe('Not stated');
    expect(groupText('ageBand', '80 and over')).toBe('80 and over');
  });

  it('name each priority, and pathways without one', () => {
    expect(priorityText('P2')).toBe('P2: within 4 weeks');
    expect(priorityText('none')).toBe('No priority recorded');
    expect(priorityText('P9')).toBe('P9');
  });

  it('hide the size and figures of a hidden group', () => {
    expect(sizeText('hidden')).toBe('Hidden');
    expect(sizeText(1234)).toBe('1,234');
    expect(figureText(null)).toBeNull();
    expect(figureText(0)).toBe('0');
    expect(figureText(120.25, 1)).toBe('120.3');
    expect(figureText(98, 1)).toBe('98');
  });
});
