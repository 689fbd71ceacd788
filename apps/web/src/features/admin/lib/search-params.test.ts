import { describe, expect, it } from 'vitest';
import { readFilters, readPage, writeFilters } from './search-params';

describe('list filters in the address', () => {
  it('write and read back, leaving out blanks', () => {
    const params = writeFilters({ userName: ' jo ', email: '', roles: ['cu', 'cl'] }, 2);
    expect(params.toString()).toBe('userName=jo&roles=cu&roles=cl&page=2');
    expect(readFilters(params, ['userName', 'email'])).toEqual({ userName: 'jo' });
    expect(params.getAll('roles')).toEqual(['cu', 'cl']);
    expect(readPage(params)).toBe(2);
  });
  it('a missing or odd page is page 1', () => {
    expect(readPage(new URLSearchParams(''))).toBe(1);
    expect(readPage(new URLSearchParams('page=-3'))).toBe(1);
    expect(readPage(new URLSearchParams('page=x'))).toBe(1);
  });
});
