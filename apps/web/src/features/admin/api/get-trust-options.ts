import { useQuery } from '@tanstack/react-query';
import { trustOptionsSchema } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** spec §7: GET /api/trusts/, active trusts for selectors. */
export const getTrustOptions = () => apiRequest('/api/trusts/', { schema: trustOptionsSchema });

export const useTrustOptions = (enabled = true) =>
  useQuery({ queryKey: adminKeys.trustOptions(), queryFn: getTrustOptions, enabled });
