import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { UpdateTrustBody } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §7: changes a trust's tenant id, status and primary contact. */
export const updateTrust = (body: UpdateTrustBody) =>
  apiRequest(endpoints.trusts.update, { params: { trustCode: body.trustCode }, body });

export function useUpdateTrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTrust,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
