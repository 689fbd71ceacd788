import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { integrationMessagesPageSize } from '@esr/contracts/integration-clients';
import { apiRequest } from '../../../lib/api-client';
import { integrationClientKeys } from './query-keys';

/** Decision 0048: what the trust's clients sent, newest first, 20 a page. */
export const useIntegrationMessages = (trust: string, pageNumber: number) =>
  useQuery({
    queryKey: integrationClientKeys.messages(trust, pageNumber),
    queryFn: () =>
      apiRequest(endpoints.integrationClients.messages, {
        params: { trust },
        query: { pageNumber, pageSize: integrationMessagesPageSize },
      }),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
  });
