import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { readPage, writeFilters } from './search-params';

/** Filters as the address spells them: one value a key, or several for a repeated key. */
type AddressFilters = Record<string, string | readonly string[] | undefined>;

/**
 * The filters of an admin list, kept in the address (see search-params.ts): those applied, which
 * the list and its pages show, and the draft that the filter form edits until Search applies it.
 * Clear empties both and goes back to the first page.
 */
export function useAddressFilters<Filters extends { [Key in keyof Filters]: AddressFilters[string] }>(
  read: (params: URLSearchParams) => Filters,
  /** The filters under the address's keys, where those differ from the list's. */
  toAddress: (filters: Filters) => AddressFilters = (filters) => ({ ...filters }),
) {
  const [params, setParams] = useSearchParams();
  const applied = read(params);
  const [draft, setDraft] = useState<Filters>(applied);
  return {
    applied,
    pageNumber: readPage(params),
    draft,
    setDraft,
    /** What changes one filter of the draft. */
    edit:
      <Key extends keyof Filters>(key: Key) =>
      (value: Filters[Key]) =>
        setDraft({ ...draft, [key]: value }),
    /** Applies the draft, or filters made from it, from the first page. */
    search: (filters: Filters = draft) => setParams(writeFilters(toAddress(filters))),
    clear: () => {
      setDraft(read(new URLSearchParams()));
      setParams(new URLSearchParams());
    },
    goToPage: (page: number) => setParams(writeFilters(toAddress(applied), page)),
  };
}
