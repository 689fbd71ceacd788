import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { IdentityCorrectionRequest } from '@esr/contracts/patient-identity';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storeNewSummary } from './store-new-summary';

/**
 * POST …/patients/{id}/identity-correction (decision 0055): a clinician confirms the pathway's
 * patient with a corrected date of birth; the server answers with the summary it leaves.
 */
export const correctIdentity = (
  trust: string,
  type: ProcedureCode,
  id: string,
  body: IdentityCorrectionRequest,
) => apiRequest(endpoints.patients.identityCorrection, { params: { trust, type, id }, body });

export function useCorrectIdentity(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityCorrectionRequest) => correctIdentity(trust, type, id, body),
    onSuccess: (summary) => storeNewSummary(client, trust, type, id, summary),
  });
}
