import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { UpdateUserBody } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §7: changes a user (200). */
export const updateUser = ({ userId, body }: { userId: string; body: UpdateUserBody }) =>
  apiRequest(endpoints.users.update, { params: { userId }, body });

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
