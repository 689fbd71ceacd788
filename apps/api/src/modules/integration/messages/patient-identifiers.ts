/**
 * The identifiers a message gives for its patient: an NHS number, checked as everywhere else
 * (Modulus 11, no repeated digit), and a local (hospital) number within the product's length limit.
 * Problems are told without the number itself, so an error never carries patient data.
 */
import { fieldLimits } from '@esr/contracts/field-limits';
import { hasValidCheckDigit, nhsNumberDigits } from '@esr/contracts/nhs-number';

export type NhsNumberReading = { ok: true; value: string } | { ok: false; problem: string };

/** An NHS number as a message carries it (spaces and hyphens are layout), or what is wrong with it. */
export function readNhsNumber(raw: string): NhsNumberReading {
  const digits = nhsNumberDigits(raw.trim());
  if (!/^\d+$/.test(digits)) return { ok: false, problem: 'should hold only digits' };
  if (digits.length !== 10) return { ok: false, problem: `has ${digits.length} digits, not 10` };
  if (/^(\d)\1{9}$/.test(digits))
    return { ok: false, problem: 'is one digit repeated, which is never issued' };
  if (!hasValidCheckDigit(digits)) return { ok: false, problem: 'fails the check digit (Modulus 11)' };
  return { ok: true, value: digits };
}

/** Whether a local identifier fits the product's limit (docs/requirements.md §9: at most 30 characters). */
export const localIdentifierFits = (value: string) => value.length <= fieldLimits.localPatientIdentifier;

export const localTooLongNote = `The local patient identifier is longer than ${fieldLimits.localPatientIdentifier} characters, so it was not kept.`;
