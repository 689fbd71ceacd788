import { hasValidCheckDigit, nhsNumberDigits } from '@esr/contracts/nhs-number';
import {
  maxLocalIdentifierLength,
  patientSearchMessages,
  type PatientSearchQuery,
} from '@esr/contracts/patients';
import { ApiError } from '../../../lib/api-client';

/** The patient lookup form (docs/requirements.md §2, §5): an NHS number, or a local identifier for a patient without one. */
export interface LookupForm {
  nhsNumber: string;
  noNhsNumber: boolean;
  localIdentifier: string;
}

export const emptyLookupForm: LookupForm = { nhsNumber: '', noNhsNumber: false, localIdentifier: '' };

export type LookupField = 'nhsNumber' | 'localIdentifier';
export type LookupErrors = Partial<Record<LookupField, string>>;

/**
 * docs/requirements.md §5, checked before any call: a 10-digit NHS number that passes the Modulus 11 check, or a
 * local identifier of at most 30 characters.
 */
export function lookupErrors(form: LookupForm): LookupErrors {
  if (form.noNhsNumber) {
    const local = form.localIdentifier.trim();
    if (!local) return { localIdentifier: patientSearchMessages.nothingToSearch };
    return local.length > maxLocalIdentifierLength
      ? { localIdentifier: patientSearchMessages.localIdentifierTooLong }
      : {};
  }
  const digits = nhsNumberDigits(form.nhsNumber);
  if (!digits) return { nhsNumber: patientSearchMessages.nothingToSearch };
  if (!/^\d{10}$/.test(digits)) return { nhsNumber: patientSearchMessages.nhsNumberLength };
  return hasValidCheckDigit(digits) ? {} : { nhsNumber: patientSearchMessages.nhsNumberInvalid };
}

/** The search's query (docs/requirements.md §7): one of the two, never both. */
export function searchQueryOf(form: LookupForm): PatientSearchQuery {
  return form.noNhsNumber
    ? { medicalRecordNumber: form.localIdentifier.trim() }
    : { nhsNumber: nhsNumberDigits(form.nhsNumber) };
}

export interface SearchFailure {
  fieldErrors: LookupErrors;
  /** The server's words when no patient matches (docs/requirements.md §8: 404 shows the detail). */
  notFound?: string;
  /** Any other failure. */
  message?: string;
}

/**
 * docs/requirements.md §5, §8: a 400's NHSNumber and MedicalRecordNumber errors go under their fields, a 404 shows
 * the server's detail; anything else is a general problem.
 */
export function searchFailureOf(error: unknown, someError: string): SearchFailure {
  if (error instanceof ApiError) {
    if (error.status === 404)
      return { fieldErrors: {}, notFound: error.body?.detail ?? patientSearchMessages.notFound };
    const errors = error.body?.errors;
    if (error.status === 400 && errors) {
      const fieldErrors: LookupErrors = {};
      if (errors.NHSNumber?.[0]) fieldErrors.nhsNumber = errors.NHSNumber[0];
      if (errors.MedicalRecordNumber?.[0]) fieldErrors.localIdentifier = errors.MedicalRecordNumber[0];
      if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
    }
    if (error.status === 400 && error.body?.detail) return { fieldErrors: {}, message: error.body.detail };
  }
  return { fieldErrors: {}, message: someError };
}
