/** docs/requirements.md §5 "Phone display": a 10-digit number is grouped 3-3-4 with spaces; others are shown as stored. */
export function groupPhoneNumber(number: string): string {
  const digits = number.replace(/\s+/g, '');
  if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  return number.trim();
}

/** docs/requirements.md §2 trust details: the phone as the country code plus the grouped number. */
export function formatPhone(code: string, number: string): string {
  return [code.trim(), groupPhoneNumber(number)].filter(Boolean).join(' ');
}
