import { formatDate, formatDateTime } from '../../../lib/dates';

/** A date in a table cell, never broken at its hyphens. */
export function DateCell({ value }: { value: string }) {
  return <span className="app-nowrap">{formatDate(value)}</span>;
}

/** A moment in a table cell: its date and its time each whole, on two lines where the column is narrow. */
export function DateTimeCell({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <>
      <span className="app-nowrap">{date}</span> <span className="app-nowrap">{time}</span>
    </>
  );
}
