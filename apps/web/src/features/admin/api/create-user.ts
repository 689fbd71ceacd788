import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { CreateUserBody } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §7: adds a user (201). */
export const createUser = (body: CreateUserBody) => apiRequest(endpoints.users.create, { body });

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
