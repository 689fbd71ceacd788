import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { LabMessageSettings } from '@esr/contracts/patient-identity';
import { apiRequest } from '../../../lib/api-client';
import { integrationClientKeys } from './query-keys';

/**
 * PUT the trust's settings for the results its systems send (decision 0055): whether a result
 * without a date of birth is refused (the default) or matched by NHS number alone.
 */
export function useChangeLabMessageSettings(trust: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LabMessageSettings) =>
      apiRequest(endpoints.integrationClients.changeSettings, { params: { trust }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationClientKeys.clients(trust) }),
  });
}
