import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';

/**
 * Decision 0071: GET …/patients/{id}/optimisation/gp-letter: the letter to the GP about the open
 * risk factors, as a PDF, saved under the name the server gives it.
 */
export function useExportGpLetter(trust: string, type: ProcedureCode, id: string) {
  return useMutation({
    mutationFn: async () => {
      const file = await apiDownload(endpoints.optimisation.gpLetter, { params: { trust, type, id } });
      const fileName = file.fileName ?? 'GP letter.pdf';
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
