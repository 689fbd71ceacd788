import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ImportFileKind } from '@esr/contracts/waiting-list';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile, timestampedFileName } from '../../../lib/download';

/** What a file of an upload can be downloaded as (docs/decisions/0037-what-the-confirm-will-do.md). */
export type ImportDownload = 'rowsWithErrors' | 'warnings';

const fallbackNames: Record<ImportDownload, Record<ImportFileKind, string>> = {
  rowsWithErrors: { waitingList: 'waiting list rows with errors', bloodTest: 'blood test rows with errors' },
  warnings: { waitingList: 'waiting list warnings', bloodTest: 'blood test warnings' },
};

/**
 * GET …/files/rows-with-errors/ or …/files/warnings/: fetched with the bearer token and saved under
 * the server's file name, or, when it gives none, a name of ours with a timestamp (§9).
 */
export function useDownloadImportFile(trust: string, type: ProcedureCode, batchId: string) {
  return useMutation({
    mutationFn: async ({ download, file }: { download: ImportDownload; file: ImportFileKind }) => {
      const endpoint =
        download === 'rowsWithErrors'
          ? endpoints.waitingList.rowsWithErrorsExport
          : endpoints.waitingList.warningsExport;
      const saved = await apiDownload(endpoint, { params: { trust, type }, query: { batchId, file } });
      const fileName = saved.fileName ?? timestampedFileName(fallbackNames[download][file], 'csv');
      saveFile(saved.blob, fileName);
      return fileName;
    },
  });
}
