import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { guardedRoutes } from './route-table';
import { isAdmitted } from '../lib/roles';

const routeFor = (pathname: string) =>
  guardedRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));

describe('route table guards (spec §2)', () => {
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
