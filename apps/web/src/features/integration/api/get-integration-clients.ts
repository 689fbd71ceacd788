import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { integrationClientKeys } from './query-keys';

/** Decision 0048: the trust's clients with their last message, and the issuer the form may register. */
export const integrationClientsQueryOptions = (trust: string) =>
  queryOptions({
    queryKey: integrationClientKeys.clients(trust),
    queryFn: () => apiRequest(endpoints.integrationClients.list, { params: { trust } }),
    enabled: Boolean(trust),
  });

export const useIntegrationClients = (trust: string) => useQuery(integrationClientsQueryOptions(trust));
