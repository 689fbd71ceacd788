import { useSyncExternalStore } from 'react';
import type { PatientSearchQuery } from '@esr/contracts/patients';
import type { LookupForm } from './lookup-form';

/**
 * The last patient search of this tab, so that coming back from a risk summary shows its results
 * again (docs/requirements.md §3 patientDetail "searched list"). It is held in memory only: patient identifiers
 * never go into an address, where they would be kept in the history, logs and shared links.
 */
export interface LastSearch {
  trust: string;
  form: LookupForm;
  /** The search the results are for; null while the form is shown without results. */
  query: PatientSearchQuery | null;
}

let last: LastSearch | null = null;
const listeners = new Set<() => void>();

export function setLastSearch(search: LastSearch | null): void {
  last = search;
  listeners.forEach((listener) => listener());
}

/** The last search of the signed-in user's trust (another trust's is never shown). */
export function readLastSearch(trust: string): LastSearch | null {
  return last && last.trust === trust ? last : null;
}

export function useLastSearch(trust: string): LastSearch | null {
  const search = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => last,
  );
  return search && search.trust === trust ? search : null;
}
