import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getTrust = (trustCode: string) =>
  apiRequest(endpoints.trusts.details, { params: { trustCode } });

export const useTrust = (trustCode: string) =>
  useQuery({ queryKey: adminKeys.trust(trustCode), queryFn: () => getTrust(trustCode), retry: false });
