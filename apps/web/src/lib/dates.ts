import {
  londonFileTimestamp,
  showLondonDate,
  showLondonDateTime,
  todayInLondon,
} from '@esr/contracts/london-dates';

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare date (no time) is a calendar date, not an instant: keep it as written.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** docs/requirements.md §9: DD-MMM-YYYY, in UK time. Empty or invalid input gives ''. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? showLondonDate(date) : '';
}

/** docs/requirements.md §9: DD-MMM-YYYY HH:mm:ss, in UK time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? showLondonDateTime(date) : '';
}

/** The moment as YYYYMMDD-HHmmss in UK time, for downloaded file names. */
export const formatFileTimestamp = (value: Date): string => londonFileTimestamp(value);

/**
 * When something falls due (a validation), as a person reads it: "Next due 15-Jan-2027" until the
 * day has passed in London, then "Overdue since 15-Jan-2027", so a past date never reads as coming.
 */
export function dueText(day: string, today: string = todayInLondon()): string {
  return `${day < today ? 'Overdue since' : 'Next due'} ${formatDate(day)}`;
}
