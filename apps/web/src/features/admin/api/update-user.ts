import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userDetailsSchema, type UpdateUserBody } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §7: PUT /api/users/{userId}/ (200). */
export const updateUser = ({ userId, body }: { userId: string; body: UpdateUserBody }) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/`, { method: 'PUT', body, schema: userDetailsSchema });

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
