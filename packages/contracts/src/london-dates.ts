/**
 * Dates as the trust's users live them (docs/requirements.md §9: dates are shown DD-MMM-YYYY, with
 * time DD-MMM-YYYY HH:mm:ss, in UK time). The API and the web app both read the Europe/London wall
 * clock here, so a date never reads one way on the screen and another on a report.
 */

/** Month abbreviations of the DD-MMM-YYYY format, January first. */
export const monthAbbreviations = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A wall-clock reading, each part as digits: month to second two digits each (`'03'`, `'05'`). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const londonFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** What a clock in England showed at an instant (GMT in winter, BST in summer). */
export function londonWallClock(instant: Date): WallClock {
  const parts = londonFormat.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Today in England as YYYY-MM-DD: an age or a future date is judged on the trust's calendar. */
export function todayInLondon(now = new Date()): string {
  const t = londonWallClock(now);
  return `${t.year}-${t.month}-${t.day}`;
}

/**
 * The instant a calendar day (month 1–12) starts in England. UK clocks change at 01:00 UTC, so a
 * UK midnight is never skipped or repeated, and the offset in force at that day's UTC midnight is
 * the one its London midnight has.
 */
export function londonMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  const t = londonWallClock(new Date(guess));
  const localAsUtc = Date.UTC(+t.year, +t.month - 1, +t.day, +t.hour, +t.minute, +t.second);
  return new Date(guess - (localAsUtc - guess));
}

const monthOf = (month: string) => monthAbbreviations[Number(month) - 1];

/** A calendar date as shown: `2026-03-05` (or the date part of an ISO text) → `05-Mar-2026`; other text as given. */
export function showCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]}-${monthOf(match[2]!)}-${match[1]}`;
}

/** The UK calendar date of an instant: `05-Mar-2026`. */
export function showLondonDate(instant: Date): string {
  const t = londonWallClock(instant);
  return `${t.day}-${monthOf(t.month)}-${t.year}`;
}

/** An instant in UK time: `05-Mar-2026 14:25:01`, or `05-Mar-2026 14:25` to the minute. */
export function showLondonDateTime(instant: Date, precision: 'second' | 'minute' = 'second'): string {
  const t = londonWallClock(instant);
  const time = precision === 'second' ? `${t.hour}:${t.minute}:${t.second}` : `${t.hour}:${t.minute}`;
  return `${t.day}-${monthOf(t.month)}-${t.year} ${time}`;
}

/**
 * An instant as YYYYMMDD-HHmmss in UK time, for downloaded file names (docs/requirements.md §9: they
 * include a timestamp): it sorts in time order and holds no character a file system refuses.
 */
export function londonFileTimestamp(instant: Date): string {
  const t = londonWallClock(instant);
  return `${t.year}${t.month}${t.day}-${t.hour}${t.minute}${t.second}`;
}
