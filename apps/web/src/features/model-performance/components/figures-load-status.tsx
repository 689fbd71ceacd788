import { ListStatus } from '../../../components/list-status';

/**
 * A load of the figures (a trust's or every trust's): 'Loading data' while it loads, and the retry
 * when it fails. Figures are never an empty list: with no outcomes, they say so themselves.
 */
export function FiguresLoadStatus({
  query,
}: {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
}) {
  return (
    <ListStatus
      isLoading={query.isLoading}
      isError={query.isError}
      isEmpty={false}
      onRetry={() => void query.refetch()}
    />
  );
}
