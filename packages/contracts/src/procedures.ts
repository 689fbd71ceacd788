import { z } from 'zod';

export const procedureCodes = ['knee', 'hip', 'knee-hip'] as const;
export type ProcedureCode = (typeof procedureCodes)[number];
export const procedureCodeSchema = z.enum(procedureCodes);

export const procedureSchema = z.object({
  code: procedureCodeSchema,
  name: z.string(),
  category: z.string(),
});
export type Procedure = z.infer<typeof procedureSchema>;
