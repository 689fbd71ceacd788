import { useEffect, useState } from 'react';
import type { ErrorSummaryItem } from '../../../components/error-summary';
import { ApiError } from '../../../lib/api-client';

/** The API's own words for a failed load, for the error summary; none when it gave none. */
export function loadFailureItems(queries: { isError: boolean; error: unknown }[]): ErrorSummaryItem[] {
  const texts = queries.flatMap((query) =>
    query.isError && query.error instanceof ApiError && query.error.body?.detail
      ? [query.error.body.detail]
      : [],
  );
  return [...new Set(texts)].map((text) => ({ text }));
}

/** Counts the failures of a load (the time of the latest), so that each takes focus once. */
export function useFailureAttempts(latestErrorAt: number): number {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (latestErrorAt) setAttempt((count) => count + 1);
  }, [latestErrorAt]);
  return attempt;
}
