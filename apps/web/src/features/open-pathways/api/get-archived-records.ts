import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { archivedRecordsSchema } from '@esr/contracts/open-pathways';
import { pageSizes } from '@esr/contracts/paging';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysUrls } from './endpoints';
import { openPathwaysKeys } from './query-keys';

/** spec §7: GET /api/trusts/{trust}/waiting-list/manage/records/archived, 15 a page (spec §9). */
export const getArchivedRecords = (trust: string, pageNumber: number) =>
  apiRequest(openPathwaysUrls.archivedRecords(trust), {
    query: { pageNumber, pageSize: pageSizes.standard },
    schema: archivedRecordsSchema,
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
