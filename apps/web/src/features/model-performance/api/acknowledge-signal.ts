import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { CusumDirection } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { monitoringKeys } from './query-keys';

/**
 * POST …/model-performance/signals (decision 0061): the clinical safety officer acknowledges a
 * CUSUM signal with a note; the trust's figures are read again, the signal no longer open.
 */
export function useAcknowledgeSignal(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { direction: CusumDirection; date: string; note: string }) =>
      apiRequest(endpoints.modelPerformance.acknowledgeSignal, { params: { trust, type }, body: request }),
    onSuccess: () => void client.invalidateQueries({ queryKey: monitoringKeys.trust(trust) }),
  });
}
