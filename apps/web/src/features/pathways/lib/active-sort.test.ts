import { describe, expect, it } from 'vitest';
import { readActiveFilters, readActivePage, writeActiveFilters } from './active-filters';
import {
  ariaSortOf,
  describeSort,
  nextSort,
  readActiveSort,
  sortChoices,
  sortFromChoice,
} from './active-sort';

describe('the total records order in the address (docs/decisions/0038-the-risk-leads-the-lists.md)', () => {
  it('is the longest wait first when the address names none, or names one the API would refuse', () => {
    for (const query of ['', 'sort=probability', 'sort=RISK&direction=asc', 'direction=asc'])
      expect(readActiveSort(new URLSearchParams(query)), query).toEqual({ sort: 'wait', direction: 'desc' });
  });

  it("takes a key's own direction when the address gives none or a wrong one", () => {
    expect(readActiveSort(new URLSearchParams('sort=risk'))).toEqual({ sort: 'risk', direction: 'desc' });
    expect(readActiveSort(new URLSearchParams('sort=surname&direction=up'))).toEqual({
      sort: 'surname',
      direction: 'asc',
    });
    expect(readActiveSort(new URLSearchParams('sort=tciDate&direction=desc'))).toEqual({
      sort: 'tciDate',
      direction: 'desc',
    });
  });

  it('is written after the filters and before the page, leaving out what goes without saying', () => {
    const filters = { prediction: 'high' } as const;
    expect(writeActiveFilters(filters, 2, { sort: 'risk', direction: 'desc' }).toString()).toBe(
      'prediction=high&sort=risk&page=2',
    );
    expect(writeActiveFilters(filters, 1, { sort: 'risk', direction: 'asc' }).toString()).toBe(
      'prediction=high&sort=risk&direction=asc',
    );
    expect(writeActiveFilters(filters, 1, { sort: 'wait', direction: 'desc' }).toString()).toBe(
      'prediction=high',
    );
    expect(writeActiveFilters(filters, 1, { sort: 'wait', direction: 'asc' }).toString()).toBe(
      'prediction=high&sort=wait&direction=asc',
    );
    // A report is of the filters alone.
    expect(writeActiveFilters(filters).toString()).toBe('prediction=high');
  });

  it('reads back what was written, with the filters and the page', () => {
    const order = { sort: 'surname', direction: 'desc' } as const;
    const params = writeActiveFilters({ surgeonName: 'Okonkwo' }, 3, order);
    expect(readActiveSort(params)).toEqual(order);
    expect(readActiveFilters(params)).toEqual({ surgeonName: 'Okonkwo' });
    expect(readActivePage(params)).toBe(3);
  });
});

describe("a column header's sort button", () => {
  it('turns the order of its own column round', () => {
    expect(nextSort({ sort: 'risk', direction: 'desc' }, 'risk')).toEqual({ sort: 'risk', direction: 'asc' });
    expect(nextSort({ sort: 'risk', direction: 'asc' }, 'risk')).toEqual({ sort: 'risk', direction: 'desc' });
  });

  it('starts another column in its own direction: highest risk, longest wait, earliest date, A to Z', () => {
    const current = { sort: 'wait', direction: 'asc' } as const;
    expect(nextSort(current, 'risk')).toEqual({ sort: 'risk', direction: 'desc' });
    expect(nextSort({ sort: 'risk', direction: 'desc' }, 'wait')).toEqual({
      sort: 'wait',
      direction: 'desc',
    });
    expect(nextSort(current, 'tciDate')).toEqual({ sort: 'tciDate', direction: 'asc' });
    expect(nextSort(current, 'surname')).toEqual({ sort: 'surname', direction: 'asc' });
  });

  it('says the order as aria-sort does, of the values the column shows', () => {
    expect(ariaSortOf('desc')).toBe('descending');
    expect(ariaSortOf('asc')).toBe('ascending');
  });
});

describe('the order in words', () => {
  it('names each order plainly', () => {
    expect(describeSort({ sort: 'risk', direction: 'desc' })).toBe('highest risk first');
    expect(describeSort({ sort: 'wait', direction: 'desc' })).toBe('longest wait first');
    expect(describeSort({ sort: 'tciDate', direction: 'asc' })).toBe('earliest TCI date first');
    expect(describeSort({ sort: 'surname', direction: 'desc' })).toBe('surname Z to A');
  });

  it("offers every order on a narrow screen, each key's own direction first", () => {
    expect(sortChoices.map((choice) => choice.label)).toEqual([
      'Highest risk first',
      'Lowest risk first',
      'Longest wait first',
      'Shortest wait first',
      'Earliest TCI date first',
      'Latest TCI date first',
      'Surname A to Z',
      'Surname Z to A',
    ]);
    for (const choice of sortChoices) expect(sortFromChoice(choice.value), choice.value).toBeDefined();
    expect(sortFromChoice('risk:desc')).toEqual({ sort: 'risk', direction: 'desc' });
    expect(sortFromChoice('probability:desc')).toBeUndefined();
    expect(sortFromChoice('risk')).toBeUndefined();
  });
});
