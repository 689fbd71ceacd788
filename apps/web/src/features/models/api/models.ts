import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
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
  openSignals: (trust: string, procedure: string) =>
    [...modelQueryKeys.all(trust, procedure), 'open-signals'] as const,
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
 * After a proposal, an approval or a decline, every query of the procedure's models afresh: the
 * active model, the versions (their status, what each has scored), the cards and the signals.
 */
function useModelChange<Variables, Answer>(
  trust: string,
  procedure: ProcedureCode,
  call: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelQueryKeys.all(trust, procedure) }),
  });
}

/** POST …/models/{id}/propose: a technical admin proposes making an earlier version active (decision 0060). */
export const useProposeModelVersion = (trust: string, procedure: ProcedureCode) =>
  useModelChange(trust, procedure, (id: string) =>
    apiRequest(models.propose, { params: { trust, code: procedure, id } }),
  );

/** POST …/models/{id}/approve: a clinical safety officer makes a proposed version the active one. */
export const useApproveModelVersion = (trust: string, procedure: ProcedureCode) =>
  useModelChange(trust, procedure, (id: string) =>
    apiRequest(models.approve, { params: { trust, code: procedure, id } }),
  );

/** POST …/models/{id}/decline: a clinical safety officer declines a proposed version, saying why. */
export const useDeclineModelVersion = (trust: string, procedure: ProcedureCode) =>
  useModelChange(trust, procedure, ({ id, reason }: { id: string; reason: string }) =>
    apiRequest(models.decline, { params: { trust, code: procedure, id }, body: { reason } }),
  );

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

/** What the model screens lead with, of one procedure: from its model performance figures. */
const leadQuery = (trust: string | undefined, procedure: ProcedureCode) => ({
  queryKey: modelQueryKeys.openSignals(trust ?? '', procedure),
  queryFn: async () => {
    const figures = await apiRequest(endpoints.modelPerformance.figures, {
      params: { trust: trust!, type: procedure },
    });
    return { openSignals: figures.openSignals, suspension: figures.suspension };
  },
  enabled: Boolean(trust),
});

/**
 * The CUSUM signals of each procedure's whole list that no clinical safety officer has
 * acknowledged yet (decision 0061), from the model performance figures: the model screens lead with
 * them. A procedure whose figures cannot be read adds none; model performance shows why.
 */
export function useOpenSignals(trust: string | undefined, procedures: readonly ProcedureCode[]) {
  return useQueries({
    queries: procedures.map((procedure) => leadQuery(trust, procedure)),
    combine: (results) =>
      results.flatMap((result, index) =>
        (result.data?.openSignals ?? []).map((signal) => ({ procedure: procedures[index]!, ...signal })),
      ),
  });
}

/** The procedures whose predictions the clinical safety officer has suspended (decision 0063), with the day. */
export function useSuspensions(trust: string | undefined, procedures: readonly ProcedureCode[]) {
  return useQueries({
    queries: procedures.map((procedure) => leadQuery(trust, procedure)),
    combine: (results) =>
      results.flatMap((result, index) =>
        result.data?.suspension
          ? [{ procedure: procedures[index]!, suspendedOn: result.data.suspension.suspendedOn }]
          : [],
      ),
  });
}
