import { describe, expect, it } from 'vitest';
import { guardedRoutes } from '../config/screen-table';
import { loadArea, screens } from './screens';

describe('screens by area (docs/requirements.md §2)', () => {
  it("finds every screen of the table in its area's chunk", async () => {
    for (const route of guardedRoutes) {
      const loaded = (await loadArea(route.area)) as unknown as Record<string, unknown>;
      expect(loaded[route.component], `${route.path}: ${route.area}.${route.component}`).toBeTypeOf(
        'function',
      );
    }
  });

  it('builds a lazy screen of its area for every screen of the table', () => {
    expect(Object.keys(screens).sort()).toEqual(guardedRoutes.map((route) => route.id).sort());
    for (const route of guardedRoutes) {
      expect(screens[route.id].area, route.path).toBe(route.area);
      expect(screens[route.id].screenName, route.path).toBe(route.component);
    }
  });
});
