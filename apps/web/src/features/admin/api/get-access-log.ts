import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** What was asked: the trust, the NHS number as 10 digits, the page. */
export interface AccessLogSearch {
  trust: string;
  nhsNumber: string;
  pageNumber: number;
  /** The first page's moment, for the next pages of the same search. */
  asAt?: string;
}

/** Decision 0042: who has seen a patient's record, 15 a page, newest first. */
export const getAccessLog = ({ trust, nhsNumber, pageNumber, asAt }: AccessLogSearch) =>
  apiRequest(endpoints.accessLog.list, {
    params: { trust },
    query: { nhsNumber, pageNumber, pageSize: pageSizes.standard, ...(asAt ? { asAt } : {}) },
  });

/**
 * Asked only once the form is sent (each read is itself recorded), and never again by itself: no
 * refetch on focus, no retry.
 */
export const useAccessLog = (search: AccessLogSearch | null) =>
  useQuery({
    queryKey: adminKeys.accessLog(search ?? {}),
    queryFn: () => getAccessLog(search!),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
