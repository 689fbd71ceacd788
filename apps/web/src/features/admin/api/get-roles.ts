import { useQuery } from '@tanstack/react-query';
import { rolesResponseSchema } from '@esr/contracts/library';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §6: role lists for trust admins leave out Super Admin (hideSuperAdminRole=1). */
export const getRoles = (hideSuperAdminRole: boolean) =>
  apiRequest('/api/roles', {
    query: { hideSuperAdminRole: hideSuperAdminRole ? 1 : undefined },
    schema: rolesResponseSchema,
  });

export const useRoles = (hideSuperAdminRole: boolean) =>
  useQuery({
    queryKey: adminKeys.roles(hideSuperAdminRole),
    queryFn: () => getRoles(hideSuperAdminRole),
    staleTime: 5 * 60_000,
  });
