import type { ReactNode } from 'react';
import { messages } from '@esr/contracts/messages';
import { Button } from './button';
import { Table, type Column, type TableLayout, type TableSort } from './content';
import { Pagination } from './pagination';

/**
 * docs/requirements.md §8 list states: 'Loading data' while loading, 'some error occurred! Click here to
 * try again.' with a working retry when loading fails, 'No Records found.' when empty.
 */
export function ListStatus({
  isLoading,
  isError,
  isEmpty,
  onRetry,
}: {
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry: () => void;
}) {
  if (isLoading) return <StatusMessage text={messages.loading} />;
  if (isError)
    return (
      <p className="nhsuk-body app-list-error" role="alert">
        <button type="button" className="app-link-button" onClick={onRetry}>
          {messages.listLoadFailed}
        </button>
      </p>
    );
  if (isEmpty) return <StatusMessage text={messages.noRecords} />;
  return null;
}

/** What a query's load status reads of it (react-query's fields of the same names). */
export interface StatusQuery {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The load of something that is not a list (it is never empty): 'Loading data', or the list
 * failure with its retry (docs/requirements.md §8); nothing once it is loaded.
 */
export function QueryStatus({ query }: { query: StatusQuery }) {
  return (
    <ListStatus
      isLoading={query.isLoading}
      isError={query.isError}
      isEmpty={false}
      onRetry={() => void query.refetch()}
    />
  );
}

/** A line that screen readers announce politely: 'Loading data', 'No Records found.' */
export function StatusMessage({ text }: { text: string }) {
  return (
    <p className="nhsuk-body" role="status">
      {text}
    </p>
  );
}

/** What a paged list shows: a react-query query of one page of a list. */
export interface PagedQuery<Row> extends StatusQuery {
  data?: { items: Row[]; pageNumber: number; pageSize: number; totalCount: number } | undefined;
}

/**
 * A paged list (docs/requirements.md §8 list states, §9 pages of 15): its loading/error/empty
 * state, then its table, count and pages.
 */
export function PagedResults<Row, Key extends string = string>({
  query,
  caption,
  captionHidden,
  noun,
  columns,
  rowKey,
  sort,
  layout,
  onPageChange,
  hrefFor,
  before,
}: {
  query: PagedQuery<Row>;
  caption: string;
  /** The heading above already says what the table is (see Table). */
  captionHidden?: boolean;
  /** Singular noun for the "N … found" line; omitted, no count is shown. */
  noun?: string;
  columns: Column<Row, Key>[];
  rowKey: (row: Row) => string;
  /** The order shown, for a table whose headers sort it (see Table). */
  sort?: TableSort<Key> | undefined;
  /** See Table. */
  layout?: TableLayout | undefined;
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
          <Table
            caption={caption}
            captionHidden={captionHidden}
            columns={columns}
            rows={page.items}
            rowKey={rowKey}
            sort={sort}
            layout={layout}
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

/** Search and Clear under a filter form (docs/requirements.md §2 admin lists). */
export function FilterButtons({ onClear }: { onClear: () => void }) {
  return (
    <div className="app-button-group">
      <Button type="submit">Search</Button>
      <Button variant="secondary" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}
