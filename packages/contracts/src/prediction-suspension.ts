import { z } from 'zod';
import { showCalendarDate } from './london-dates.js';
import { safetyOfficerNote } from './safety-officer-note.js';

/**
 * Predictions suspended by a trust's clinical safety officer (decision 0063): while a procedure is
 * suspended, its pathways are still managed and scored, but wherever a band or a probability would
 * show, the screens, files, reports and FHIR say "Predictions suspended by the clinical safety
 * officer on …" instead.
 */

export const predictionSuspensionSchema = z.object({
  suspendedOn: z.iso
    .date()
    .describe('The day (London) the clinical safety officer suspended the predictions'),
  suspendedAt: z.string().describe('When, as an ISO 8601 instant'),
  suspendedBy: z.string().describe('The clinical safety officer who suspended them'),
  reason: z.string().describe('Why, in their words'),
});
export type PredictionSuspension = z.infer<typeof predictionSuspensionSchema>;

const reasonText = 'Enter why predictions are suspended';
const liftText = 'Enter why predictions can be used again';

const noteOf = (missing: string, description: string, example: string) =>
  safetyOfficerNote(missing, 'The reason must be 2,000 characters or fewer').meta({ description, example });

/** PUT …/prediction-suspension: a clinical safety officer suspends a procedure's predictions. */
export const suspendPredictionsRequestSchema = z.object({
  reason: noteOf(
    reasonText,
    'Why the predictions are suspended, up to 2,000 characters',
    'The CUSUM signalled more complications than predicted; suspended while the surgical leads review the model.',
  ),
});

/** POST …/prediction-suspension/lift: the safety officer lets the predictions be used again. */
export const liftSuspensionRequestSchema = z.object({
  reason: noteOf(
    liftText,
    'Why the predictions can be used again, up to 2,000 characters',
    'Recalibrated version 3 approved; its local calibration is acceptable.',
  ),
});

export const predictionSuspensionStateSchema = z.object({
  suspension: predictionSuspensionSchema
    .nullable()
    .describe('The suspension in force for the procedure; null while its predictions are in use'),
});
export type PredictionSuspensionState = z.infer<typeof predictionSuspensionStateSchema>;

export const suspensionMessages = {
  alreadySuspended: 'Predictions for this procedure are already suspended',
  notSuspended: 'Predictions for this procedure are not suspended',
} as const;

/** Where a band would be: "Predictions suspended by the clinical safety officer on 06-Dec-2026". */
export const suspendedText = (suspendedOn: string) =>
  `Predictions suspended by the clinical safety officer on ${showCalendarDate(suspendedOn)}`;
