import { isCalendarDate } from '@esr/contracts/calendar';
import type { Parsed } from './nhs-number.js';
import { rowMessages } from './messages.js';

export interface DateOptions {
  /** Cells from a workbook: a bare number is an Excel date serial there, and only there. */
  spreadsheet: boolean;
  /** Dates of birth: a two-digit year could be either century, so it is refused rather than guessed. */
  fullYearOnly: boolean;
}

const monthNames = new Map<string, number>();
['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].forEach((m, i) =>
  monthNames.set(m, i + 1),
);
[
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
].forEach((m, i) => monthNames.set(m, i + 1));
monthNames.set('sept', 9);

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Excel stores dates as days since 1899-12-30 (1904-01-01 in the 1904 system), time as the fraction. */
export function serialToIso(serial: number, date1904 = false): string {
  const days = Math.floor(serial);
  const ms = Math.round((serial - days) * 86_400_000);
  const date = new Date(Date.UTC(1899, 11, 30) + (days + (date1904 ? 1462 : 0)) * 86_400_000 + ms);
  const iso = date.toISOString();
  return ms === 0 ? iso.slice(0, 10) : iso.slice(0, 19);
}

const timePart =
  /^[T ]\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(?:Z|[AaPp]\.?[Mm]\.?|[+-]\d{2}:?\d{2})?$/;

function digitRun(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  return i;
}

function letterRun(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i) | 32;
    if (c < 97 || c > 122) break;
    i++;
  }
  return i;
}

function isSeparator(c: number): boolean {
  // '/', '-', '.', ' '
  return c === 47 || c === 45 || c === 46 || c === 32;
}

/**
 * Reads a date written day first (PAS and Excel exports in the UK) or as ISO `YYYY-MM-DD`, with or
 * without a time, and returns `YYYY-MM-DD` (or `YYYY-MM-DDTHH:MM:SS` when a time was given, which
 * blood-test ordering uses). Month-first dates are never guessed (import-data.md).
 */
export function parseDate(raw: string, label: string, options: DateOptions): Parsed<string> {
  const s = raw;
  const n = s.length;
  const firstEnd = digitRun(s, 0);
  if (firstEnd === n) {
    if (n === 8) return finish(raw, label, +s.slice(0, 4), +s.slice(4, 6), +s.slice(6, 8), '');
    if (n >= 1 && n <= 7) {
      if (options.spreadsheet) return fromSerial(raw, label, Number(s));
      if (n === 5) return { ok: false, error: rowMessages.dateSerial(label, raw) };
    }
    return { ok: false, error: rowMessages.dateFormat(label, raw) };
  }
  if (firstEnd === 0) return { ok: false, error: rowMessages.dateFormat(label, raw) };
  const sep = s.charCodeAt(firstEnd);
  if (options.spreadsheet && sep === 46 && /^\d+\.\d+$/.test(s)) return fromSerial(raw, label, Number(s));
  if (!isSeparator(sep)) return { ok: false, error: rowMessages.dateFormat(label, raw) };

  let year: number;
  let month: number;
  let day: number;
  let rest: number;
  if (firstEnd === 4) {
    // YYYY-MM-DD, YYYY/MM/DD
    year = +s.slice(0, 4);
    const monthEnd = digitRun(s, 5);
    if (monthEnd === 5 || monthEnd - 5 > 2 || s.charCodeAt(monthEnd) !== sep) {
      return { ok: false, error: rowMessages.dateFormat(label, raw) };
    }
    month = +s.slice(5, monthEnd);
    const dayEnd = digitRun(s, monthEnd + 1);
    if (dayEnd === monthEnd + 1 || dayEnd - monthEnd - 1 > 2) {
      return { ok: false, error: rowMessages.dateFormat(label, raw) };
    }
    day = +s.slice(monthEnd + 1, dayEnd);
    rest = dayEnd;
  } else if (firstEnd <= 2) {
    day = +s.slice(0, firstEnd);
    let p = firstEnd + 1;
    const monthDigitsEnd = digitRun(s, p);
    if (monthDigitsEnd > p) {
      if (monthDigitsEnd - p > 2) return { ok: false, error: rowMessages.dateFormat(label, raw) };
      month = +s.slice(p, monthDigitsEnd);
      p = monthDigitsEnd;
    } else {
      const lettersEnd = letterRun(s, p);
      const name = monthNames.get(s.slice(p, lettersEnd).toLowerCase());
      if (name === undefined) return { ok: false, error: rowMessages.dateFormat(label, raw) };
      month = name;
      p = lettersEnd;
    }
    if (!isSeparator(s.charCodeAt(p))) return { ok: false, error: rowMessages.dateFormat(label, raw) };
    p++;
    const yearEnd = digitRun(s, p);
    const yearDigits = yearEnd - p;
    if (yearDigits === 2) {
      if (options.fullYearOnly) return { ok: false, error: rowMessages.dateTwoDigitYear(label, raw) };
      year = 2000 + +s.slice(p, yearEnd);
    } else if (yearDigits === 4) {
      year = +s.slice(p, yearEnd);
    } else {
      return { ok: false, error: rowMessages.dateFormat(label, raw) };
    }
    rest = yearEnd;
  } else {
    return { ok: false, error: rowMessages.dateFormat(label, raw) };
  }

  let time = '';
  if (rest < n) {
    const m = timePart.exec(s.slice(rest));
    if (!m) return { ok: false, error: rowMessages.dateFormat(label, raw) };
    let hours = +m[1]!;
    const suffix = s.slice(rest).trim().slice(-2).toLowerCase();
    if (suffix === 'pm' && hours < 12) hours += 12;
    if (suffix === 'am' && hours === 12) hours = 0;
    const minutes = +m[2]!;
    const seconds = m[3] === undefined ? 0 : +m[3];
    if (hours > 23 || minutes > 59 || seconds > 59)
      return { ok: false, error: rowMessages.dateNotReal(label, raw) };
    time = `T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
  }
  return finish(raw, label, year, month, day, time);
}

function fromSerial(raw: string, label: string, serial: number): Parsed<string> {
  if (!(serial >= 1 && serial < 2_958_466)) return { ok: false, error: rowMessages.dateNotReal(label, raw) };
  const iso = serialToIso(serial);
  return finish(raw, label, +iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10), iso.slice(10));
}

function finish(
  raw: string,
  label: string,
  year: number,
  month: number,
  day: number,
  time: string,
): Parsed<string> {
  if (!isCalendarDate(year, month, day)) {
    if (month > 12 && month <= 31 && day <= 12 && isCalendarDate(year, day, month)) {
      return { ok: false, error: rowMessages.dateMonthFirst(label, raw) };
    }
    return { ok: false, error: rowMessages.dateNotReal(label, raw) };
  }
  if (year === 1900 && month === 1 && day === 1)
    return { ok: false, error: rowMessages.datePlaceholder(label, raw) };
  if (year >= 2900) return { ok: false, error: rowMessages.datePlaceholder(label, raw) };
  if (year < 1900) return { ok: false, error: rowMessages.dateTooOld(label, raw) };
  return { ok: true, value: `${year}-${pad2(month)}-${pad2(day)}${time}` };
}

/** Whole years from a date of birth to a day, both `YYYY-MM-DD`. */
export function ageOn(dateOfBirth: string, day: string): number {
  let age = +day.slice(0, 4) - +dateOfBirth.slice(0, 4);
  if (day.slice(5, 10) < dateOfBirth.slice(5, 10)) age--;
  return age;
}

/** `YYYY-MM-DD` shown as the clerk's spreadsheet does: DD/MM/YYYY. */
export function showDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
