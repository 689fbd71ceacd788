import { useSearchParams } from 'react-router';
import { readPage } from '../lib/page-param';
import type { Column } from './content';
import { PagedResults, type PagedQuery } from './list-status';

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
  columns: Column<Row>[];
  /** The columns fit a laptop screen, their text wrapping (see Table's `records-fit`). */
  fits?: boolean;
}) {
  const [, setParams] = useSearchParams();
  return (
    <PagedResults
      query={query}
      caption={caption}
      captionHidden
      noun="record"
      columns={columns}
      rowKey={(row) => row.id}
      layout={fits ? 'records-fit' : 'records'}
      onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
    />
  );
}
