/**
 * The patient whose name replaces their id in the breadcrumb (docs/requirements.md §2). The patient screens set it
 * when they load the patient; the layout reads it. It lives in lib/ so that a feature can set it
 * without importing the app (shared code flows components/lib → features → app).
 */
import { useSyncExternalStore } from 'react';

export interface BreadcrumbPatient {
  id: string;
  firstName: string;
  lastName: string;
  /** The past evaluation on screen, named in place of its id. */
  evaluation?: { id: string; label: string };
}

let current: BreadcrumbPatient | null = null;
const listeners = new Set<() => void>();

export function setBreadcrumbPatient(patient: BreadcrumbPatient | null) {
  current = patient;
  listeners.forEach((listener) => listener());
}

export function usePatientForBreadcrumb(): BreadcrumbPatient | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
