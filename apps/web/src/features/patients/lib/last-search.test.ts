import { afterEach, describe, expect, it } from 'vitest';
import { emptyLookupForm } from './lookup-form';
import { readLastSearch, setLastSearch } from './last-search';

describe('the last patient search', () => {
  afterEach(() => setLastSearch(null));

  it("is kept for the trust it was made in, and never shown in another trust's", () => {
    const form = { ...emptyLookupForm, nhsNumber: '9990845255' };
    setLastSearch({ trust: 'RAN', form, query: { nhsNumber: '9990845255' } });
    expect(readLastSearch('RAN')?.query).toEqual({ nhsNumber: '9990845255' });
    expect(readLastSearch('R0A')).toBeNull();
  });

  it('is forgotten on request', () => {
    setLastSearch({ trust: 'RAN', form: emptyLookupForm, query: null });
    setLastSearch(null);
    expect(readLastSearch('RAN')).toBeNull();
  });
});
