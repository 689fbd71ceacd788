import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { readPage } from '../lib/page-param';
import type { Column } from './content';
import { ListStatus } from './list-status';
import { Pagination } from './pagination';
import { ScrollRegion } from './scroll-region';

interface PagedQuery<Row> {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
  data?: { items: Row[]; pageNumber: number; pageSize: number; totalCount: number } | undefined;
}

/** The page of a record list, kept in the address (`?page=N`; none for the first page). */
export function usePageNumber(): number {
  const [params] = useSearchParams();
  return readPage(params.get('page'));
}

/**
 * A page of waiting-list records (docs/requirements.md §9: 15 a page) under a heading that already
 * names it: a record table (which scrolls in its own region when too wide), with a count and pages
 * that change the address's page.
 */
export function RecordList<Row extends { id: string }>({
  query,
  caption,
  columns,
  fits,
}: {
  query: PagedQuery<Row>;
  caption: string;
  columns: RecordColumn<Row>[];
  /** See RecordTable. */
  fits?: boolean;
}) {
  const [, setParams] = useSearchParams();
  return (
    <PagedRecordTable
      query={query}
      caption={caption}
      captionHidden
      noun="record"
      columns={columns}
      fits={fits}
      onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
    />
  );
}

/** A column of a record table that may sort the list and may lead the row when the table stacks. */
export interface RecordColumn<Row, Key extends string = string> extends Column<Row> {
  /** The order the header's button asks for; absent, the header is plain text. */
  sortKey?: Key;
  /**
   * Shown first when the table stacks on a narrow screen (the risk, decision 0038); where the
   * table is a table, the column keeps its place.
   */
  stackFirst?: boolean;
}

/** The order a record table shows, and what a header's button does. */
export interface TableSort<Key extends string> {
  key: Key;
  direction: 'asc' | 'desc';
  onSort: (key: Key) => void;
}

/** aria-sort of a header: the sorted column's direction, `none` on the others that can sort. */
export function ariaSortFor<Key extends string>(
  column: Pick<RecordColumn<unknown, Key>, 'sortKey'>,
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
 * A table of records whose headers may sort it, in the sortable table pattern of the NHS.UK and
 * GOV.UK communities: a button in each header that can sort, `aria-sort` on the headers, the
 * current order shown by an arrow (decision 0038). The buttons are for wide screens, where the
 * header row shows; when the table stacks, the page offers its own way to sort. Each cell's
 * content sits in one block, so that the stacked row lays out its label and its value side by side.
 */
export function RecordTable<Row, Key extends string>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  sort,
  fits,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: RecordColumn<Row, Key>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort?: TableSort<Key>;
  /**
   * The columns are chosen to fit a laptop screen, their text wrapping (decision 0038); otherwise
   * short values stay on one line and a wide table scrolls sideways in its region.
   */
  fits?: boolean;
}) {
  const captionId = useId();
  return (
    <ScrollRegion
      labelledBy={captionId}
      className={`app-table-scroll app-record-table${fits ? ' app-record-table--fits' : ''}`}
    >
      <table className="nhsuk-table-responsive">
        <caption
          id={captionId}
          className={captionHidden ? 'nhsuk-u-visually-hidden' : 'nhsuk-table__caption'}
        >
          {caption}
        </caption>
        <thead className="nhsuk-table__head">
          <tr>
            {columns.map((column) => {
              const state = ariaSortFor(column, sort);
              return (
                <th scope="col" key={column.header} aria-sort={state}>
                  {sort && column.sortKey !== undefined && state ? (
                    <>
                      <button
                        type="button"
                        className="app-sort-button"
                        onClick={() => sort.onSort(column.sortKey!)}
                      >
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
            })}
          </tr>
        </thead>
        <tbody className="nhsuk-table__body">
          {rows.map((row) => (
            <tr className="nhsuk-table__row" key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  className={`nhsuk-table__cell${column.stackFirst ? ' app-record-table__first' : ''}`}
                  key={column.header}
                >
                  <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                    {column.header}{' '}
                  </span>
                  <div className="app-record-table__value">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A page of records in a RecordTable (docs/requirements.md §8 list states, §9 pages of 15), with
 * pages whose links keep the address's filters and order.
 */
export function PagedRecordTable<Row extends { id: string }, Key extends string = string>({
  query,
  caption,
  captionHidden,
  noun,
  columns,
  sort,
  fits,
  onPageChange,
  hrefFor,
  before,
}: {
  query: PagedQuery<Row>;
  caption: string;
  /** The heading above already says what the table is. */
  captionHidden?: boolean;
  /** Singular noun for an "N … found" line under the table; omitted, no count is shown. */
  noun?: string;
  columns: RecordColumn<Row, Key>[];
  sort?: TableSort<Key>;
  /** See RecordTable. */
  fits?: boolean;
  onPageChange: (page: number) => void;
  /** The address of a page, when the list keeps more than its page in the address. */
  hrefFor?: (page: number) => string;
  /** What goes above the table once there are rows (a narrow screen's sort). */
  before?: ReactNode;
}) {
  const page = query.data;
  return (
    <>
      <ListStatus
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={Boolean(page && page.items.length === 0)}
        onRetry={() => void query.refetch()}
      />
      {page && page.items.length > 0 && !query.isError && (
        <>
          {before}
          <RecordTable
            caption={caption}
            captionHidden={captionHidden}
            columns={columns}
            rows={page.items}
            rowKey={(row) => row.id}
            fits={fits}
            {...(sort ? { sort } : {})}
          />
          {noun && (
            <p className="nhsuk-body-s">
              {page.totalCount.toLocaleString('en-GB')} {noun}
              {page.totalCount === 1 ? '' : 's'} found
            </p>
          )}
          <Pagination
            pageNumber={page.pageNumber}
            pageSize={page.pageSize}
            totalCount={page.totalCount}
            onChange={onPageChange}
            {...(hrefFor ? { hrefFor } : {})}
          />
        </>
      )}
    </>
  );
}
