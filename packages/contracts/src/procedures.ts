import { z } from 'zod';

export const procedureCodes = ['knee', 'hip', 'knee-hip'] as const;
export type ProcedureCode = (typeof procedureCodes)[number];
export const procedureCodeSchema = z.enum(procedureCodes);

export const procedureSchema = z.object({
  code: procedureCodeSchema.describe('The procedure’s code: knee, hip or knee-hip'),
  name: z.string().describe('Its name, e.g. Knee replacement'),
  category: z.string().describe('The group of procedures it belongs to, e.g. joint replacement'),
});
export type Procedure = z.infer<typeof procedureSchema>;
