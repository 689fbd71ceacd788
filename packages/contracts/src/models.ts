import { z } from 'zod';

/** Model upload form fields (docs/requirements.md §7) and the size we accept for each file. */
export const modelUploadFields = ['modelFile', 'wrapperFile'] as const;
export const modelFileMaxBytes = 50 * 1024 * 1024;

export const modelUploadAcceptedSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.literal('active'),
});

export const modelCardSchema = z.object({
  id: z.string(),
  procedureCode: z.string(),
  version: z.number().int(),
  name: z.string(),
  modelVersion: z.string(),
  modelType: z.string(),
  demonstration: z.boolean(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  modelSha256: z.string(),
  wrapperSha256: z.string(),
  featureCount: z.number().int(),
  thresholds: z.object({ high: z.number(), moderate: z.number() }),
  metrics: z.record(z.string(), z.number()).nullable(),
});
export type ModelCard = z.infer<typeof modelCardSchema>;

export const modelVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.string(),
  isActive: z.boolean(),
  modelType: z.string(),
  modelFileName: z.string(),
  wrapperFileName: z.string(),
  modelSha256: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export const modelVersionsResponseSchema = z.object({ items: z.array(modelVersionSchema) });
