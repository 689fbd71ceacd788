import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { summaryFileName } from '../lib/summary-file';

/**
 * docs/requirements.md §7: GET …/patients/{id}/history/{historyId}/export: a past evaluation's
 * summary as a PDF, read as a binary file and saved under the name the server gives it (the patient
 * and the day of the evaluation, decision 0064) or, when it gives none,
 * {historyId}_Summary_{timestamp}.pdf (§2).
 */
export function useExportHistoryEntry(trust: string, type: ProcedureCode, id: string) {
  return useMutation({
    mutationFn: async (historyId: string) => {
      const file = await apiDownload(endpoints.patients.historyEntryExport, {
        params: { trust, type, id, historyId },
      });
      const fileName = file.fileName ?? summaryFileName(historyId);
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
