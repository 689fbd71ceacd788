import { useQuery } from '@tanstack/react-query';
import { trustSchema } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getTrust = (trustCode: string) =>
  apiRequest(`/api/trusts/${encodeURIComponent(trustCode)}`, { schema: trustSchema });

export const useTrust = (trustCode: string) =>
  useQuery({ queryKey: adminKeys.trust(trustCode), queryFn: () => getTrust(trustCode), retry: false });
