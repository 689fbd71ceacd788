import { useId, type ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export function Tag({
  colour,
  children,
}: {
  colour?:
    'white' | 'grey' | 'green' | 'aqua-green' | 'blue' | 'purple' | 'pink' | 'red' | 'orange' | 'yellow';
  children: ReactNode;
}) {
  return <strong className={`nhsuk-tag${colour ? ` nhsuk-tag--${colour}` : ''}`}>{children}</strong>;
}

export function InsetText({ children }: { children: ReactNode }) {
  return (
    <div className="nhsuk-inset-text">
      <span className="nhsuk-u-visually-hidden">Information: </span>
      {children}
    </div>
  );
}

export function WarningCallout({
  heading = 'Important',
  children,
}: {
  heading?: string;
  children: ReactNode;
}) {
  return (
    <div className="nhsuk-warning-callout">
      <h3 className="nhsuk-warning-callout__label">
        <span role="text">
          <span className="nhsuk-u-visually-hidden">Important: </span>
          {heading}
        </span>
      </h3>
      {children}
    </div>
  );
}

export function Panel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="nhsuk-panel">
      <h1 className="nhsuk-panel__title">{title}</h1>
      {children && <div className="nhsuk-panel__body">{children}</div>}
    </div>
  );
}

export interface SummaryRow {
  key: string;
  value: ReactNode;
  action?: ReactNode;
}

export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="nhsuk-summary-list">
      {rows.map((row) => (
        <div
          className={`nhsuk-summary-list__row${row.action ? '' : ' nhsuk-summary-list__row--no-actions'}`}
          key={row.key}
        >
          <dt className="nhsuk-summary-list__key">{row.key}</dt>
          <dd className="nhsuk-summary-list__value">{row.value}</dd>
          {row.action && <dd className="nhsuk-summary-list__actions">{row.action}</dd>}
        </div>
      ))}
    </dl>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

export function Table<Row>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  scrollable,
}: {
  caption?: string;
  /** The caption still names the table for assistive technology when a heading above says it. */
  captionHidden?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /**
   * A table too wide for a laptop screen scrolls sideways inside a region named by its caption,
   * which stays in view (NHS.UK scroll component; WCAG 1.4.10).
   */
  scrollable?: boolean;
}) {
  const captionId = useId();
  const table = (
    <table className="nhsuk-table-responsive">
      {caption && (
        <caption
          id={captionId}
          className={captionHidden ? 'nhsuk-u-visually-hidden' : 'nhsuk-table__caption'}
        >
          {caption}
        </caption>
      )}
      <thead className="nhsuk-table__head">
        <tr>
          {columns.map((column) => (
            <th
              scope="col"
              key={column.header}
              className={column.numeric ? 'nhsuk-table__header--numeric' : undefined}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">
        {rows.map((row) => (
          <tr className="nhsuk-table__row" key={rowKey(row)}>
            {columns.map((column) => (
              <td
                className={`nhsuk-table__cell${column.numeric ? ' nhsuk-table__cell--numeric' : ''}`}
                key={column.header}
              >
                <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                  {column.header}{' '}
                </span>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scrollable) return table;
  return (
    <ScrollRegion labelledBy={caption ? captionId : undefined} className="app-table-scroll">
      {table}
    </ScrollRegion>
  );
}

/** NHS.UK notification banner; the success variant is announced as an alert. */
export function NotificationBanner({
  title,
  success,
  children,
}: {
  title: string;
  success?: boolean;
  children: ReactNode;
}) {
  // Its own title id, so that two banners can share a page.
  const titleId = useId();
  return (
    <div
      className={`nhsuk-notification-banner${success ? ' nhsuk-notification-banner--success' : ''}`}
      role={success ? 'alert' : 'region'}
      aria-labelledby={titleId}
    >
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id={titleId}>
          {title}
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">{children}</div>
    </div>
  );
}
