import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { summaryFileName } from '../lib/summary-file';

/**
 * docs/requirements.md §7: GET …/patients/{id}/history/{historyId}/export: a past evaluation's
 * summary as a PDF, read as a binary file and saved as {historyId}_Summary_{timestamp}.pdf (§2).
 */
export function useExportHistoryEntry(trust: string, type: ProcedureCode, id: string) {
  return useMutation({
    mutationFn: async (historyId: string) => {
      const file = await apiDownload(endpoints.patients.historyEntryExport, {
        params: { trust, type, id, historyId },
      });
      const fileName = summaryFileName(historyId);
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
