import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export const getSuperAdminDashboard = () => apiRequest(endpoints.dashboards.superAdmin);

export const useSuperAdminDashboard = () =>
  useQuery({ queryKey: adminKeys.superAdminDashboard(), queryFn: getSuperAdminDashboard });
