import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trustSchema, type UpdateTrustBody } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §7: PUT /api/trusts/{trustCode}/update. */
export const updateTrust = (body: UpdateTrustBody) =>
  apiRequest(`/api/trusts/${encodeURIComponent(body.trustCode)}/update`, {
    method: 'PUT',
    body,
    schema: trustSchema,
  });

export function useUpdateTrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTrust,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
