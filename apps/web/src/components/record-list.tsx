import { useSearchParams } from 'react-router';
import { readPage } from '../lib/page-param';
import type { Column } from './content';
import { PagedResults } from './list-status';

/** The page of a record list, kept in the address (`?page=N`; none for the first page). */
export function usePageNumber(): number {
  const [params] = useSearchParams();
  return readPage(params.get('page'));
}

/**
 * A page of waiting-list records (docs/requirements.md §9: 15 a page) under a heading that already
 * names it: the wide table scrolls in its own region, with a count and pages that change the
 * address's page.
 */
export function RecordList<Row extends { id: string }>({
  query,
  caption,
  columns,
}: Pick<Parameters<typeof PagedResults<Row>>[0], 'query' | 'caption'> & { columns: Column<Row>[] }) {
  const [, setParams] = useSearchParams();
  return (
    <PagedResults
      query={query}
      caption={caption}
      captionHidden
      noun="record"
      columns={columns}
      rowKey={(row) => row.id}
      scrollable
      onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
    />
  );
}
