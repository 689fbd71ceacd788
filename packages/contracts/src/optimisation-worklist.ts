/**
 * The optimisation worklist (decision 0071): the patients of a procedure's list with a risk factor
 * not yet met, the nearest operation first, with counts by factor and status for the whole list.
 */
import { z } from 'zod';
import { optimisationFactorSchema } from './optimisation.js';
import { decimalNumber, singleLine } from './text-rules.js';

/** The optimisation worklist's filters (decision 0071): each optional, combined with AND. */
export const optimisationWorklistQuerySchema = z.object({
  factor: optimisationFactorSchema.optional().meta({ description: 'Only this factor', example: 'anaemia' }),
  status: z
    .enum(['identified', 'referred', 'in_progress'])
    .optional()
    .meta({
      description: 'Only factors with this status (identified, referred or in_progress)',
      example: 'identified',
    }),
  overdue: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: 'true: only factors past their due day; false: only those not yet due' }),
  surgeonName: z
    .string()
    .trim()
    .max(100)
    .check(singleLine)
    .optional()
    .meta({ description: 'Any part of the surgeon’s name, ignoring case', example: 'Hamid' }),
  pageNumber: decimalNumber(z.number().int().min(1).max(100_000))
    .default(1)
    .describe('The page (of 15), from 1'),
});
export type OptimisationWorklistQuery = z.infer<typeof optimisationWorklistQuerySchema>;

export const worklistFactorSchema = z.object({
  code: optimisationFactorSchema.describe('The factor’s code'),
  status: z.enum(['identified', 'referred', 'in_progress']).describe('Its status: none of these is met yet'),
  finding: z.string().describe('What the values show ("Haemoglobin 118 g/L")'),
  value: z.number().nullable().describe('The number the rule compared; null for a recorded condition'),
  valueDate: z.string().nullable().describe('The day the value was taken'),
  dueOn: z.string().describe('The day before the TCI date, else the trust’s weeks from identification'),
  overdue: z.boolean().describe('Past its due day'),
});

export const optimisationWorklistItemSchema = z.object({
  id: z.string().describe('The pathway’s id'),
  nhsNumber: z.string().nullable().describe('The patient’s NHS number'),
  firstName: z.string().nullable().describe('The patient’s first name'),
  lastName: z.string().nullable().describe('The patient’s last name'),
  surgeonName: z.string().nullable().describe('The consultant surgeon'),
  tciDate: z.string().nullable().describe('The date the patient is to come in, when booked'),
  probability: z
    .number()
    .nullable()
    .describe(
      'The model’s probability of a processed pathway; null when it has no band or predictions are suspended',
    ),
  factors: z
    .array(worklistFactorSchema)
    .describe('The pathway’s factors that match the filters, not yet met'),
});
export type OptimisationWorklistItem = z.infer<typeof optimisationWorklistItemSchema>;

export const optimisationWorklistSchema = z.object({
  items: z
    .array(optimisationWorklistItemSchema)
    .describe('The page: the nearest TCI date first, then the highest risk'),
  pageNumber: z.number().int().describe('The page answered, from 1'),
  pageSize: z.number().int().describe('How many pathways a page holds'),
  totalCount: z.number().int().describe('How many pathways match the filters, over every page'),
  counts: z
    .record(
      optimisationFactorSchema,
      z.record(z.enum(['identified', 'referred', 'in_progress']), z.number().int()),
    )
    .describe(
      'Factors not yet met on the whole list, by factor and status (before the filters), for the links at the top',
    ),
  dataAsAt: z.string().nullable().describe('When the list was uploaded: its data is as at then'),
});
export type OptimisationWorklist = z.infer<typeof optimisationWorklistSchema>;
