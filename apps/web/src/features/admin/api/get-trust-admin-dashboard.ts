import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getTrustAdminDashboard = () => apiRequest(endpoints.dashboards.trustAdmin);

export const useTrustAdminDashboard = () =>
  useQuery({ queryKey: adminKeys.trustAdminDashboard(), queryFn: getTrustAdminDashboard });
