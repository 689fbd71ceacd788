/**
 * The optimisation worklist (docs/optimisation.md, decision 0072): the patients of a list with a
 * risk factor to optimise before surgery, the nearest TCI date first, then the highest risk, with
 * counts per factor and status. One definition for the API, the screen and the export.
 */
import { z } from 'zod';
import { pageQueryFields, pagedSchema } from './paging.js';
import { optimisationFactorSchema, optimisationStatuses, type OptimisationFactor } from './optimisation.js';
import {
  activeRecordsFilterSchema,
  predictionSchema,
  recordStatusSchema,
  recordText,
} from './open-pathways.js';
import { singleLine } from './text-rules.js';

const overdueText = 'true: only factors not closed and past their due day';

/** The worklist's filters (all optional, combined with AND, on the same factor). */
export const optimisationWorklistFilterSchema = z.object({
  factor: optimisationFactorSchema.optional().meta({
    description: 'anaemia, smoking, diabetes, nutrition, kidney, blood_pressure or weight',
    example: 'anaemia',
  }),
  status: z.enum(optimisationStatuses).optional().meta({
    description:
      'identified, referred, in_progress, met, declined or not_possible; without it, the factors not yet closed (identified, referred, in_progress)',
    example: 'referred',
  }),
  overdue: z.enum(['true', 'false']).optional().meta({ description: overdueText, example: 'true' }),
  surgeonName: z.string().max(100).check(singleLine).optional().meta({
    description: 'Any part of the consultant surgeon’s name, ignoring case',
    example: 'Okonkwo',
  }),
  // As the total records list reads it: spaces and hyphens ignored, up to 10 digits, from the start.
  nhsNumber: activeRecordsFilterSchema.shape.nhsNumber,
});
export type OptimisationWorklistFilter = z.infer<typeof optimisationWorklistFilterSchema>;

export const optimisationWorklistQuerySchema = optimisationWorklistFilterSchema.extend(
  pageQueryFields({ maxPageNumber: 1_000_000 }),
);
export type OptimisationWorklistQuery = z.infer<typeof optimisationWorklistQuerySchema>;

export const optimisationWorklistExportQuerySchema = optimisationWorklistFilterSchema.extend({
  fileType: z.enum(['csv', 'xlsx']).meta({ description: 'csv or xlsx', example: 'xlsx' }),
});
export type OptimisationWorklistExportQuery = z.infer<typeof optimisationWorklistExportQuerySchema>;

export const worklistFactorSchema = z.object({
  code: optimisationFactorSchema.describe('The factor’s code'),
  status: z
    .enum(optimisationStatuses)
    .describe('identified (found, nothing recorded), or the latest entry’s status'),
  value: z
    .number()
    .nullable()
    .describe('The number the rule compared (a blood result, the body mass index); null for a condition'),
  valueDate: z.string().nullable().describe('The day the value was taken, when known'),
  dueOn: z
    .string()
    .describe('The day before the TCI date when there is one, else the trust’s weeks from identification'),
  overdue: z.boolean().describe('Not closed and past its due day'),
});
export type WorklistFactor = z.infer<typeof worklistFactorSchema>;

export const optimisationWorklistItemSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  localPatientIdentifier: z.string().nullable().describe('The trust’s own identifier for the patient'),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  surgeonName: z.string().nullable().describe('The consultant surgeon'),
  tciDate: z.string().nullable().describe(recordText.tciDate),
  status: recordStatusSchema.describe(recordText.status),
  prediction: predictionSchema.nullable().describe(recordText.prediction),
  probability: z.number().nullable().describe(recordText.probability),
  factors: z
    .array(worklistFactorSchema)
    .describe('Every factor the pathway shows or has entries for, in the rules’ order, closed ones too'),
});
export type OptimisationWorklistItem = z.infer<typeof optimisationWorklistItemSchema>;

const statusCountsSchema = z
  .object(
    Object.fromEntries(
      optimisationStatuses.map((status) => [
        status,
        z.number().int().describe(`Pathways with the factor ${status}`),
      ]),
    ) as Record<(typeof optimisationStatuses)[number], z.ZodNumber>,
  )
  .describe('Pathways with the factor at each status, zeros included');

export const optimisationWorklistSchema = pagedSchema(optimisationWorklistItemSchema).extend({
  counts: z
    .record(optimisationFactorSchema, statusCountsSchema)
    .describe(
      'For each factor, the active pathways at each status (the surgeon and NHS number filters apply; the others do not), every factor and status present',
    ),
  today: z.string().describe('The London day the statuses and due dates are read on'),
});
export type OptimisationWorklist = z.infer<typeof optimisationWorklistSchema>;
export type OptimisationCounts = Record<
  OptimisationFactor,
  Record<(typeof optimisationStatuses)[number], number>
>;

/** The export's columns, as a trust's spreadsheet shows them. */
export const optimisationExportColumns = [
  'NHS number',
  'Local patient identifier',
  'First name',
  'Last name',
  'Consultant surgeon',
  'TCI date',
  'Risk band',
  'Probability',
  'Risk factor',
  'Status',
  'Value',
  'Value date',
  'Due date',
  'Overdue',
] as const;
