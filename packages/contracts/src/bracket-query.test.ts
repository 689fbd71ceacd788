import { describe, expect, it } from 'vitest';
import { parseBracketFilters, toBracketQuery } from './bracket-query.js';

const spec = { scalars: ['userName', 'status'], lists: ['assignedRoles'] };

describe('bracket-style filter query (docs/requirements.md §7)', () => {
  it('writes scalars as filters[name] and lists as filters[name][]', () => {
    expect(toBracketQuery({ userName: ' jo ', status: 1, assignedRoles: ['cu', 'cl'], email: '' })).toEqual({
      'filters[userName]': 'jo',
      'filters[status]': '1',
      'filters[assignedRoles][]': ['cu', 'cl'],
    });
    expect(toBracketQuery({ assignedRoles: [], userName: undefined, email: null })).toEqual({});
  });

  it('reads what it writes', () => {
    const query = toBracketQuery({ userName: 'jo', status: 0, assignedRoles: ['cu', 'cl'] });
    expect(parseBracketFilters(query, spec)).toEqual({
      ok: true,
      values: { userName: 'jo', status: '0', assignedRoles: ['cu', 'cl'] },
    });
  });

  it('accepts a single list item, indexed items and comma-separated lists, without duplicates', () => {
    expect(parseBracketFilters({ 'filters[assignedRoles][]': 'cu' }, spec)).toEqual({
      ok: true,
      values: { assignedRoles: ['cu'] },
    });
    expect(
      parseBracketFilters({ 'filters[assignedRoles][0]': 'cu', 'filters[assignedRoles][1]': 'cl' }, spec),
    ).toEqual({ ok: true, values: { assignedRoles: ['cu', 'cl'] } });
    expect(parseBracketFilters({ 'filters[assignedRoles]': 'cu, cl,,cu' }, spec)).toEqual({
      ok: true,
      values: { assignedRoles: ['cu', 'cl'] },
    });
  });

  it('keeps commas inside bracketed list items', () => {
    expect(parseBracketFilters({ 'filters[assignedRoles][]': ['a,b'] }, spec)).toEqual({
      ok: true,
      values: { assignedRoles: ['a,b'] },
    });
  });

  it('drops blank values and ignores keys outside filters', () => {
    expect(
      parseBracketFilters({ 'filters[userName]': '  ', pageNumber: '2', trustCode: 'RAN' }, spec),
    ).toEqual({ ok: true, values: {} });
  });

  it.each([
    [{ 'filters[nope]': 'x' }, 'filters[nope]', 'Unknown filter'],
    [{ 'filters[userName]': ['a', 'b'] }, 'filters[userName]', 'Give one value for this filter'],
    [{ 'filters[userName][]': 'a' }, 'filters[userName]', 'Give one value for this filter'],
    [{ filters: 'x' }, 'filters', 'Write filters as filters[name]=value or filters[name][]=value'],
    [
      { 'filters[userName': 'x' },
      'filters[userName',
      'Write filters as filters[name]=value or filters[name][]=value',
    ],
    [
      { 'filters[a][b]': 'x' },
      'filters[a][b]',
      'Write filters as filters[name]=value or filters[name][]=value',
    ],
  ])('refuses %j', (query, key, message) => {
    expect(parseBracketFilters(query, spec)).toEqual({ ok: false, errors: { [key]: [message] } });
  });
});
