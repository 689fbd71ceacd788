import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { guardedRoutes, mayOpen } from './screen-table';
import { isAdmitted } from '../lib/roles';

const routeFor = (pathname: string) =>
  guardedRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));

describe('screen table guards (docs/requirements.md §2)', () => {
  it.each([
    ['/upload-model', 'TechnicalAdmin', true],
    ['/upload-model', 'SuperAdmin', false],
    ['/upload-model', 'ClinicalSafetyOfficer', true],
    ['/upload-model/knee/versions/abc/card', 'ClinicalSafetyOfficer', true],
    ['/upload-model/knee/versions/abc/recalibrate', 'ClinicalSafetyOfficer', false],
    ['/patient-lookup', 'ClinicalSafetyOfficer', false],
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
    ['/patient-lookup/12/change-priority', 'Clinician', true],
    ['/patient-lookup/12/change-priority', 'ClericalUser', false],
    ['/patient-lookup/12/record-harm-review', 'Clinician', true],
    ['/patient-lookup/12/record-harm-review', 'WaitingListAdmin', false],
    ['/patient-lookup/12/adjust-risk', 'Clinician', true],
    ['/patient-lookup/12/adjust-risk', 'ClericalUser', false],
    ['/patient-lookup/12/record-validation', 'ClericalUser', true],
    ['/patient-lookup/12/record-validation', 'WaitingListAdmin', true],
    ['/patient-lookup/12/record-validation', 'Clinician', false],
    ['/patient-lookup/12', 'WaitingListAdmin', false],
    ['/patient-lookup/12/optimisation', 'WaitingListAdmin', true],
    ['/patient-lookup/12/optimisation', 'ClericalUser', true],
    ['/patient-lookup/12/optimisation', 'Clinician', true],
    ['/patient-lookup/12/optimisation', 'TrustAdmin', false],
    ['/patient-lookup/12/optimisation/anaemia/refer', 'Clinician', true],
    ['/patient-lookup/12/optimisation/anaemia/refer', 'WaitingListAdmin', true],
    ['/patient-lookup/12/optimisation/anaemia/refer', 'ClericalUser', false],
    ['/patient-lookup/12/optimisation/smoking/record-progress', 'WaitingListAdmin', true],
    ['/patient-lookup/12/optimisation/smoking/record-progress', 'ClericalUser', false],
    ['/patient-lookup/12/optimisation/weight/record-as-declined', 'WaitingListAdmin', true],
    ['/patient-lookup/12/optimisation/weight/record-as-declined', 'ClericalUser', false],
    ['/patient-lookup/12/optimisation/anaemia/record-as-met', 'Clinician', true],
    ['/patient-lookup/12/optimisation/anaemia/record-as-met', 'WaitingListAdmin', false],
    ['/patient-lookup/12/optimisation/anaemia/record-as-met', 'ClericalUser', false],
    ['/patient-lookup/12/optimisation/kidney/record-as-not-possible', 'Clinician', true],
    ['/patient-lookup/12/optimisation/kidney/record-as-not-possible', 'WaitingListAdmin', false],
    ['/prioritisation', 'WaitingListAdmin', true],
    ['/prioritisation', 'Clinician', true],
    ['/prioritisation', 'TrustAdmin', false],
    ['/prioritisation/knee', 'ClericalUser', true],
    ['/prioritisation/knee', 'SuperAdmin', false],
    ['/prioritisation/knee-hip/equity', 'WaitingListAdmin', true],
    ['/prioritisation/hip/equity', 'TechnicalAdmin', false],
    ['/prioritisation-settings', 'TrustAdmin', true],
    ['/prioritisation-settings', 'WaitingListAdmin', false],
    ['/prioritisation-settings', 'ClericalUser', false],
    ['/model-performance', 'TechnicalAdmin', true],
    ['/model-performance', 'Clinician', true],
    ['/model-performance', 'TrustAdmin', true],
    ['/model-performance', 'SuperAdmin', true],
    ['/model-performance', 'ClericalUser', false],
    ['/model-performance', 'WaitingListAdmin', false],
    ['/model-performance', 'ClinicalSafetyOfficer', true],
    ['/model-performance/settings', 'ClinicalSafetyOfficer', true],
    ['/model-performance/settings', 'TrustAdmin', false],
    ['/model-performance/settings', 'TechnicalAdmin', false],
    ['/model-performance/settings', 'Clinician', false],
    ['/model-performance/settings', 'SuperAdmin', false],
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
    expect(areaOf('/prioritisation/:type')).toBe('prioritisation');
    expect(areaOf('/prioritisation-settings')).toBe('prioritisation');
    expect(areaOf('/model-performance')).toBe('model-performance');
    expect(areaOf('/model-performance/settings')).toBe('model-performance');
    for (const route of guardedRoutes) {
      if (route.area === 'clerical') expect(route.allowed, route.path).toEqual(['ClericalUser']);
      // Decision 0044: the clinical decisions are clinicians' alone; a waiting list admin may open
      // Record validation, so that role loads the patient chunk too, for that screen only.
      if (route.area === 'patient')
        for (const role of route.allowed)
          expect(['ClericalUser', 'Clinician', 'WaitingListAdmin'], route.path).toContain(role);
    }
  });
});

describe('mayOpen', () => {
  it('follows each screen’s roles, and leaves other addresses to their pages', () => {
    expect(mayOpen('/patient-lookup/p1/record-validation', ['WaitingListAdmin'])).toBe(true);
    expect(mayOpen('/patient-lookup/p1', ['WaitingListAdmin'])).toBe(false);
    expect(mayOpen('/patient-lookup', ['WaitingListAdmin'])).toBe(false);
    expect(mayOpen('/patient-lookup/p1', ['ClericalUser', 'WaitingListAdmin'])).toBe(true);
    expect(mayOpen('/prioritisation/knee', ['WaitingListAdmin'])).toBe(true);
    expect(mayOpen('/privacy', [])).toBe(true);
  });
});
