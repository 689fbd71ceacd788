import { isCalendarDate } from '@esr/contracts/calendar';

/**
 * spec §9 shows dates in UK time, so a change-log date filter means a UK calendar day: from its
 * midnight in Europe/London to the next, as UTC instants. (UK clocks change at 01:00 UTC, so a
 * UK midnight is never skipped or repeated.)
 */
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function londonMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  const parts = londonParts.formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const localAsUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return new Date(guess - (localAsUtc - guess));
}

/** The UK day named by `YYYY-MM-DD` (or the day part of an ISO date-time); null if not a real date. */
export function londonDayBounds(value: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day)) return null;
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    start: londonMidnight(year, month, day),
    end: londonMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}
