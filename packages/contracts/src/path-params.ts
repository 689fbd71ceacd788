import { z } from 'zod';
import { procedureCodeSchema } from './procedures.js';

/**
 * The path parameters most calls share (docs/requirements.md §7), each described once for the
 * OpenAPI document.
 */

/** The trust a call is about: the signed-in user's own, as the service checks. */
export const trustCodeParam = z
  .string()
  .min(1)
  .max(10)
  .meta({ description: 'The NHS ODS code of the trust the call is about', example: 'RAN' });

export const procedureCodeParam = procedureCodeSchema.meta({
  description: 'The procedure: knee, hip or knee-hip',
  example: 'knee',
});

/** A pathway: one patient's referral for one procedure at one trust. */
export const pathwayIdParam = z.guid().meta({
  description: 'The pathway’s id, as the lists and the patient search give it',
  example: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
});
