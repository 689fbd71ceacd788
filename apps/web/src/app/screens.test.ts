import { describe, expect, it } from 'vitest';
import { guardedRoutes } from './route-table';
import { loadArea, screens } from './screens';

describe('screens by area (spec §2, §9)', () => {
  it("puts each screen on a route of the screen's area, and finds it in that area's chunk", async () => {
    for (const [path, screen] of Object.entries(screens)) {
      const route = guardedRoutes.find((candidate) => candidate.path === path);
      expect(route, path).toBeDefined();
      expect(route!.area, path).toBe(screen.area);
      const loaded = (await loadArea(screen.area)) as unknown as Record<string, unknown>;
      expect(loaded[screen.screenName], path).toBeTypeOf('function');
    }
  });

  it('keeps each role to its own area', () => {
    const areaOf = (path: string) => guardedRoutes.find((route) => route.path === path)?.area;
    expect(areaOf('/manage-open-pathways/:type/total/generate-report')).toBe('clerical');
    expect(areaOf('/data-upload-history/error')).toBe('clerical');
    expect(areaOf('/change-log')).toBe('admin');
    expect(areaOf('/upload-model')).toBe('technical-admin');
    expect(areaOf('/patient-lookup/:waitinglistId')).toBe('patient');
    for (const route of guardedRoutes) {
      if (route.area === 'clerical') expect(route.allowed, route.path).toEqual(['ClericalUser']);
      if (route.area === 'patient') expect(route.allowed, route.path).toEqual(['ClericalUser', 'Clinician']);
    }
  });

  it('builds a screen for every guarded route of spec §2', () => {
    const waiting = guardedRoutes.filter((route) => !screens[route.path]).map((route) => route.path);
    expect(waiting).toEqual([]);
    expect(Object.keys(screens).sort()).toEqual(guardedRoutes.map((route) => route.path).sort());
  });
});
