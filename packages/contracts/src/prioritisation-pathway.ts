import { z } from 'zod';
import { predictionSchema, recordText } from './open-pathways.js';
import { harmReviewSummarySchema, riskAdjustmentSchema } from './prioritisation-forms.js';
import {
  harmActions,
  harmLevelSchema,
  prioritisationFlagSchema,
  priorityCodeSchema,
  validationContacts,
  validationOutcomes,
  waitBandSchema,
} from './prioritisation-rules.js';
import { pathwayText } from './prioritisation-text.js';

/** A dated entry of a pathway's prioritisation history; the fields its kind uses, null otherwise. */
export const prioritisationEntryKinds = ['priority', 'validation', 'harm_review', 'risk_adjustment'] as const;
export const prioritisationEntrySchema = z.object({
  id: z.string().describe('The entry’s id'),
  kind: z
    .enum(prioritisationEntryKinds)
    .describe('What was recorded: priority, validation, harm_review or risk_adjustment'),
  recordedAt: z.string().describe('When it was recorded: ISO 8601, UTC'),
  recordedBy: z.string().describe('The name of the user who recorded it'),
  priorityCode: priorityCodeSchema
    .nullable()
    .describe('The priority it set (a priority change, a postponing validation, a harm review moving it up)'),
  previousPriorityCode: priorityCodeSchema.nullable().describe('The priority before it, when it set one'),
  reason: z.string().nullable().describe('The reason given (a priority change or a risk adjustment)'),
  outcome: z
    .enum(validationOutcomes)
    .nullable()
    .describe('A validation’s outcome: remain, postpone or remove'),
  contact: z
    .enum(validationContacts)
    .nullable()
    .describe('How a validation reached the patient: phone, letter, digital or in_person'),
  level: harmLevelSchema.nullable().describe('A harm review’s level of harm: none, mild, moderate or severe'),
  actions: z.array(z.enum(harmActions)).describe('A harm review’s actions; empty for other kinds'),
  note: z.string().nullable().describe('The note given (a validation or a harm review)'),
  prediction: predictionSchema
    .nullable()
    .describe('A risk adjustment’s band: high, medium or low; null on one that removed the adjustment'),
  modelPrediction: predictionSchema.nullable().describe('The model’s band when the adjustment was recorded'),
});
export type PrioritisationEntry = z.infer<typeof prioritisationEntrySchema>;

/**
 * The priority a validation postponed at the patient's request, while a clinician's decision is due
 * (decision 0056): its breach is still counted from its date.
 */
export const postponedFromSchema = z.object({
  priority: priorityCodeSchema.describe('The priority before the postponement: P1a, P1b or P2'),
  priorityDate: z
    .string()
    .nullable()
    .describe('Its priority date, YYYY-MM-DD, from which its breach is counted'),
  dueBy: z
    .string()
    .nullable()
    .describe('The day after which it is breached, YYYY-MM-DD; null without a priority date'),
});
export type PostponedFrom = z.infer<typeof postponedFromSchema>;

/** A pathway's prioritisation now, with its history, latest first. */
export const pathwayPrioritisationSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  isActive: z
    .boolean()
    .describe('True while the pathway is on the active list; false once archived (read-only)'),
  priority: priorityCodeSchema.nullable().describe(pathwayText.priority),
  priorityDate: z.string().nullable().describe(pathwayText.priorityDate),
  prioritySetBy: z
    .string()
    .nullable()
    .describe('Who set the current priority in this service; null when it came from the waiting list'),
  priorityDueBy: z
    .string()
    .nullable()
    .describe(
      'The day after which the priority is breached, YYYY-MM-DD; null for P4 to P6 or without a priority',
    ),
  clockStart: z.string().nullable().describe(pathwayText.clockStart),
  daysWaited: z.number().int().nullable().describe(pathwayText.daysWaited),
  waitBand: waitBandSchema.nullable().describe(pathwayText.waitBand),
  lastValidatedOn: z.string().nullable().describe(pathwayText.lastValidatedOn),
  nextValidationDue: z.string().nullable().describe(pathwayText.nextValidationDue),
  lastHarmReview: harmReviewSummarySchema.nullable().describe(pathwayText.lastHarmReview),
  harmReviewThresholdWeeks: z
    .array(z.number().int())
    .describe('The trust’s harm-review thresholds in weeks, e.g. [52, 78, 104]'),
  prediction: predictionSchema.nullable().describe(recordText.prediction),
  probability: z.number().nullable().describe(recordText.probability),
  riskStatus: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Where the pathway has no band, why: "Incomplete: haemoglobin not recorded", "Not scored: outside the model’s population (…)" (decision 0057); null otherwise',
    ),
  adjustment: riskAdjustmentSchema
    .nullable()
    .describe('The clinician’s view of the risk; null when none is recorded'),
  flags: z.array(prioritisationFlagSchema).describe(pathwayText.flags),
  /** Decision 0056. */
  postponedFrom: postponedFromSchema
    .nullable()
    .describe(
      'While a clinician’s review is due after a P1a, P1b or P2 pathway was postponed at the patient’s request: the priority it was postponed from; null otherwise',
    ),
  today: z.string().describe(pathwayText.today),
  history: z.array(prioritisationEntrySchema).describe('Every entry recorded, latest first'),
});
export type PathwayPrioritisation = z.infer<typeof pathwayPrioritisationSchema>;
