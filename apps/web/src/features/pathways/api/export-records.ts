import { useMutation } from '@tanstack/react-query';
import type { Prediction } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { endpoints } from '@esr/contracts/endpoints';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';
import { saveFile, timestampedFileName } from '../../../lib/download';

const { openPathways } = endpoints;

/**
 * docs/requirements.md §7 exports. Each is fetched with the bearer token and saved under the
 * server's file name, or, when it gives none, a name of ours with a timestamp (§9).
 */
async function downloadAndSave(download: () => Promise<DownloadedFile>, fallbackName: string) {
  const file = await download();
  const fileName = file.fileName ?? fallbackName;
  saveFile(file.blob, fileName);
  return fileName;
}

/**
 * GET …/manage/records/active/export: the report, named after itself with a timestamp (§9), as
 * the server names it (the change log records that name) or, failing that, as we do.
 */
export function useExportActiveRecords(trust: string, type: ProcedureCode) {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: Record<string, string>; fileName: string }) =>
      downloadAndSave(
        () => apiDownload(openPathways.activeExport, { params: { trust, type }, query }),
        fileName,
      ),
  });
}

/** GET …/manage/records/processed/export?fileType=csv&prediction (omitted for all processed). */
export function useExportProcessedRecords(trust: string, type: ProcedureCode) {
  return useMutation({
    mutationFn: (prediction: Prediction | undefined) =>
      downloadAndSave(
        () =>
          apiDownload(openPathways.processedExport, {
            params: { trust, type },
            query: { fileType: 'csv', prediction },
          }),
        timestampedFileName(`${type}-processed${prediction ? `-${prediction}` : ''}`, 'csv'),
      ),
  });
}

/** GET …/waiting-list/manage/records/archived/export?fileType=csv. */
export function useExportArchivedRecords(trust: string) {
  return useMutation({
    mutationFn: () =>
      downloadAndSave(
        () => apiDownload(openPathways.archivedExport, { params: { trust }, query: { fileType: 'csv' } }),
        timestampedFileName('archived-pathways', 'csv'),
      ),
  });
}
