import { z } from 'zod';
import { procedureCodeSchema } from './procedures.js';
import { recordText } from './open-pathways.js';

/**
 * Field descriptions and fields shared by the patient screens' contracts (patients.ts), written once
 * so that the search, the risk summary and the history describe them alike.
 */

export const isActiveText = 'True while the pathway is on the active list; false once archived (read-only)';
export const featureText = {
  feature: 'The input’s name as the model reads it, e.g. white_blood_count',
  displayName: 'Its name in words',
  unit: 'Its unit, or empty',
  defaultUsed: 'True when the value is the model’s default, because the record had none',
} as const;

export const evaluationReasonText =
  'Why it was made: batch (the list’s scoring), remodel (a clinician’s corrected details), rescore (a new model) or results (blood results sent by the trust’s systems)';

export const anomalyReasonSchema = z
  .string()
  .nullable()
  .describe(
    'Why it was flagged, as the person who flagged it wrote it; null when flagged without one, or not flagged',
  );

export const patientHeader = {
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  medicalRecordNumber: z.string().nullable().describe(recordText.hospitalNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  operationType: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
};
