/**
 * Whether year, month (1–12) and day name a date on the calendar: 29 2 2024 does, 29 2 2026 and
 * 31 4 2026 do not. The web app's date fields and the API's date parameters both ask it.
 */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
