import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiDownload } from '../../../lib/api-client';
import { saveFile, timestampedFileName } from '../../../lib/download';

/** The search to download: the trust, the NHS number as 10 digits, and the moment its pages are as at. */
export interface AccessLogDownload {
  trust: string;
  nhsNumber: string;
  asAt: string;
}

/**
 * GET /api/trusts/{trust}/access-log/export (docs/decisions/0066): every entry of the search as at
 * the moment the screen's pages are, as one CSV for a subject access request; fetched with the
 * bearer token and saved under the server's file name, or, when it gives none, a name of ours with
 * a timestamp (docs/requirements.md §9). Resolves to the name. The download is itself recorded.
 */
export function useExportAccessLog() {
  return useMutation({
    mutationFn: async ({ trust, nhsNumber, asAt }: AccessLogDownload) => {
      const file = await apiDownload(endpoints.accessLog.export, {
        params: { trust },
        query: { nhsNumber, asAt },
      });
      const fileName = file.fileName ?? timestampedFileName('Access log', 'csv', new Date(asAt));
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
