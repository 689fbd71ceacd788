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
