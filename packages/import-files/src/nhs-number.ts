import { hasValidCheckDigit } from '@esr/contracts/nhs-number';
import { rowMessages } from './messages.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export { hasValidCheckDigit };

function isRepeatedDigit(digits: string): boolean {
  const first = digits.charCodeAt(0);
  for (let i = 1; i < digits.length; i++) if (digits.charCodeAt(i) !== first) return false;
  return true;
}

function allDigits(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return value.length > 0;
}

const scientific = /^\d+(?:\.\d+)?[eE][+-]?\d+$/;
const decimal = /^\d+\.\d+$/;

/**
 * Reads an NHS number as written (trimmed, not blank). Spaces and hyphens are layout; anything Excel
 * did to the number (scientific notation, a trailing `.0`) is reported, never repaired (docs/requirements.md §5).
 */
export function parseNhsNumber(raw: string): Parsed<string> {
  let digits = raw;
  if (!(raw.length === 10 && allDigits(raw))) {
    if (scientific.test(raw)) return { ok: false, error: rowMessages.nhsScientific(raw) };
    if (decimal.test(raw)) return { ok: false, error: rowMessages.nhsDecimal(raw) };
    digits = raw.replace(/[\s\-\u2010\u2011]/g, '');
    if (!allDigits(digits)) return { ok: false, error: rowMessages.nhsCharacters(raw) };
    if (digits.length !== 10) return { ok: false, error: rowMessages.nhsLength(raw, digits.length) };
  }
  if (isRepeatedDigit(digits)) return { ok: false, error: rowMessages.nhsRepeated(digits) };
  if (!hasValidCheckDigit(digits)) return { ok: false, error: rowMessages.nhsChecksum(digits) };
  return { ok: true, value: digits };
}

/** A local identifier that Excel has visibly damaged: `1.23457E+11`, or digits with a trailing `.0`. */
export function localIdentifierDamage(raw: string): string | null {
  if (scientific.test(raw)) return rowMessages.localScientific(raw);
  if (/^\d+\.0+$/.test(raw)) return rowMessages.localDecimal(raw);
  return null;
}
