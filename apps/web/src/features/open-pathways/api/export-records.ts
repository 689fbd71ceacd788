import { useMutation } from '@tanstack/react-query';
import type { Prediction } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile, timestampedFileName } from '../../../lib/download';
import { openPathwaysUrls } from './endpoints';

/**
 * spec §7 exports. Each is fetched with the bearer token and saved under the server's file name,
 * or, when it gives none, a name of ours with a timestamp (spec §9).
 */
async function downloadAndSave(url: string, query: Record<string, string | undefined>, fallbackName: string) {
  const file = await apiDownload(url, { query });
  const fileName = file.fileName ?? fallbackName;
  saveFile(file.blob, fileName);
  return fileName;
}

/**
 * GET …/manage/records/active/export: the report, named after itself with a timestamp (spec §9),
 * as the server names it (the change log records that name) or, failing that, as we do.
 */
export function useExportActiveRecords(trust: string, type: ProcedureCode) {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: Record<string, string>; fileName: string }) =>
      downloadAndSave(openPathwaysUrls.activeExport(trust, type), query, fileName),
  });
}

/** GET …/manage/records/processed/export?fileType=csv&prediction (omitted for all processed). */
export function useExportProcessedRecords(trust: string, type: ProcedureCode) {
  return useMutation({
    mutationFn: (prediction: Prediction | undefined) =>
      downloadAndSave(
        openPathwaysUrls.processedExport(trust, type),
        { fileType: 'csv', prediction },
        timestampedFileName(`${type}-processed${prediction ? `-${prediction}` : ''}`, 'csv'),
      ),
  });
}

/** GET /api/trusts/{trust}/waiting-list/manage/records/archived/export?fileType=csv. */
export function useExportArchivedRecords(trust: string) {
  return useMutation({
    mutationFn: () =>
      downloadAndSave(
        openPathwaysUrls.archivedExport(trust),
        { fileType: 'csv' },
        timestampedFileName('archived-pathways', 'csv'),
      ),
  });
}
