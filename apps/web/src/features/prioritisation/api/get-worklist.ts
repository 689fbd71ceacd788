import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import type { WorklistView } from '../lib/worklist-params';
import { prioritisationKeys } from './query-keys';

/** GET …/prioritisation/worklist: a page (15) of the pathways the filters match, in the order asked for. */
export const getWorklist = (trust: string, type: ProcedureCode, { filters, sort, page }: WorklistView) =>
  apiRequest(endpoints.prioritisation.worklist, {
    params: { trust, type },
    query: { ...filters, sort, pageNumber: page },
  });

export const worklistQueryOptions = (trust: string, type: ProcedureCode, view: WorklistView) =>
  queryOptions({
    queryKey: prioritisationKeys.worklist(trust, type, view),
    queryFn: () => getWorklist(trust, type, view),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useWorklist = (trust: string, type: ProcedureCode, view: WorklistView) =>
  useQuery(worklistQueryOptions(trust, type, view));
