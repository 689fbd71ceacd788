import { isCalendarDate } from '@esr/contracts/calendar';
import { dateYears } from '@esr/contracts/text-rules';

/** A calendar date as typed into the NHS.UK date input's Day, Month and Year fields. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const emptyDateParts: DateParts = { day: '', month: '', year: '' };

export type ReadDate = { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'invalid' };

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * Reads the three fields: all blank is no date; otherwise they must make a real calendar date
 * (31 2 2026 does not) with a four-digit year in range (by default the years every date of a
 * request may have, so that the API never refuses what the form let through). Spaces around a
 * number are forgiven.
 */
export function readDateParts(parts: DateParts, years: { min: number; max: number } = dateYears): ReadDate {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return { kind: 'empty' };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { kind: 'invalid' };
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (y < years.min || y > years.max || !isCalendarDate(y, m, d)) return { kind: 'invalid' };
  return { kind: 'date', iso: `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}` };
}

/** The fields for a YYYY-MM-DD date (as kept in an address); anything else gives empty fields. */
export function datePartsOf(iso: string | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return emptyDateParts;
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1]! };
}
