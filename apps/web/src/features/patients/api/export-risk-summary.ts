import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { summaryFileName } from '../lib/summary-file';

/**
 * docs/requirements.md §7: GET …/patients/{id}/risk-summary/export: the summary as a PDF, saved
 * under the name the server gives it (the patient's, decision 0064) or, when it gives none,
 * {evaluationId}_Summary_{timestamp}.pdf (§2).
 */
export function useExportRiskSummary(trust: string, type: ProcedureCode, id: string) {
  return useMutation({
    mutationFn: async (evaluationId: string | null) => {
      const file = await apiDownload(endpoints.patients.riskSummaryExport, { params: { trust, type, id } });
      const fileName = file.fileName ?? summaryFileName(evaluationId ?? id);
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
