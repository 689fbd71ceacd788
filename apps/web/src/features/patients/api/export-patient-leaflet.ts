import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';

/**
 * GET …/patients/{id}/optimisation/patient-leaflet: the page a clinician gives the patient, "Before
 * your operation: what you can do", as a PDF, saved under the name the server gives it.
 */
export function useExportPatientLeaflet(trust: string, type: ProcedureCode, id: string) {
  return useMutation({
    mutationFn: async () => {
      const file = await apiDownload(endpoints.optimisation.patientLeaflet, { params: { trust, type, id } });
      const fileName = file.fileName ?? 'Before your operation.pdf';
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
