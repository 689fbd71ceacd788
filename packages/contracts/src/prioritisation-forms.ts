import { z } from 'zod';
import { predictionSchema } from './open-pathways.js';
import {
  harmActions,
  harmLevelSchema,
  priorityCodeSchema,
  validationContacts,
  validationOutcomes,
} from './prioritisation-rules.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';
import { decimalNumber, multiLine } from './text-rules.js';

/**
 * A reason or note: 1–500 characters as typed (trimmed), no NUL, direction controls or control
 * characters; typed in a text area, so it may run over several lines.
 */
export const maxPrioritisationTextLength = 500;
const freeText = z
  .string()
  .max(5_000)
  .refine((value) => !hasBidiControls(value), bidiControlMessage)
  .check(multiLine);

/**
 * Messages of the pathway's forms (docs/prioritisation.md); each names the field it is about, as
 * the error summary links to it.
 */
export const prioritisationMessages = {
  priorityRequired: 'Select the new priority',
  priorityUnchanged: 'Select a priority different from the current one',
  reasonRequired: 'Enter the reason',
  reasonTooLong: `The reason must be ${maxPrioritisationTextLength} characters or fewer`,
  noteTooLong: `The note must be ${maxPrioritisationTextLength} characters or fewer`,
  outcomeRequired: 'Select the outcome of the validation',
  contactRequired: 'Select how the patient was contacted',
  postponeToRequired: 'Select P5 or P6 for a postponed pathway',
  removeNoteRequired: 'Enter the clinical decision to remove the pathway',
  levelRequired: 'Select the level of harm',
  moveUpNeedsHarm: 'Move up a category only after moderate or severe harm',
  moveUpPatientChoice:
    'This pathway is postponed at the patient’s choice (P5 or P6) or has no priority: change the priority instead',
  adjustmentRequired: 'Select your view of the risk',
  noAdjustment: 'There is no risk adjustment to remove',
  notScored: 'The pathway has no risk from the model to adjust',
  thresholdsInvalid: 'Enter 1 to 5 whole numbers of weeks between 1 and 260, each once',
  notOnList: 'The pathway is no longer on the active waiting list',
} as const;

export const priorityChangeRequestSchema = z.object({
  priorityCode: priorityCodeSchema.optional().meta({
    description:
      'The new clinical priority, P1a to P6: required, and different from the current one, except while a clinician’s review of a postponement is due, when the current one confirms it',
    example: 'P2',
  }),
  reason: freeText.optional().meta({
    description: 'Why: required, up to 500 characters',
    example: 'Pain now uncontrolled with oral analgesia',
  }),
});
export type PriorityChangeRequest = z.infer<typeof priorityChangeRequestSchema>;

export const validationRequestSchema = z.object({
  outcome: z.enum(validationOutcomes).optional().meta({
    description:
      'Required: remain (on the list), postpone (at the patient’s choice) or remove (a clinical decision, taking the pathway off the list)',
    example: 'remain',
  }),
  contact: z.enum(validationContacts).optional().meta({
    description: 'Required: how the patient was contacted: phone, letter, digital or in_person',
    example: 'phone',
  }),
  postponeTo: z.enum(['P5', 'P6']).optional().meta({
    description:
      'With postpone, required: P5 (COVID-19 concerns) or P6 (other reasons), which becomes the priority',
    example: 'P6',
  }),
  note: freeText.optional().meta({
    description: 'A note, up to 500 characters; with remove, required: the clinical decision',
    example: 'Still wishes to have surgery; no change in mobility',
  }),
});
export type ValidationRequest = z.infer<typeof validationRequestSchema>;

export const harmReviewRequestSchema = z.object({
  level: harmLevelSchema.optional().meta({
    description: 'Required: the level of harm: none, mild, moderate or severe',
    example: 'moderate',
  }),
  actions: z
    .array(z.enum(harmActions))
    .max(harmActions.length)
    .default([])
    .meta({
      description:
        'The actions taken: moved_up_category (with moderate or severe harm: moves the priority up one category, never past P1b), patient_told, gp_told, discharge_considered',
      example: ['moved_up_category', 'patient_told', 'gp_told'],
    }),
  note: freeText.optional().meta({
    description: 'A note, up to 500 characters',
    example: 'Mobility worse; now needs a stick indoors',
  }),
});
export type HarmReviewRequest = z.infer<typeof harmReviewRequestSchema>;

export const riskAdjustmentRequestSchema = z.object({
  prediction: predictionSchema.optional().meta({
    description: 'Required: the clinician’s view of the risk: high, medium (shown as moderate) or low',
    example: 'high',
  }),
  reason: freeText.optional().meta({
    description: 'Why: required, up to 500 characters',
    example: 'Recent fall and new anticoagulation not in the record',
  }),
});
export type RiskAdjustmentRequest = z.infer<typeof riskAdjustmentRequestSchema>;

/** The clinician's view of the risk, beside the model's (which it never changes). */
export const riskAdjustmentSchema = z.object({
  prediction: predictionSchema.describe('The clinician’s view of the risk: high, medium or low'),
  reason: z.string().describe('Why, as the clinician wrote it'),
  by: z.string().describe('The name of the clinician who recorded it'),
  on: z.string().describe('When it was recorded: ISO 8601, UTC'),
});
export type RiskAdjustment = z.infer<typeof riskAdjustmentSchema>;

export const harmReviewSummarySchema = z.object({
  level: harmLevelSchema.describe('The level of harm found: none, mild, moderate or severe'),
  reviewedOn: z.string().describe('The day of the review, YYYY-MM-DD'),
});

export const prioritisationSettingsSchema = z.object({
  harmReviewThresholdWeeks: z
    .array(z.number().int())
    .describe(
      'The trust’s harm-review thresholds in weeks, in order (52, 78 and 104 unless the trust set its own)',
    ),
});
export const prioritisationSettingsRequestSchema = z.object({
  harmReviewThresholdWeeks: z
    .array(decimalNumber(z.number(), prioritisationMessages.thresholdsInvalid))
    .max(20)
    .optional()
    .meta({
      description: 'Required: 1 to 5 whole numbers of weeks between 1 and 260, each once',
      example: [40, 52, 78, 104],
    }),
});
export type PrioritisationSettings = z.infer<typeof prioritisationSettingsSchema>;
