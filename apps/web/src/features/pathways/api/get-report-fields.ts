import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysKeys } from './query-keys';

/** docs/requirements.md §7: the fields a report of active pathways can hold (the same for every trust). */
export const getReportFields = (type: ProcedureCode) =>
  apiRequest(endpoints.openPathways.reportFields, { params: { type } });

export const reportFieldsQueryOptions = (type: ProcedureCode) =>
  queryOptions({
    queryKey: openPathwaysKeys.reportFields(type),
    queryFn: () => getReportFields(type),
    // The fields of a waiting list change only with a new release.
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useReportFields = (type: ProcedureCode) => useQuery(reportFieldsQueryOptions(type));
