import { describe, expect, it } from 'vitest';
import { guardedRoutes, type ScreenArea } from './route-table';
import { loadArea } from './screens';

const areas: ScreenArea[] = ['admin', 'technical-admin', 'clerical', 'patient'];

describe('screens by area (spec §2, §9)', () => {
  it.each(areas)("puts each of the %s area's screens on a route of that area", async (area) => {
    const { screens } = await loadArea(area);
    for (const path of Object.keys(screens)) {
      const route = guardedRoutes.find((candidate) => candidate.path === path);
      expect(route, path).toBeDefined();
      expect(route!.area, path).toBe(area);
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

  it('builds every open-pathways screen', async () => {
    const { screens } = await loadArea('clerical');
    for (const path of [
      '/manage-open-pathways',
      '/manage-open-pathways/:type',
      '/manage-open-pathways/:type/total',
      '/manage-open-pathways/:type/total/generate-report',
      '/manage-open-pathways/:type/processed',
      '/manage-open-pathways/:type/failed-records',
      '/data-upload-history/archived',
      '/data-upload-history/error',
    ])
      expect(screens[path], path).toBeTypeOf('function');
  });
});
