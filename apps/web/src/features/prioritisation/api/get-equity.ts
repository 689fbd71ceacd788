import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { EquityGrouping } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { prioritisationKeys } from './query-keys';

/** GET …/prioritisation/equity?by=: the waits of the active list by sex, ethnic group or age band. */
export const getEquity = (trust: string, type: ProcedureCode, by: EquityGrouping) =>
  apiRequest(endpoints.prioritisation.equity, { params: { trust, type }, query: { by } });

export const equityQueryOptions = (trust: string, type: ProcedureCode, by: EquityGrouping) =>
  queryOptions({
    queryKey: prioritisationKeys.equity(trust, type, by),
    queryFn: () => getEquity(trust, type, by),
    enabled: Boolean(trust),
    retry: false,
  });

export const useEquity = (trust: string, type: ProcedureCode, by: EquityGrouping) =>
  useQuery(equityQueryOptions(trust, type, by));
