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

export type BirthDateReading = { ok: true; value: string | null } | { ok: false; problem: string };

/**
 * A date of birth as a message gives it (decision 0055): HL7 v2 PID-7 (`19510312`, a time after
 * it ignored) or FHIR Patient.birthDate (`1951-03-12`), as YYYY-MM-DD; null when it is blank. Only
 * a whole date can tell one patient from another: a year or a month alone is a problem, as is a
 * date that is not a real day or is after `today` (YYYY-MM-DD). Problems never repeat the date.
 */
export function readBirthDate(raw: string, kind: 'hl7' | 'fhir', today: string): BirthDateReading {
  const text = raw.trim();
  if (text.length === 0) return { ok: true, value: null };
  let year: string;
  let month: string;
  let day: string;
  if (kind === 'hl7') {
    if (!/^\d{4,}/.test(text)) return { ok: false, problem: 'is not a date (YYYYMMDD)' };
    if (text.length < 8 || !/^\d{8}/.test(text))
      return { ok: false, problem: 'gives only part of a date: give the whole date (YYYYMMDD)' };
    [year, month, day] = [text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)];
  } else {
    if (/^\d{4}(-\d{2})?$/.test(text))
      return { ok: false, problem: 'gives only part of a date: give the whole date (YYYY-MM-DD)' };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return { ok: false, problem: 'is not a date (YYYY-MM-DD)' };
    [year, month, day] = [text.slice(0, 4), text.slice(5, 7), text.slice(8, 10)];
  }
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const value = `${year}-${month}-${day}`;
  if (Number(year) < 1900 || date.toISOString().slice(0, 10) !== value)
    return { ok: false, problem: 'is not a real date' };
  if (value > today) return { ok: false, problem: 'is in the future' };
  return { ok: true, value };
}
