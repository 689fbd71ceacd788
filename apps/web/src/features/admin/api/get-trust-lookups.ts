import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/requirements.md §7: the NHS trusts not added yet. */
export const getTrustLookups = () => apiRequest(endpoints.trusts.lookups);

export const useTrustLookups = () =>
  useQuery({ queryKey: adminKeys.trustLookups(), queryFn: getTrustLookups, retry: false });
