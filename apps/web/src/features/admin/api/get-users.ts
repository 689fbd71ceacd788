import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toBracketQuery } from '@esr/contracts/bracket-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
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
  /** docs/requirements.md §6: trust admins' lookups send hideSuperAdminRole=1. */
  hideSuperAdminRole: boolean;
}

/** docs/requirements.md §7: the users list with the bracket-style filters. */
export const getUsers = (scope: UserListScope, filters: UserListFilters, pageNumber: number) =>
  apiRequest(endpoints.users.list, {
    query: {
      pageNumber,
      pageSize: pageSizes.standard,
      trustCode: scope.trustCode,
      hideSuperAdminRole: scope.hideSuperAdminRole ? 1 : undefined,
      ...toBracketQuery({ ...filters }),
    },
  });

export const useUsers = (scope: UserListScope, filters: UserListFilters, pageNumber: number) =>
  useQuery({
    queryKey: adminKeys.users({ scope, filters, pageNumber }),
    queryFn: () => getUsers(scope, filters, pageNumber),
    placeholderData: keepPreviousData,
    retry: false,
  });
