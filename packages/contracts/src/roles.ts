import { z } from 'zod';

/** Role codes as the API returns them (docs/requirements.md §3). */
export const roleCodes = ['sa', 'ta', 'cu', 'cl', 'tca', 'wa', 'cso'] as const;
export type RoleCode = (typeof roleCodes)[number];
export const roleCodeSchema = z.enum(roleCodes);

export const roleNames: Record<RoleCode, string> = {
  sa: 'Super Admin',
  ta: 'Trust Admin',
  cu: 'Clerical User',
  cl: 'Clinician',
  tca: 'Technical Admin',
  wa: 'Waiting List Admin',
  cso: 'Clinical Safety Officer',
};

/** Role codes used by the web app's guards (docs/requirements.md §3); the mapping lives only here (docs/identity.md). */
export const guardRoles = [
  'SuperAdmin',
  'TrustAdmin',
  'ClericalUser',
  'Clinician',
  'TechnicalAdmin',
  'WaitingListAdmin',
  'ClinicalSafetyOfficer',
] as const;
export type GuardRole = (typeof guardRoles)[number];

export const guardRoleByCode: Record<RoleCode, GuardRole> = {
  sa: 'SuperAdmin',
  ta: 'TrustAdmin',
  cu: 'ClericalUser',
  cl: 'Clinician',
  tca: 'TechnicalAdmin',
  wa: 'WaitingListAdmin',
  cso: 'ClinicalSafetyOfficer',
};

/**
 * The header the web app names the role the user is acting in with, as a role code (cu, cl, …):
 * a user holding several switches between them (docs/decisions/0056-changes-by-clerical-staff-reviewed.md).
 */
export const actingRoleHeader = 'x-acting-role';

/** The role code of a guard role. */
export const roleCodeOfGuardRole = (role: GuardRole): RoleCode =>
  (Object.keys(guardRoleByCode) as RoleCode[]).find((code) => guardRoleByCode[code] === role)!;

export const roleSchema = z.object({
  code: roleCodeSchema.describe('The role’s code: sa, ta, cu, cl, tca, wa or cso'),
  name: z.string().describe('The role’s name, e.g. Clerical User'),
});
export type Role = z.infer<typeof roleSchema>;
