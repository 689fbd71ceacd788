import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toBracketQuery } from '@esr/contracts/bracket-query';
import { pageSizes } from '@esr/contracts/paging';
import { usersPageSchema } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface UserListFilters {
  userName?: string;
  email?: string;
  trustName?: string;
  trustCode?: string;
  assignedRoles?: string[];
  status?: string;
}

export interface UserListScope {
  /** The trust whose users are listed (per-trust list, or a trust admin's own trust). */
  trustCode?: string;
  /** spec §6: trust admins' lookups send hideSuperAdminRole=1. */
  hideSuperAdminRole: boolean;
}

/** spec §7: GET /api/users/ with the bracket-style filters. */
export const getUsers = (scope: UserListScope, filters: UserListFilters, pageNumber: number) =>
  apiRequest('/api/users/', {
    query: {
      pageNumber,
      pageSize: pageSizes.standard,
      trustCode: scope.trustCode,
      hideSuperAdminRole: scope.hideSuperAdminRole ? 1 : undefined,
      ...toBracketQuery({ ...filters }),
    },
    schema: usersPageSchema,
  });

export const useUsers = (scope: UserListScope, filters: UserListFilters, pageNumber: number) =>
  useQuery({
    queryKey: adminKeys.users({ scope, filters, pageNumber }),
    queryFn: () => getUsers(scope, filters, pageNumber),
    placeholderData: keepPreviousData,
    retry: false,
  });
