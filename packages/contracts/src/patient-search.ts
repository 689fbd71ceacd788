import { z } from 'zod';
import { fieldLimits } from './field-limits.js';
import { procedureCodeSchema } from './procedures.js';
import { recordText } from './open-pathways.js';
import { isActiveText } from './patient-fields.js';

/** The patient lookup (docs/requirements.md §2 patient screens, §3 patient search result). */

// One limit per field, across the import, the API and the screens (field-limits.ts).
export const maxLocalIdentifierLength = fieldLimits.localPatientIdentifier;

/** Field names of the search's 400 errors (docs/requirements.md §5: NHSNumber and MedicalRecordNumber). */
export const patientSearchMessages = {
  nhsNumberLength: 'Enter a 10-digit NHS number',
  nhsNumberInvalid: 'Enter a valid NHS number: this one fails the check-digit test',
  localIdentifierTooLong: `Local patient identifier must be ${maxLocalIdentifierLength} characters or fewer`,
  nothingToSearch: 'Enter an NHS number or a local patient identifier',
  notFound: 'No patient was found with these details.',
} as const;

export const patientSearchQuerySchema = z.object({
  nhsNumber: z.string().max(100).optional().meta({
    description:
      'The NHS number: 10 digits, spaces and hyphens allowed, Modulus 11 checked (errors under NHSNumber)',
    example: '9434765919',
  }),
  medicalRecordNumber: z.string().max(100).optional().meta({
    description: 'Or the local patient identifier, up to 30 characters (errors under MedicalRecordNumber)',
    example: 'RAN760798',
  }),
});
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

/** docs/requirements.md §3 patient search result: one per pathway. `isActive` false: archived, read-only. */
export const patientSearchItemSchema = z.object({
  id: z.string().describe(recordText.id),
  medicalRecordNumber: z.string().nullable().describe(recordText.hospitalNumber),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  operationType: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  referralDate: z.string().nullable().describe(recordText.referralDate),
  isActive: z.boolean().describe(isActiveText),
});
export type PatientSearchItem = z.infer<typeof patientSearchItemSchema>;
export const patientSearchResponseSchema = z.object({
  patients: z
    .array(patientSearchItemSchema)
    .describe(
      'The matching pathways at the trust (up to 50): active first, then by referral date, latest first',
    ),
});
export type PatientSearchResponse = z.infer<typeof patientSearchResponseSchema>;
