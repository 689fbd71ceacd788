import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysKeys } from './query-keys';

/** docs/requirements.md §7: the trust's archived pathways, 15 a page (§9). */
export const getArchivedRecords = (trust: string, pageNumber: number) =>
  apiRequest(endpoints.openPathways.archivedRecords, {
    params: { trust },
    query: { pageNumber, pageSize: pageSizes.standard },
  });

export const archivedRecordsQueryOptions = (trust: string, pageNumber: number) =>
  queryOptions({
    queryKey: openPathwaysKeys.archivedRecords(trust, pageNumber),
    queryFn: () => getArchivedRecords(trust, pageNumber),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useArchivedRecords = (trust: string, pageNumber: number) =>
  useQuery(archivedRecordsQueryOptions(trust, pageNumber));
