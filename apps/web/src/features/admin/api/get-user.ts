import { useQuery } from '@tanstack/react-query';
import { userDetailsSchema } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getUser = (userId: string, hideSuperAdminRole: boolean) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/`, {
    query: { hideSuperAdminRole: hideSuperAdminRole ? 1 : undefined },
    schema: userDetailsSchema,
  });

export const useUser = (userId: string, hideSuperAdminRole: boolean) =>
  useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: () => getUser(userId, hideSuperAdminRole),
    retry: false,
  });
