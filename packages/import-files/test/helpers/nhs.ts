import { hasValidCheckDigit } from '../../src/nhs-number.js';

/** The nth test NHS number (999 range, valid check digit: never issued to a patient). */
export function testNhsNumber(n: number): string {
  let found = -1;
  for (let body = 999000000; ; body++) {
    const nine = String(body);
    for (let d = 0; d <= 9; d++) {
      // Only one check digit fits a body; bodies whose check would be 10 have none.
      if (hasValidCheckDigit(nine + d)) {
        found++;
        if (found === n) return nine + d;
      }
    }
  }
}

/** 3-3-4, as written on letters and in many PAS extracts. */
export function spaced(nhs: string): string {
  return `${nhs.slice(0, 3)} ${nhs.slice(3, 6)} ${nhs.slice(6)}`;
}
