import type { ComponentType } from 'react';
import { loadOnce, loadWithin, type Loader } from '../lib/chunk-load';
import type { ScreenArea } from './route-table';

interface AreaModule {
  /** The area's screens by route pattern; a guarded route without one shows its placeholder. */
  screens: Record<string, ComponentType>;
}

/**
 * Each area's screens are a separate chunk (spec §9 chunk loading), imported the first time one of
 * them is shown: a clinician never downloads the admin screens, nor an admin the clerical ones.
 */
const importers: Record<ScreenArea, () => Promise<AreaModule>> = {
  admin: () => import('./areas/admin-screens'),
  'technical-admin': () => import('./areas/technical-admin-screens'),
  clerical: () => import('./areas/clerical-screens'),
  patient: () => import('./areas/patient-screens'),
};

const loaders = Object.fromEntries(
  Object.entries(importers).map(([area, load]) => [area, loadOnce(() => loadWithin(load))]),
) as Record<ScreenArea, Loader<AreaModule>>;

/** The area's screens: one promise while it loads, once loaded, or once failed. */
export const loadArea = (area: ScreenArea) => loaders[area]();

/** Try again: the areas that failed to load are loaded afresh when next shown. */
export const retryFailedAreas = () => Object.values(loaders).forEach((loader) => loader.retry());
