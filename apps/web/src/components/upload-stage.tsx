import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { importMessages } from '@esr/contracts/waiting-list';
import { ApiError } from '../lib/api-client';
import { Button } from './button';
import { InsetText } from './content';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';
import { ListStatus } from './list-status';

/**
 * An upload page's stages (docs/requirements.md §2 …/upload), whatever is uploaded: choose the
 * files, then follow the batch (`batchId`, kept in the address) through validation to its summary.
 * Problems go to the error summary, which takes focus after each report (decision 0018); a new
 * stage (files chosen, or back to choosing) moves focus to its heading, as a new page would.
 */
export function useUploadStages(batchId: string) {
  const [problems, setProblems] = useState<ErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownBatch = useRef(batchId);
  useEffect(() => {
    if (shownBatch.current === batchId) return;
    shownBatch.current = batchId;
    setProblems([]);
    (batchId ? statusHeadingRef : headingRef).current?.focus();
  }, [batchId]);
  return {
    problems,
    attempt,
    /** The page's h1: focused when the user goes back to choosing files. */
    headingRef,
    /** The validation's heading: focused when a batch is to be followed. */
    statusHeadingRef,
    report: (items: ErrorSummaryItem[]) => {
      setProblems(items);
      setAttempt((count) => count + 1);
    },
  };
}

export type UploadStages = ReturnType<typeof useUploadStages>;

/** An upload page: its error summary, then its h1 (with the type of operation above it), then the stage. */
export function UploadStagePage({
  stages,
  title,
  caption,
  children,
}: {
  stages: UploadStages;
  title: string;
  caption: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <ErrorSummary errors={stages.problems} attempt={stages.attempt} />
        <h1 className="app-focus-target" ref={stages.headingRef} tabIndex={-1}>
          {caption && (
            <span className="nhsuk-caption-l">
              {caption}
              <span className="nhsuk-u-visually-hidden"> - </span>
            </span>
          )}
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

type StatusQuery = { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * The heading of a followed upload's validation, then its load: 'Loading data', the list failure
 * with its retry (docs/requirements.md §8), or, for a batch the server does not know (404), that it
 * is not found and a button to start again (`restartLabel`).
 */
export function BatchStatusHeading({
  headingRef,
  query,
  restartLabel,
  onRestart,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  query: StatusQuery;
  restartLabel: string;
  onRestart: () => void;
}) {
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <h2 className="app-focus-target" ref={headingRef} tabIndex={-1}>
        Validation status
      </h2>
      {notFound ? (
        <>
          <InsetText>
            <p>{importMessages.batchNotFound}.</p>
          </InsetText>
          <Button variant="secondary" onClick={onRestart}>
            {restartLabel}
          </Button>
        </>
      ) : (
        <ListStatus
          isLoading={query.isLoading}
          isError={query.isError}
          isEmpty={false}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
