import type { RoleCode } from '@esr/contracts/roles';

/** The signed-in user a call acts for: who they are, their trust and the roles they hold. */
export interface Principal {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  trustCode: string;
  trustName: string;
  roles: RoleCode[];
  /**
   * Set when the caller is a system, an integration client of the trust (decision 0047), rather
   * than a person: it then holds no role, and `firstName` and `lastName` name the client.
   */
  integrationClientId?: string;
  /**
   * The role the user is acting in, of those they hold, as the web app names it in the
   * `X-Acting-Role` header (role switching, docs/requirements.md §2); absent when the call does not
   * say. Decision 0056: a change by someone acting as Clerical User waits for a clinician's review.
   */
  actingRole?: RoleCode;
}

export const principalName = (p: Pick<Principal, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

/** An integration client as the principal its calls act as (decision 0047): a system of one trust, holding no role. */
export const integrationPrincipal = (client: {
  id: string;
  name: string;
  trustCode: string;
  trustName: string;
}): Principal => ({
  userId: client.id,
  firstName: 'Integration client',
  lastName: client.name,
  email: '',
  trustCode: client.trustCode,
  trustName: client.trustName,
  roles: [],
  integrationClientId: client.id,
});

/**
 * The acting role a call names, when the user holds it: a role they do not hold (a role removed
 * since the page was loaded) names none, and the call is taken as from a user who did not say.
 */
export const heldActingRole = (principal: Principal, named: RoleCode | undefined): RoleCode | undefined =>
  named !== undefined && principal.roles.includes(named) ? named : undefined;

/**
 * Whether a person acts as a clinician in this call (decision 0056): they hold Clinician and act in
 * it, or hold Clinician and not Clerical User and did not say. A user holding both who did not say
 * is taken as acting as Clerical User, so that their change is shown to clinicians rather than
 * taken as reviewed.
 */
export const actsAsClinician = (principal: Principal): boolean =>
  principal.integrationClientId === undefined &&
  principal.roles.includes('cl') &&
  (principal.actingRole === 'cl' || (principal.actingRole === undefined && !principal.roles.includes('cu')));
