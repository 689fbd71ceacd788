import { isCalendarDate } from '@esr/contracts/calendar';
import { londonMidnight } from '@esr/contracts/london-dates';

/**
 * docs/requirements.md §9 shows dates in UK time, so a change-log date filter means a UK calendar
 * day: from its midnight in Europe/London to the next, as UTC instants.
 */

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
