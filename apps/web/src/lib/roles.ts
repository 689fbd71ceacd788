import { guardRoleByCode, guardRoles, type GuardRole, type RoleCode } from '@esr/contracts/roles';
import { paths } from '../config/paths';

/** docs/requirements.md §2 "Landing by role"; the waiting list admin's is the prioritisation (decision 0044). */
export function landingPathFor(role: GuardRole | null | undefined): string {
  switch (role) {
    case 'ClericalUser':
      return paths.dashboard();
    case 'Clinician':
      return paths.patientLookup();
    case 'SuperAdmin':
      return paths.adminDashboard();
    case 'TrustAdmin':
      return paths.trustAdminDashboard();
    case 'TechnicalAdmin':
      return paths.uploadModel();
    case 'WaitingListAdmin':
      return paths.prioritisation();
    // Decision 0060: the safety officer watches the model's monitoring and approves its versions.
    case 'ClinicalSafetyOfficer':
      return paths.modelPerformance();
    default:
      return paths.home();
  }
}

/**
 * Where a signed-in user starts: the landing page of their current role, or of the role they would
 * get by default (docs/requirements.md §2 "Landing by role"). The links back from Access denied
 * and Page not found go there.
 */
export function startPathFor(current: GuardRole | null | undefined, held: readonly GuardRole[]): string {
  return landingPathFor(current ?? defaultRoleFor(held));
}

/**
 * docs/requirements.md §2: signed in and visiting the root, redirect by priority; a waiting list
 * admin with none of the other roles to the prioritisation (decision 0044).
 */
export function rootRedirectFor(roles: readonly GuardRole[]): string {
  if (roles.includes('SuperAdmin')) return paths.adminDashboard();
  if (roles.includes('TrustAdmin')) return paths.trustAdminDashboard();
  if (roles.includes('ClericalUser')) return paths.dashboard();
  if (roles.includes('Clinician')) return paths.patientLookup();
  if (roles.includes('WaitingListAdmin')) return paths.prioritisation();
  return paths.unauthorized();
}

/**
 * docs/requirements.md §2: the default role prefers super admin over trust admin, and clerical user over
 * clinician; the remaining roles follow in the order of docs/requirements.md §3. guardRoles lists them in
 * that order, which roles.test.ts pins.
 */
export function defaultRoleFor(roles: readonly GuardRole[]): GuardRole | null {
  return guardRoles.find((role) => roles.includes(role)) ?? null;
}

export function isKnownRole(value: unknown): value is GuardRole {
  return typeof value === 'string' && (guardRoles as readonly string[]).includes(value);
}

export function guardRolesOf(codes: readonly RoleCode[]): GuardRole[] {
  return codes.map((code) => guardRoleByCode[code]);
}

/** docs/requirements.md §2 guards: admitted when any held role is allowed. */
export function isAdmitted(held: readonly GuardRole[], allowed: readonly GuardRole[]): boolean {
  return held.some((role) => allowed.includes(role));
}

/** docs/requirements.md §2: when admitted, the chosen role is recorded as the current role. */
export function roleOnAdmission(
  current: GuardRole | null,
  held: readonly GuardRole[],
  allowed: readonly GuardRole[],
): GuardRole | null {
  if (current && allowed.includes(current) && held.includes(current)) return current;
  return defaultRoleFor(held.filter((role) => allowed.includes(role)));
}
