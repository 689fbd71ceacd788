import { todayInLondon } from '@esr/contracts/london-dates';

const dayNumber = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!) / 86_400_000;
};

/** Whole days from a referral date (YYYY-MM-DD) to today in England; null without a date. */
export function daysWaiting(referralDate: string | null, today = todayInLondon()): number | null {
  if (!referralDate || !/^\d{4}-\d{2}-\d{2}$/.test(referralDate)) return null;
  return dayNumber(today) - dayNumber(referralDate);
}

/**
 * How long a patient has waited since referral, as the list sorts by it (days since referral,
 * docs/decisions/0038-the-risk-leads-the-lists.md): in whole weeks, as waits are counted (under
 * two weeks in days). Empty without a referral date or with one still to come.
 */
export function waitText(referralDate: string | null, today = todayInLondon()): string {
  const days = daysWaiting(referralDate, today);
  if (days === null || days < 0) return '';
  if (days < 14) return `${days} ${days === 1 ? 'day' : 'days'}`;
  const weeks = Math.floor(days / 7);
  return `${weeks.toLocaleString('en-GB')} weeks`;
}
