import { createElement, use, type ComponentType } from 'react';
import { loadOnce, loadWithin, type Loader } from '../lib/chunk-load';
import { guardedRoutes, type ScreenArea, type ScreenId, type screenTable } from '../config/screen-table';
import type * as AdminScreens from './areas/admin-screens';
import type * as ClericalScreens from './areas/clerical-screens';
import type * as ModelPerformanceScreens from './areas/model-performance-screens';
import type * as PatientScreens from './areas/patient-screens';
import type * as PrioritisationScreens from './areas/prioritisation-screens';
import type * as TechnicalAdminScreens from './areas/technical-admin-screens';

interface AreaModules {
  admin: typeof AdminScreens;
  'technical-admin': typeof TechnicalAdminScreens;
  clerical: typeof ClericalScreens;
  patient: typeof PatientScreens;
  prioritisation: typeof PrioritisationScreens;
  'model-performance': typeof ModelPerformanceScreens;
}

/**
 * Each area's screens are a separate chunk, imported the first time one of them is shown: a
 * clinician never downloads the admin screens, nor an admin the clerical ones.
 */
const importers: { [A in ScreenArea]: () => Promise<AreaModules[A]> } = {
  admin: () => import('./areas/admin-screens'),
  'technical-admin': () => import('./areas/technical-admin-screens'),
  clerical: () => import('./areas/clerical-screens'),
  patient: () => import('./areas/patient-screens'),
  prioritisation: () => import('./areas/prioritisation-screens'),
  'model-performance': () => import('./areas/model-performance-screens'),
};

// Each area's loader keeps its own module type; the entries are walked without it.
const loaders = Object.fromEntries(
  Object.entries(importers).map(([area, load]: [string, () => Promise<unknown>]) => [
    area,
    loadOnce(() => loadWithin(load)),
  ]),
) as unknown as { [A in ScreenArea]: Loader<AreaModules[A]> };

/** The area's chunk: one promise while it loads, once loaded, or once failed. */
export const loadArea = <A extends ScreenArea>(area: A): Promise<AreaModules[A]> => loaders[area]();

/** Try again: the areas that failed to load are loaded afresh when next shown. */
export const retryFailedAreas = () => Object.values(loaders).forEach((loader) => loader.retry());

/**
 * The ids of the table's screens whose component is not exported by their area's chunk as a
 * component taking no props; there must be none (checked below, at compile time).
 */
type Unresolved = {
  [Id in ScreenId]: (typeof screenTable)[Id] extends { area: infer A extends ScreenArea; component: infer C }
    ? C extends keyof AreaModules[A]
      ? AreaModules[A][C] extends ComponentType
        ? never
        : Id
      : Id
    : Id;
}[ScreenId];
// An error here names a screen with no such component in its area's chunk: export it there, or fix the table.
type _NoneOf<Ids extends never> = Ids;
type _EveryScreenResolves = _NoneOf<Unresolved>;

export type AreaScreen = ComponentType & { area: ScreenArea; screenName: string };

/** A screen of an area's chunk; it suspends while the chunk loads (the layout shows 'Loading data'). */
function areaScreen(area: ScreenArea, screenName: string): AreaScreen {
  function Screen() {
    const loaded = use(loadArea(area)) as unknown as Record<string, ComponentType>;
    return createElement(loaded[screenName]!);
  }
  Screen.displayName = screenName;
  return Object.assign(Screen, { area, screenName });
}

/** Every screen of the table (docs/requirements.md §2), by screen id, loaded with its area's chunk. */
export const screens = Object.fromEntries(
  guardedRoutes.map((route) => [route.id, areaScreen(route.area, route.component)]),
) as Record<ScreenId, AreaScreen>;
