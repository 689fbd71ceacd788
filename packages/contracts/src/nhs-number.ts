/**
 * The NHS number check digit (NHS Data Dictionary, Modulus 11): digits 1–9 weighted 10 down to 2;
 * 11 − (sum mod 11) is the check digit, 11 counting as 0 and 10 never issued. The import, the
 * patient search and the lookup screen all ask it.
 */
export function hasValidCheckDigit(digits: string): boolean {
  if (digits.length !== 10) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    sum += d * (10 - i);
  }
  const last = digits.charCodeAt(9) - 48;
  if (last < 0 || last > 9) return false;
  let check = 11 - (sum % 11);
  if (check === 11) check = 0;
  return check !== 10 && check === last;
}

/** An NHS number as typed or pasted, without the spaces and hyphens people put in it. */
export const nhsNumberDigits = (value: string) => value.replace(/[\s\-\u2010\u2011]/g, '');

/**
 * An NHS number as NHS.UK prints and shows it, in groups of 3, 3 and 4 digits (943 476 5919), so
 * that it can be read aloud and checked against a letter (docs/requirements.md §5, "Phone display").
 * Anything that is not 10 digits is shown as written.
 */
export const spacedNhsNumber = (digits: string): string =>
  /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits;
