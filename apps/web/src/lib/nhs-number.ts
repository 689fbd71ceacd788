import { spacedNhsNumber } from '@esr/contracts/nhs-number';

/**
 * An NHS number as NHS.UK shows it, in groups of 3, 3 and 4 digits (485 777 3456), so that it can
 * be read aloud and checked against a letter. Anything that is not 10 digits is shown as it is.
 */
export function formatNhsNumber(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\s/g, '');
  const spaced = spacedNhsNumber(digits);
  return spaced === digits ? value : spaced;
}
