import { useQuery } from '@tanstack/react-query';
import { trustLookupsSchema } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §7: GET /api/trusts/lookup/, the NHS trusts not added yet. */
export const getTrustLookups = () => apiRequest('/api/trusts/lookup/', { schema: trustLookupsSchema });

export const useTrustLookups = () =>
  useQuery({ queryKey: adminKeys.trustLookups(), queryFn: getTrustLookups, retry: false });
