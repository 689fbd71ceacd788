import { useQuery } from '@tanstack/react-query';
import { superAdminDashboardSchema } from '@esr/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getSuperAdminDashboard = () =>
  apiRequest('/api/super-admin/dashboard/', { schema: superAdminDashboardSchema });

export const useSuperAdminDashboard = () =>
  useQuery({ queryKey: adminKeys.superAdminDashboard(), queryFn: getSuperAdminDashboard });
