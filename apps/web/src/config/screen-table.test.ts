import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { guardedRoutes } from './screen-table';
import { isAdmitted } from '../lib/roles';

const routeFor = (pathname: string) =>
  guardedRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));

describe('screen table guards (docs/requirements.md §2)', () => {
  it.each([
    ['/upload-model', 'TechnicalAdmin', true],
    ['/upload-model', 'SuperAdmin', false],
    ['/admin-dashboard', 'SuperAdmin', true],
    ['/admin-dashboard', 'TrustAdmin', false],
    ['/manage-active-trusts/RAN/users/abc/edit-user-details', 'SuperAdmin', true],
    ['/manage-active-trusts/RAN', 'TrustAdmin', false],
    ['/trust-admin-dashboard', 'TrustAdmin', true],
    ['/trust-admin-dashboard', 'SuperAdmin', false],
    ['/change-log', 'TrustAdmin', true],
    ['/change-log', 'SuperAdmin', true],
    ['/change-log', 'ClericalUser', false],
    ['/manage-active-users/add-new-user', 'TrustAdmin', true],
    ['/dashboard', 'ClericalUser', true],
    ['/dashboard', 'Clinician', false],
    ['/data-upload-history/archived', 'ClericalUser', true],
    ['/data-upload-history/error', 'ClericalUser', true],
    ['/manage-open-pathways', 'ClericalUser', true],
    ['/manage-open-pathways/knee/total', 'ClericalUser', true],
    ['/manage-open-pathways/knee/total/generate-report', 'Clinician', false],
    ['/manage-open-pathways/hip/processed', 'TrustAdmin', false],
    ['/manage-open-pathways/knee-hip/failed-records', 'ClericalUser', true],
    ['/upload-patient-list', 'ClericalUser', true],
    ['/upload-patient-list/knee', 'ClericalUser', true],
    ['/upload-patient-list/knee/upload', 'Clinician', false],
    ['/upload-patient-list/knee-hip/upload/complete', 'ClericalUser', true],
    ['/data-upload-history', 'ClericalUser', true],
    ['/data-upload-history', 'TrustAdmin', false],
    ['/patient-lookup/12/remodel-details', 'Clinician', true],
    ['/patient-lookup/12/history/3', 'ClericalUser', true],
    ['/patient-lookup', 'TechnicalAdmin', false],
    ['/patient-lookup', 'WaitingListAdmin', false],
  ] as const)('%s with %s: admitted %s', (pathname, role, expected) => {
    const route = routeFor(pathname);
    expect(route, pathname).toBeDefined();
    expect(isAdmitted([role], route!.allowed)).toBe(expected);
  });
});

describe('screen table (docs/requirements.md §2)', () => {
  it('declares each route pattern once', () => {
    const patterns = guardedRoutes.map((route) => route.path);
    expect(new Set(patterns).size).toBe(patterns.length);
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
});
