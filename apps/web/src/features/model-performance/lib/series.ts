import { monthAbbreviations } from '@esr/contracts/london-dates';

/**
 * The VLAD and CUSUM have a point per operation date: hundreds of rows. Their tables show one row
 * a month (what the line did that month), with every date behind a disclosure.
 */

/** A series this long or shorter is shown date by date, without a summary. */
export const seriesSummaryAfter = 12;

/** A month of a series: its points, in date order. */
export interface MonthOfSeries<Point> {
  /** YYYY-MM. */
  month: string;
  points: Point[];
  last: Point;
}

/** The points grouped by the month of their date (YYYY-MM-DD), in the order given. */
export function byMonth<Point extends { date: string }>(points: readonly Point[]): MonthOfSeries<Point>[] {
  const months: MonthOfSeries<Point>[] = [];
  for (const point of points) {
    const month = point.date.slice(0, 7);
    const current = months.at(-1);
    if (current && current.month === month) {
      current.points.push(point);
      current.last = point;
    } else months.push({ month, points: [point], last: point });
  }
  return months;
}

/** A month as shown: '2026-03' is 'Mar 2026'. */
export function monthText(month: string): string {
  const [year, number] = month.split('-');
  const name = monthAbbreviations[Number(number) - 1];
  return name && year ? `${name} ${year}` : month;
}
