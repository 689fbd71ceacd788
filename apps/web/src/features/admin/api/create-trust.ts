import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trustSchema, type CreateTrustBody } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §7: POST /api/trusts/{trustCode}/create. */
export const createTrust = (body: CreateTrustBody) =>
  apiRequest(`/api/trusts/${encodeURIComponent(body.trustCode)}/create`, {
    method: 'POST',
    body,
    schema: trustSchema,
  });

export function useCreateTrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTrust,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
