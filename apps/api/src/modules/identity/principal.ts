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
}

export const principalName = (p: Pick<Principal, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;
