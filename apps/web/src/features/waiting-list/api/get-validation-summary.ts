import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { validationSummarySchema } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { waitingListUrls } from './endpoints';
import { waitingListKeys } from './query-keys';

/**
 * spec §7: GET …/files/validation-summary/. The invalid rows of each file come one page at a
 * time (the same page number for both files); the totals count them all.
 */
export const getValidationSummary = (
  trust: string,
  type: ProcedureCode,
  batchId: string,
  pageNumber: number,
) =>
  apiRequest(waitingListUrls.files(trust, type, 'validation-summary'), {
    query: { batchId, pageNumber, pageSize: pageSizes.standard },
    schema: validationSummarySchema,
  });

export const validationSummaryQueryOptions = (
  trust: string,
  type: ProcedureCode,
  batchId: string,
  pageNumber: number,
  /** spec §4: fetched once both files are validated or failed. */
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
