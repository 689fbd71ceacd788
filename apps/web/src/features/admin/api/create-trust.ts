import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { CreateTrustBody } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §7: adds a trust from the NHS trust list. */
export const createTrust = (body: CreateTrustBody) =>
  apiRequest(endpoints.trusts.create, { params: { trustCode: body.trustCode }, body });

export function useCreateTrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTrust,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
