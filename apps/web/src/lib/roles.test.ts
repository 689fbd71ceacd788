import { describe, expect, it } from 'vitest';
import type { GuardRole } from '@esr/contracts/roles';
import {
  defaultRoleFor,
  guardRolesOf,
  isAdmitted,
  isKnownRole,
  landingPathFor,
  roleOnAdmission,
  rootRedirectFor,
} from './roles';

/** Every guard role, in the order of docs/requirements.md §3. */
const allRoles: GuardRole[] = [
  'SuperAdmin',
  'TrustAdmin',
  'ClericalUser',
  'Clinician',
  'TechnicalAdmin',
  'WaitingListAdmin',
  'ClinicalSafetyOfficer',
];

describe('landing by role (docs/requirements.md §2)', () => {
  it.each([
    ['ClericalUser', '/dashboard'],
    ['Clinician', '/patient-lookup'],
    ['SuperAdmin', '/admin-dashboard'],
    ['TrustAdmin', '/trust-admin-dashboard'],
    ['TechnicalAdmin', '/upload-model'],
    ['WaitingListAdmin', '/prioritisation'],
    ['ClinicalSafetyOfficer', '/model-performance'],
  ] as const)('%s lands on %s', (role, path) => {
    expect(landingPathFor(role)).toBe(path);
  });
  it('no role lands on /', () => expect(landingPathFor(null)).toBe('/'));
});

describe('root redirect priority (docs/requirements.md §2)', () => {
  it('prefers super admin, then trust admin, then clerical user, then clinician, then waiting list admin', () => {
    expect(rootRedirectFor(['Clinician', 'ClericalUser', 'TrustAdmin', 'SuperAdmin'])).toBe(
      '/admin-dashboard',
    );
    expect(rootRedirectFor(['Clinician', 'ClericalUser', 'TrustAdmin'])).toBe('/trust-admin-dashboard');
    expect(rootRedirectFor(['Clinician', 'ClericalUser'])).toBe('/dashboard');
    expect(rootRedirectFor(['Clinician'])).toBe('/patient-lookup');
    expect(rootRedirectFor(['WaitingListAdmin', 'Clinician'])).toBe('/patient-lookup');
    expect(rootRedirectFor(['WaitingListAdmin'])).toBe('/prioritisation');
  });
  it('sends anyone else to /unauthorized', () => {
    expect(rootRedirectFor([])).toBe('/unauthorized');
    expect(rootRedirectFor(['TechnicalAdmin'])).toBe('/unauthorized');
  });
});

describe('default role choice (docs/requirements.md §2)', () => {
  it('prefers super admin over trust admin', () =>
    expect(defaultRoleFor(['TrustAdmin', 'SuperAdmin'])).toBe('SuperAdmin'));
  it('prefers clerical user over clinician', () =>
    expect(defaultRoleFor(['Clinician', 'ClericalUser'])).toBe('ClericalUser'));
  it('takes the only role', () => expect(defaultRoleFor(['TechnicalAdmin'])).toBe('TechnicalAdmin'));
  it('otherwise takes the roles in the order of docs/requirements.md §3', () =>
    allRoles.forEach((role, index) => expect(defaultRoleFor(allRoles.slice(index).reverse())).toBe(role)));
  it('is null without roles', () => expect(defaultRoleFor([])).toBeNull());
});

describe('guards (docs/requirements.md §2)', () => {
  it('admits a user holding any allowed role', () => {
    expect(isAdmitted(['Clinician', 'ClericalUser'], ['ClericalUser'])).toBe(true);
    expect(isAdmitted(['Clinician'], ['ClericalUser'])).toBe(false);
    expect(isAdmitted([], ['ClericalUser'])).toBe(false);
  });
  it('records the current role on admission, keeping it when it is allowed', () => {
    expect(roleOnAdmission('Clinician', ['Clinician', 'ClericalUser'], ['ClericalUser', 'Clinician'])).toBe(
      'Clinician',
    );
    expect(roleOnAdmission('Clinician', ['Clinician', 'ClericalUser'], ['ClericalUser'])).toBe(
      'ClericalUser',
    );
    expect(roleOnAdmission(null, ['SuperAdmin', 'TrustAdmin'], ['SuperAdmin', 'TrustAdmin'])).toBe(
      'SuperAdmin',
    );
  });
  it('maps API role codes to guard codes', () => {
    expect(guardRolesOf(['sa', 'ta', 'cu', 'cl', 'tca', 'wa', 'cso'])).toEqual(allRoles);
  });
  it('knows the role values', () => {
    expect(isKnownRole('Clinician')).toBe(true);
    expect(isKnownRole('cl')).toBe(false);
    expect(isKnownRole(null)).toBe(false);
  });
});
