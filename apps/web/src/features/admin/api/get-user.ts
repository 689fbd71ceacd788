import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getUser = (userId: string, hideSuperAdminRole: boolean) =>
  apiRequest(endpoints.users.details, {
    params: { userId },
    query: { hideSuperAdminRole: hideSuperAdminRole ? 1 : undefined },
  });

export const useUser = (userId: string, hideSuperAdminRole: boolean) =>
  useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: () => getUser(userId, hideSuperAdminRole),
    retry: false,
  });
