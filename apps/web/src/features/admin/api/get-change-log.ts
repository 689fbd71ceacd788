import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface ChangeLogFilters {
  dateAndTime?: string;
  userMakingChanges?: string;
  trustCode?: string;
}

/** docs/requirements.md §7: the change log, 15 a page. */
export const getChangeLog = (filters: ChangeLogFilters, pageNumber: number) =>
  apiRequest(endpoints.changeLog.list, {
    query: { pageNumber, pageSize: pageSizes.standard, ...filters },
  });

export const useChangeLog = (filters: ChangeLogFilters, pageNumber: number) =>
  useQuery({
    queryKey: adminKeys.changeLog({ filters, pageNumber }),
    queryFn: () => getChangeLog(filters, pageNumber),
    placeholderData: keepPreviousData,
    retry: false,
  });
