import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userDetailsSchema, type CreateUserBody } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §7: POST /api/users/ (201). */
export const createUser = (body: CreateUserBody) =>
  apiRequest('/api/users/', { method: 'POST', body, schema: userDetailsSchema });

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
