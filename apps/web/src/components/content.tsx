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

/** A column of a table; a record table's may sort it and may lead the row when the table stacks. */
export interface Column<Row, Key extends string = string> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The order the header's button asks for; absent, the header is plain text. */
  sortKey?: Key;
  /**
   * Shown first when the table stacks on a narrow screen (the risk, decision 0038); where the
   * table is a table, the column keeps its place.
   */
  stackFirst?: boolean;
}

/** The order a table shows, and what a header's button does. */
export interface TableSort<Key extends string> {
  key: Key;
  direction: 'asc' | 'desc';
  onSort: (key: Key) => void;
}

/** aria-sort of a header: the sorted column's direction, `none` on the others that can sort. */
export function ariaSortFor<Key extends string>(
  column: Pick<Column<unknown, Key>, 'sortKey'>,
  sort: Pick<TableSort<Key>, 'key' | 'direction'> | undefined,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!sort || column.sortKey === undefined) return undefined;
  if (column.sortKey !== sort.key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** The arrow beside a sortable header: which way it is sorted, or that it can be. */
function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const path =
    state === 'ascending'
      ? 'M6 15l6-6 6 6z'
      : state === 'descending'
        ? 'M6 9l6 6 6-6z'
        : 'M7 10l5-5 5 5zM7 14l5 5 5-5z';
  return (
    <svg
      className="app-sort-button__icon"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/**
 * A header: its text, or, when the table sorts by it, a button in the sortable table pattern of the
 * NHS.UK and GOV.UK communities (decision 0038). The button is for wide screens, where the header
 * row shows; when the table stacks, the page offers its own way to sort.
 */
function HeaderCell<Key extends string>({
  column,
  sort,
}: {
  column: Column<never, Key>;
  sort: TableSort<Key> | undefined;
}) {
  const state = ariaSortFor(column, sort);
  return (
    <th scope="col" aria-sort={state} className={column.numeric ? 'nhsuk-table__header--numeric' : undefined}>
      {sort && column.sortKey !== undefined && state ? (
        <>
          <button type="button" className="app-sort-button" onClick={() => sort.onSort(column.sortKey!)}>
            {column.header}
            <SortIcon state={state} />
          </button>
          <span className="app-sort-label">{column.header}</span>
        </>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * Where a table sits: in the page's flow (`flow`, the default); in a region that scrolls sideways
 * when it is too wide for a laptop screen, named by its caption, which stays in view (`scroll`,
 * NHS.UK scroll component; WCAG 1.4.10); or as a table of records (decision 0038), in such a region,
 * each cell's content in one block so that a stacked row lays out its label and its value side by
 * side. A record table's short values stay on one line and it scrolls when too wide (`records`), or
 * its columns are chosen to fit a laptop screen, their text wrapping (`records-fit`).
 */
export type TableLayout = 'flow' | 'scroll' | 'records' | 'records-fit';

const regionClass: Record<Exclude<TableLayout, 'flow'>, string> = {
  scroll: 'app-table-scroll',
  records: 'app-table-scroll app-record-table',
  'records-fit': 'app-table-scroll app-record-table app-record-table--fits',
};

export function Table<Row, Key extends string = string>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  sort,
  layout = 'flow',
}: {
  caption?: string;
  /** The caption still names the table for assistive technology when a heading above says it. */
  captionHidden?: boolean;
  columns: Column<Row, Key>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The order shown, for a table whose headers sort it. */
  sort?: TableSort<Key> | undefined;
  layout?: TableLayout | undefined;
}) {
  const captionId = useId();
  const records = layout === 'records' || layout === 'records-fit';
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
            <HeaderCell key={column.header} column={column} sort={sort} />
          ))}
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">
        {rows.map((row) => (
          <tr className="nhsuk-table__row" key={rowKey(row)}>
            {columns.map((column) => (
              <td
                className={`nhsuk-table__cell${column.numeric ? ' nhsuk-table__cell--numeric' : ''}${column.stackFirst ? ' app-record-table__first' : ''}`}
                key={column.header}
              >
                <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                  {column.header}{' '}
                </span>
                {records ? (
                  <div className="app-record-table__value">{column.cell(row)}</div>
                ) : (
                  column.cell(row)
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (layout === 'flow') return table;
  return (
    <ScrollRegion labelledBy={caption ? captionId : undefined} className={regionClass[layout]}>
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
