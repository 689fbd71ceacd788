import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { changeLogPageSchema } from '@esr/contracts/change-log';
import { pageSizes } from '@esr/contracts/paging';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface ChangeLogFilters {
  dateAndTime?: string;
  userMakingChanges?: string;
  trustCode?: string;
}

/** spec §7: GET /api/admin/changelog, 15 a page. */
export const getChangeLog = (filters: ChangeLogFilters, pageNumber: number) =>
  apiRequest('/api/admin/changelog', {
    query: { pageNumber, pageSize: pageSizes.standard, ...filters },
    schema: changeLogPageSchema,
  });

export const useChangeLog = (filters: ChangeLogFilters, pageNumber: number) =>
  useQuery({
    queryKey: adminKeys.changeLog({ filters, pageNumber }),
    queryFn: () => getChangeLog(filters, pageNumber),
    placeholderData: keepPreviousData,
    retry: false,
  });
