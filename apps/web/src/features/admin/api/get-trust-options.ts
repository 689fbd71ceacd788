import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { trustOptionsSchema } from '@esr/contracts/trusts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §7: active trusts for selectors (the list call without listType). */
export const getTrustOptions = () => apiRequest(endpoints.trusts.list, { schema: trustOptionsSchema });

export const useTrustOptions = (enabled = true) =>
  useQuery({ queryKey: adminKeys.trustOptions(), queryFn: getTrustOptions, enabled });
