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

/**
 * Round ticks for a value axis that holds `low` to `high`: about `count` steps of 1, 2, 2.5 or 5
 * times a power of ten, from a tick at or below `low` to one at or above `high`.
 */
export function niceTicks(low: number, high: number, count = 5): number[] {
  const span = high - low > 0 ? high - low : Math.max(Math.abs(high), 1);
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((times) => times * power).find((size) => size >= rough) ?? rough;
  const ticks = [Math.floor(low / step) * step];
  while (ticks.at(-1)! < high - step * 1e-9 || ticks.length < 2) ticks.push(ticks.at(-1)! + step);
  // Sums of steps drift (0.1 + 0.2): each tick is rounded to the step's own decimals.
  return ticks.map((tick) => Number(tick.toFixed(12)) || 0);
}
