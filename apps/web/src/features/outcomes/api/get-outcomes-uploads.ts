import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { outcomesKeys } from './query-keys';

/** Decision 0045: GET …/outcomes/uploads/: the procedure's outcomes files, newest first, 15 a page. */
export const getOutcomesUploads = (trust: string, type: ProcedureCode, pageNumber: number) =>
  apiRequest(endpoints.outcomes.uploads, {
    params: { trust, type },
    query: { pageNumber, pageSize: pageSizes.standard },
  });

export const outcomesUploadsQueryOptions = (trust: string, type: ProcedureCode, pageNumber: number) =>
  queryOptions({
    queryKey: outcomesKeys.uploads(trust, type, pageNumber),
    queryFn: () => getOutcomesUploads(trust, type, pageNumber),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    // docs/requirements.md §8: a failed load offers its own retry at once.
    retry: false,
  });

export const useOutcomesUploads = (trust: string, type: ProcedureCode, pageNumber: number) =>
  useQuery(outcomesUploadsQueryOptions(trust, type, pageNumber));
