import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/api/query-keys';
import { saveFile, timestampedFileName } from '../../../lib/download';
import { filtersOfView, type OptimisationView } from '../lib/worklist-view';

/** Under the waiting-list root: a confirmed import reads the list again. */
export const optimisationWorklistKey = (trust: string, type: ProcedureCode, view: OptimisationView) =>
  [...queryRoots.trustWaitingList(trust), 'optimisation', type, view] as const;

/** GET …/waiting-list/procedures/{type}/optimisation: a page of 15, its total and the counts. */
export const useOptimisationWorklist = (trust: string, type: ProcedureCode, view: OptimisationView) =>
  useQuery({
    queryKey: optimisationWorklistKey(trust, type, view),
    queryFn: () =>
      apiRequest(endpoints.optimisation.worklist, {
        params: { trust, type },
        query: { ...filtersOfView(view), pageNumber: view.page, pageSize: 15 },
      }),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

import type { ExportFileType } from '../../../components/export-file-form';

/** GET …/optimisation/export: every matching factor as CSV or Excel, saved; resolves to the file's name. */
export function useExportOptimisationWorklist(trust: string, type: ProcedureCode) {
  return useMutation({
    mutationFn: async ({ view, fileType }: { view: OptimisationView; fileType: ExportFileType }) => {
      const file = await apiDownload(endpoints.optimisation.worklistExport, {
        params: { trust, type },
        query: { ...filtersOfView(view), fileType },
      });
      const fileName = file.fileName ?? timestampedFileName(`${type} optimisation worklist`, fileType);
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
