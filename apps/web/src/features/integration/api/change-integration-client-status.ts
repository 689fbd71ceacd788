import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { Status } from '@esr/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { integrationClientKeys } from './query-keys';

/** PUT a client's status: 0 disables it (its tokens are refused at once), 1 enables it again. */
export function useChangeIntegrationClientStatus(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: Status }) =>
      apiRequest(endpoints.integrationClients.changeStatus, { params: { trust, id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationClientKeys.clients(trust) }),
  });
}
