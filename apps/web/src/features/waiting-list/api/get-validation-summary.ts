import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { uploadStatusPollMs } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/**
 * docs/requirements.md §7: GET …/files/validation-summary/. The invalid rows of each file come one
 * page at a time (the same page number for both files); the totals count them all.
 */
export const getValidationSummary = (
  trust: string,
  type: ProcedureCode,
  batchId: string,
  pageNumber: number,
) =>
  apiRequest(endpoints.waitingList.validationSummary, {
    params: { trust, type },
    query: { batchId, pageNumber, pageSize: pageSizes.standard },
  });

export const validationSummaryQueryOptions = (
  trust: string,
  type: ProcedureCode,
  batchId: string,
  pageNumber: number,
  /** docs/requirements.md §4: fetched once both files are validated or failed. */
  validated: boolean,
) =>
  queryOptions({
    queryKey: waitingListKeys.validationSummary(trust, type, batchId, pageNumber),
    queryFn: () => getValidationSummary(trust, type, batchId, pageNumber),
    enabled: Boolean(trust && batchId && validated),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useValidationSummary = (
  trust: string,
  type: ProcedureCode,
  batchId: string,
  pageNumber: number,
  validated: boolean,
) => useQuery(validationSummaryQueryOptions(trust, type, batchId, pageNumber, validated));

/**
 * The summary of a confirmed upload, asked again every 2 seconds (docs/requirements.md §9) while
 * the confirm is applied, until it says what the confirm did.
 */
export const useConfirmedSummary = (trust: string, type: ProcedureCode, batchId: string) =>
  useQuery({
    ...validationSummaryQueryOptions(trust, type, batchId, 1, true),
    refetchInterval: (query) => (query.state.data?.batchStatus === 'CONFIRMING' ? uploadStatusPollMs : false),
  });
