import { describe, expect, it } from 'vitest';
import { countText } from './record-count';

describe("the total records table's count (announced as it changes)", () => {
  it('says how many records the list or the filters hold, with thousands separators', () => {
    expect(countText(2400, false)).toBe('2,400 records on the waiting list');
    expect(countText(1, false)).toBe('1 record on the waiting list');
    expect(countText(19, true)).toBe('19 records match the filters');
    expect(countText(0, true)).toBe('0 records match the filters');
  });

  it('says the order too, so that a new order is heard (docs/decisions/0038-the-risk-leads-the-lists.md)', () => {
    expect(countText(2400, false, { sort: 'wait', direction: 'desc' })).toBe(
      '2,400 records on the waiting list, longest wait first',
    );
    expect(countText(19, true, { sort: 'risk', direction: 'desc' })).toBe(
      '19 records match the filters, highest risk first',
    );
    // One record, or none, has no order to speak of.
    expect(countText(1, true, { sort: 'risk', direction: 'desc' })).toBe('1 record matches the filters');
  });
});
