import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { RegisterIntegrationClientBody } from '@esr/contracts/integration-clients';
import { apiRequest } from '../../../lib/api-client';
import { integrationClientKeys } from './query-keys';

/** POST a new client of the trust; the trust's lists are read again. */
export function useRegisterIntegrationClient(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterIntegrationClientBody) =>
      apiRequest(endpoints.integrationClients.register, { params: { trust }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationClientKeys.trust(trust) }),
  });
}
