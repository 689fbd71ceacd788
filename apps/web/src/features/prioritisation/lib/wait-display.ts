import { showCalendarDate } from '@esr/contracts/london-dates';

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** Whole weeks in a number of days, as referral-to-treatment waits are counted: 13 days is 1 week. */
export const completedWeeks = (days: number): number => Math.floor(days / 7);

/** '1 day', '400 days'. */
export const daysText = (days: number): string => counted(days, 'day', 'days');

/** '1 week', '57 weeks'. */
export const weeksText = (weeks: number): string => counted(weeks, 'week', 'weeks');

/**
 * How long a pathway has waited since its referral-to-treatment clock start, in completed weeks
 * with the days beside them: '57 weeks (400 days)'. A clock start still to come has not started,
 * and a pathway without one has no wait.
 */
export function waitedText(daysWaited: number | null): string {
  if (daysWaited === null) return 'No clock start';
  if (daysWaited < 0) return 'Clock not started yet';
  return `${weeksText(completedWeeks(daysWaited))} (${daysText(daysWaited)})`;
}

/** A calendar date (YYYY-MM-DD) as shown, DD-MMM-YYYY; '' without one. */
export const dateText = (date: string | null | undefined): string => (date ? showCalendarDate(date) : '');

/** Weeks as a list in words: '52, 78 and 104 weeks'. */
export function weeksListText(weeks: readonly number[]): string {
  if (weeks.length === 0) return 'none';
  const numbers = weeks.map((week) => week.toLocaleString('en-GB'));
  const list =
    numbers.length === 1 ? numbers[0]! : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)!}`;
  return `${list} ${weeks.length === 1 && weeks[0] === 1 ? 'week' : 'weeks'}`;
}
