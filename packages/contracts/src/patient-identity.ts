import { z } from 'zod';
import { hasBidiControls } from './text-direction.js';
import { boundedDate, multiLine } from './text-rules.js';

/**
 * Who a pathway is (docs/decisions/0055-identity-by-nhs-number-and-date-of-birth.md): a waiting-list
 * row is the pathway's patient when it has the pathway's NHS number (else local identifier) and
 * date of birth. A row with the NHS number and another date of birth is refused; a clinician who
 * finds that the trust's system corrected the date of birth confirms it from the risk summary.
 */

/** An uploaded row refused because it has this pathway's NHS number and another date of birth. */
export const identityConflictSchema = z.object({
  rowNumber: z.number().int().describe('The row of the uploaded waiting list'),
  fileName: z.string().describe('The waiting list file’s name, as uploaded'),
  uploadedAt: z.string().describe('When the list was uploaded: ISO 8601, UTC'),
  dateOfBirth: z.string().describe('The date of birth the row gives, YYYY-MM-DD'),
  hospitalNumber: z.string().nullable().describe('The local patient identifier the row gives, if any'),
});
export type IdentityConflict = z.infer<typeof identityConflictSchema>;

export const identityConflictsDescription =
  'Rows of the trust’s undecided uploads of this list refused because they have this pathway’s NHS number (or, without one, its local identifier) and another date of birth (decision 0055), newest first; empty when none. A clinician may confirm a corrected date of birth (POST …/identity-correction), after which a row with it is this patient.';

export const maxIdentityReasonLength = 500;

export const identityCorrectionMessages = {
  dateRequired: 'Enter the corrected date of birth',
  dateInvalid: 'The corrected date of birth must be a real date, for example 4 7 1960',
  dateFuture: 'The corrected date of birth must be in the past',
  dateTooOld: 'The corrected date of birth must give an age of 110 years or under',
  dateSame: 'Enter a date of birth different from the one the pathway has',
  reasonRequired: 'Enter how you know it is the same patient',
  reasonTooLong: `The reason must be ${maxIdentityReasonLength} characters or fewer`,
  cliniciansOnly: 'Only a clinician can confirm a corrected date of birth',
  notOnList: 'The pathway is no longer on the active waiting list',
  confirmed: 'Corrected date of birth confirmed',
} as const;

/** POST …/patients/{id}/identity-correction: "same patient, date of birth corrected". */
export const identityCorrectionRequestSchema = z.object({
  dateOfBirth: z
    .string({ error: identityCorrectionMessages.dateRequired })
    .max(30, identityCorrectionMessages.dateInvalid)
    .trim()
    .min(1, identityCorrectionMessages.dateRequired)
    .pipe(boundedDate)
    .meta({
      description:
        'The corrected date of birth, YYYY-MM-DD, as the trust’s system now holds it: in the past, an age of 110 or under, and not the date the pathway has',
      example: '1960-07-04',
    }),
  reason: z
    .string({ error: identityCorrectionMessages.reasonRequired })
    .max(5_000)
    .refine((value) => !hasBidiControls(value), 'The reason contains hidden text-direction characters')
    .check(multiLine)
    .meta({
      description:
        'How the clinician knows it is the same patient and the date of birth was corrected: required, up to 500 characters',
      example: 'PAS record checked with the patient at clinic: date of birth was mistyped at registration',
    }),
});
export type IdentityCorrectionRequest = z.infer<typeof identityCorrectionRequestSchema>;

/** A trust's settings for the results its systems send (decision 0055), on the integration clients screen. */
export const labMessageSettingsSchema = z.object({
  labMessagesWithoutBirthDate: z
    .boolean()
    .describe(
      'The trust’s laboratory systems never send a date of birth (HL7 PID-7, FHIR Patient.birthDate): a result without one is matched by NHS number alone instead of refused. Off by default.',
    ),
});
export type LabMessageSettings = z.infer<typeof labMessageSettingsSchema>;
