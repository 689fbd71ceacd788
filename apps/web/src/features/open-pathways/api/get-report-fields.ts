import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportFieldsSchema } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysUrls } from './endpoints';
import { openPathwaysKeys } from './query-keys';

/** spec §7: GET /api/waiting-list/procedures/{type}/manage/records/active/fields. */
export const getReportFields = (type: ProcedureCode) =>
  apiRequest(openPathwaysUrls.reportFields(type), { schema: reportFieldsSchema });

export const reportFieldsQueryOptions = (type: ProcedureCode) =>
  queryOptions({
    queryKey: openPathwaysKeys.reportFields(type),
    queryFn: () => getReportFields(type),
    // The fields of a waiting list change only with a new release.
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useReportFields = (type: ProcedureCode) => useQuery(reportFieldsQueryOptions(type));
