import { Fragment, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useNavigate, useSearchParams, type SetURLSearchParams } from 'react-router';
import { importMessages } from '@esr/contracts/waiting-list';
import { ApiError } from '../lib/api-client';
import { Button } from './button';
import { InsetText } from './content';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';
import { QueryStatus } from './list-status';

/** What the stage that follows a batch is given: the batch, and how to report, go on or start again. */
export interface FollowedBatch {
  batchId: string;
  /** The validation's heading (BatchStatusHeading): it takes focus when the batch is first followed. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The address's query, where the followed stage keeps its own (a page of rows with errors). */
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  /** A problem for the error summary, which takes focus. */
  onProblem: (text: string) => void;
  /** Problems for the error summary, each linked to its field when it names one. */
  onProblems: (items: ErrorSummaryItem[]) => void;
  /** The upload is confirmed: on to its complete page. */
  onConfirmed: () => void;
  /** Back to choosing files. */
  onRestart: () => void;
}

/** What the stage that chooses the files is given: how to report its problems, and the batch it started. */
export interface ChoosingFiles {
  report: (items: ErrorSummaryItem[]) => void;
  onAccepted: (batchId: string) => void;
}

/**
 * An upload page (docs/requirements.md §2 …/upload), whatever is uploaded: its error summary and
 * h1 (with the type of operation above it), then its stage: choose the files (`choose`), or,
 * once the server has accepted them, follow the batch (`follow`) through validation to its
 * summary, confirm (on to `completePath`) or cancel (back to choosing). The batch is kept in the
 * address (?batchId=), so a reload or a shared link returns to the same upload. Problems go to the
 * error summary, which takes focus after each report (decision 0018); a new stage moves focus to
 * its heading, as a new page would.
 */
export function UploadStagesPage({
  title,
  caption,
  completePath,
  choose,
  follow,
}: {
  title: string;
  caption: string | undefined;
  completePath: (batchId: string) => string;
  choose: (stage: ChoosingFiles) => ReactNode;
  follow: (batch: FollowedBatch) => ReactNode;
}) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batchId') ?? '';
  const [problems, setProblems] = useState<ErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const report = (items: ErrorSummaryItem[]) => {
    setProblems(items);
    setAttempt((count) => count + 1);
  };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownBatch = useRef(batchId);
  useEffect(() => {
    if (shownBatch.current === batchId) return;
    shownBatch.current = batchId;
    setProblems([]);
    (batchId ? statusHeadingRef : headingRef).current?.focus();
  }, [batchId]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <ErrorSummary errors={problems} attempt={attempt} />
        <h1 className="app-focus-target" ref={headingRef} tabIndex={-1}>
          {caption && (
            <span className="nhsuk-caption-l">
              {caption}
              <span className="nhsuk-u-visually-hidden"> - </span>
            </span>
          )}
          {title}
        </h1>
        {batchId ? (
          // A batch of its own each: nothing of one upload's stage is kept for the next.
          <Fragment key={batchId}>
            {follow({
              batchId,
              headingRef: statusHeadingRef,
              params,
              setParams,
              onProblem: (text) => report([{ text }]),
              onProblems: report,
              onConfirmed: () => void navigate(completePath(batchId)),
              onRestart: () => setParams(new URLSearchParams()),
            })}
          </Fragment>
        ) : (
          <div className="nhsuk-grid-row">
            <div className="nhsuk-grid-column-two-thirds">
              {choose({
                report,
                onAccepted: (id) => setParams(new URLSearchParams({ batchId: id }), { replace: true }),
              })}
            </div>
          </div>
        )}
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
  batch,
  query,
  restartLabel,
}: {
  batch: Pick<FollowedBatch, 'headingRef' | 'onRestart'>;
  query: StatusQuery;
  restartLabel: string;
}) {
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <h2 className="app-focus-target" ref={batch.headingRef} tabIndex={-1}>
        Validation status
      </h2>
      {notFound ? (
        <>
          <InsetText>
            <p>{importMessages.batchNotFound}.</p>
          </InsetText>
          <Button variant="secondary" onClick={batch.onRestart}>
            {restartLabel}
          </Button>
        </>
      ) : (
        <QueryStatus query={query} />
      )}
    </>
  );
}
