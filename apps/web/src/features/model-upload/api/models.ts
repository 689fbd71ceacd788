import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { RecalibrationRequest, TripodCard } from '@esr/contracts/models';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile, timestampedFileName } from '../../../lib/download';

const { models } = endpoints;

export const modelQueryKeys = {
  all: (trust: string, procedure: string) => ['models', trust, procedure] as const,
  versions: (trust: string, procedure: string) =>
    [...modelQueryKeys.all(trust, procedure), 'versions'] as const,
  card: (trust: string, procedure: string, id: string) =>
    [...modelQueryKeys.all(trust, procedure), 'card', id] as const,
};

export function useActiveModel(trust: string | undefined, procedure: string) {
  return useQuery({
    queryKey: [...modelQueryKeys.all(trust ?? '', procedure), 'active'],
    queryFn: () => apiRequest(models.active, { params: { trust: trust!, code: procedure } }),
    enabled: Boolean(trust && procedure),
  });
}

/** GET …/models: every version of the procedure's model, newest first (decision 0046). */
export function useModelVersions(trust: string | undefined, procedure: string) {
  return useQuery({
    queryKey: modelQueryKeys.versions(trust ?? '', procedure),
    queryFn: () => apiRequest(models.versions, { params: { trust: trust!, code: procedure } }),
    enabled: Boolean(trust && procedure),
  });
}

export function uploadModel(trust: string, procedure: string, modelFile: File, wrapperFile: File) {
  const form = new FormData();
  form.append('modelFile', modelFile);
  form.append('wrapperFile', wrapperFile);
  return apiRequest(models.upload, { params: { trust, code: procedure }, body: form });
}

/** GET …/models/{id}/card: the version's model card (TRIPOD+AI items). */
export function useModelCard(trust: string, procedure: ProcedureCode, id: string) {
  return useQuery({
    queryKey: modelQueryKeys.card(trust, procedure, id),
    queryFn: () => apiRequest(models.card, { params: { trust, code: procedure, id } }),
    enabled: Boolean(trust),
  });
}

/**
 * POST …/models/{id}/activate, then every query of the procedure's models afresh: the active model,
 * the versions (which is active, what each has scored) and the cards.
 */
export function useActivateModelVersion(trust: string, procedure: ProcedureCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(models.activate, { params: { trust, code: procedure, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelQueryKeys.all(trust, procedure) }),
  });
}

/** POST …/models/{id}/recalibrate: a new version, kept inactive; the versions are read again. */
export function useRecalibrateModelVersion(trust: string, procedure: ProcedureCode, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecalibrationRequest) =>
      apiRequest(models.recalibrate, { params: { trust, code: procedure, id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelQueryKeys.versions(trust, procedure) }),
  });
}

/**
 * GET …/models/{id}/card/export: the card as a PDF, fetched with the bearer token and saved under
 * the server's file name or, when it gives none, a name of ours with a timestamp
 * (docs/requirements.md §9). Resolves to the name.
 */
export function useExportModelCard(trust: string, procedure: ProcedureCode, id: string) {
  return useMutation({
    mutationFn: async (card: Pick<TripodCard, 'procedureName' | 'version'>) => {
      const file = await apiDownload(models.cardExport, { params: { trust, code: procedure, id } });
      const fileName =
        file.fileName ?? timestampedFileName(`Model card ${card.procedureName} v${card.version}`, 'pdf');
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
