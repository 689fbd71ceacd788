import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { uploadStatusPollMs } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { outcomesKeys } from './query-keys';

/** Which summary: the upload's, at a page of its rows with errors, once it is `validated` (or failed). */
export interface OutcomesSummaryPage {
  batchId: string;
  pageNumber: number;
  validated: boolean;
}

/**
 * Decision 0045: GET …/outcomes/validation-summary/: the file's result (its invalid rows one page
 * at a time; the totals count them all), how many rows match a pathway, and what the confirm will
 * do, or did.
 */
export const getOutcomesValidationSummary = (
  trust: string,
  type: ProcedureCode,
  { batchId, pageNumber }: OutcomesSummaryPage,
) =>
  apiRequest(endpoints.outcomes.validationSummary, {
    params: { trust, type },
    query: { batchId, pageNumber, pageSize: pageSizes.standard },
  });

export const outcomesValidationSummaryQueryOptions = (
  trust: string,
  type: ProcedureCode,
  page: OutcomesSummaryPage,
) =>
  queryOptions({
    queryKey: outcomesKeys.validationSummary(trust, type, page.batchId, page.pageNumber),
    queryFn: () => getOutcomesValidationSummary(trust, type, page),
    enabled: Boolean(trust && page.batchId && page.validated),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useOutcomesValidationSummary = (trust: string, type: ProcedureCode, page: OutcomesSummaryPage) =>
  useQuery(outcomesValidationSummaryQueryOptions(trust, type, page));

/**
 * The summary of a confirmed outcomes file, for the complete page: asked again every 2 seconds
 * (docs/requirements.md §9) should the confirm still be being applied, until it says what it did.
 */
export const useConfirmedOutcomes = (trust: string, type: ProcedureCode, batchId: string) =>
  useQuery({
    ...outcomesValidationSummaryQueryOptions(trust, type, { batchId, pageNumber: 1, validated: true }),
    refetchInterval: (query) => (query.state.data?.batchStatus === 'CONFIRMING' ? uploadStatusPollMs : false),
  });
