import type { EndpointPermission } from '@esr/contracts/endpoints';
import type { RoleCode } from '@esr/contracts/roles';
import { forbidden } from '../../platform/errors.js';
import type { Principal } from './identity.js';

/**
 * Who may do what (docs/requirements.md §6). Checked in services, never only in routes or the UI (docs/architecture.md, Conventions).
 * `anyTrust` roles may act on any trust; everyone else only on their own.
 */
export const permissions = {
  'library:read': { roles: ['sa', 'ta', 'cu', 'cl', 'tca', 'wa', 'cso'] },
  // Decision 0060: a technical admin proposes a version (an upload, a rollback, a recalibration); a
  // clinical safety officer, never the proposer, approves it, and may suspend the predictions.
  'models:upload': { roles: ['tca'] },
  'models:read': { roles: ['tca', 'cso'] },
  'models:approve': { roles: ['cso'] },
  'predictions:suspend': { roles: ['cso'] },
  'trusts:read': { roles: ['sa'], anyTrust: ['sa'] },
  'trusts:write': { roles: ['sa'], anyTrust: ['sa'] },
  'trusts:select': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  'users:read': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  'users:write': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  // Giving, removing or touching the Super Admin role (docs/requirements.md §6: trust admins never see it).
  'users:super-admins': { roles: ['sa'], anyTrust: ['sa'] },
  'dashboard:super-admin': { roles: ['sa'], anyTrust: ['sa'] },
  'dashboard:trust-admin': { roles: ['ta'] },
  'changelog:read': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  // Decision 0042: who has seen a patient's record, for the trust's admins and super admins.
  'access-log:read': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  // Decision 0048: the trust's integration clients, registered and disabled by its admins.
  'integration-clients:read': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  'integration-clients:write': { roles: ['sa', 'ta'], anyTrust: ['sa'] },
  // docs/requirements.md §6: the clerical user uploads patient lists and works the open pathways of their own trust.
  'waiting-list:import': { roles: ['cu'] },
  'waiting-list:read': { roles: ['cu'] },
  // docs/requirements.md §6: clerical users and clinicians look patients up, read, edit and remodel them.
  'patients:read': { roles: ['cu', 'cl'] },
  'patients:write': { roles: ['cu', 'cl'] },
  // Decision 0056: a clinician, acting as one (actsAsClinician), marks clerical staff's changes reviewed.
  'patients:review-changes': { roles: ['cl'] },
  'patients:identity-correction': { roles: ['cl'] },
  // Decision 0044: the worklist is read by clerical users, clinicians and waiting list admins;
  // administrative validations are clerical; priority, harm and risk are clinical decisions.
  'prioritisation:read': { roles: ['cu', 'cl', 'wa'] },
  'prioritisation:validate': { roles: ['cu', 'wa'] },
  'prioritisation:clinical': { roles: ['cl'] },
  'prioritisation:settings': { roles: ['ta'] },
  'outcomes:import': { roles: ['cu'] },
  'outcomes:read': { roles: ['cu', 'cl'] },
  'outcomes:record': { roles: ['cl'] },
  'model-performance:read': { roles: ['tca', 'cl', 'ta', 'cso'] },
  // Decision 0061: the CUSUMs' target and the acknowledgement of their signals are the safety officer's.
  'model-performance:settings': { roles: ['cso'] },
  'model-performance:signals': { roles: ['cso'] },
  'model-performance:national': { roles: ['sa'], anyTrust: ['sa'] },
  // Decision 0057: the oldest blood result the model may use is the trust admin's to set.
  'scoring:settings': { roles: ['ta'] },
  // Decision 0068: everyone who reads a trust's lists is told how old they are; its admins set how
  // often a list is expected and how long the results feed may be silent.
  'data-freshness:read': { roles: ['cu', 'cl', 'wa', 'ta'] },
  'data-freshness:settings': { roles: ['ta'] },
  // Decision 0071: optimisation is read by everyone who works the list; clinicians record every
  // step, waiting list admins the administrative ones (referred, in progress, declined).
  'optimisation:read': { roles: ['cu', 'cl', 'wa'] },
  'optimisation:clinical': { roles: ['cl'] },
  'optimisation:administrative': { roles: ['wa'] },
  'optimisation:settings': { roles: ['ta'] },
  // Decision 0047: systems of the trust, never people; each client holds both, for its own trust only.
  'integration:results': { roles: [], integration: true },
  'integration:risk': { roles: [], integration: true },
} as const satisfies Record<
  EndpointPermission,
  { roles: readonly RoleCode[]; anyTrust?: readonly RoleCode[]; integration?: true }
>;

/** The permission names are the endpoint table's: each is given its roles here, and none is missing. */
export type Permission = EndpointPermission;

export function hasAccess(principal: Principal, permission: Permission, trustCode?: string): boolean {
  const rule = permissions[permission] as {
    roles: readonly RoleCode[];
    anyTrust?: readonly RoleCode[];
    integration?: true;
  };
  // An integration client holds the integration permissions for its own trust, and nothing else.
  if (principal.integrationClientId !== undefined)
    return rule.integration === true && (trustCode === undefined || trustCode === principal.trustCode);
  const held = principal.roles.filter((role) => rule.roles.includes(role));
  if (held.length === 0) return false;
  if (trustCode === undefined || trustCode === principal.trustCode) return true;
  return held.some((role) => rule.anyTrust?.includes(role));
}

export function requireAccess(principal: Principal, permission: Permission, trustCode?: string): void {
  if (!hasAccess(principal, permission, trustCode)) throw forbidden();
}
