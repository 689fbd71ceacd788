import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §6: role lists for trust admins leave out Super Admin (hideSuperAdminRole=1). */
export const getRoles = (hideSuperAdminRole: boolean) =>
  apiRequest(endpoints.library.roles, {
    query: { hideSuperAdminRole: hideSuperAdminRole ? 1 : undefined },
  });

export const useRoles = (hideSuperAdminRole: boolean) =>
  useQuery({
    queryKey: adminKeys.roles(hideSuperAdminRole),
    queryFn: () => getRoles(hideSuperAdminRole),
    staleTime: 5 * 60_000,
  });
