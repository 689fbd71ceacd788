import { useQuery } from '@tanstack/react-query';
import { trustAdminDashboardSchema } from '@esr/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getTrustAdminDashboard = () =>
  apiRequest('/api/trust-admin/dashboard', { schema: trustAdminDashboardSchema });

export const useTrustAdminDashboard = () =>
  useQuery({ queryKey: adminKeys.trustAdminDashboard(), queryFn: getTrustAdminDashboard });
