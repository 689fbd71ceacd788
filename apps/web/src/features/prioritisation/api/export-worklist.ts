import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { WorklistSort } from '@esr/contracts/prioritisation';
import { apiDownload } from '../../../lib/api-client';
import { saveFile, timestampedFileName } from '../../../lib/download';
import type { WorklistFilters } from '../lib/worklist-params';

import type { ExportFileType } from '../../../components/export-file-form';

/**
 * GET …/prioritisation/worklist/export: every pathway the filters match, in the worklist's order, as
 * CSV or Excel; fetched with the bearer token and saved under the server's file name, or, when it
 * gives none, a name of ours with a timestamp (docs/requirements.md §9). Resolves to the name.
 */
export function useExportWorklist(trust: string, type: ProcedureCode) {
  return useMutation({
    mutationFn: async ({
      filters,
      sort,
      fileType,
    }: {
      filters: WorklistFilters;
      sort: WorklistSort;
      fileType: ExportFileType;
    }) => {
      const file = await apiDownload(endpoints.prioritisation.worklistExport, {
        params: { trust, type },
        query: { ...filters, sort, fileType },
      });
      const fileName = file.fileName ?? timestampedFileName(`${type} prioritisation worklist`, fileType);
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
