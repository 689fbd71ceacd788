import { useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';

/** What the last action on a patient screen came to: a line for screen readers, or a problem. */
export interface ActionOutcome {
  said: string;
  problem: string | null;
  /** The field the problem is about, for the error summary's link (the anomaly reason). */
  problemField?: string | undefined;
  /** Counts the failures, so that the error summary takes focus after each one. */
  attempt: number;
}

/** A problem in words, and the field it is about when there is one. */
export type Problem = string | { text: string; fieldId: string };

/**
 * An action (a PDF download, the anomaly flag) whose success is said to screen readers and whose
 * failure goes to the error summary; a new run clears what the last one said. `fail` reports a
 * problem found before anything is sent.
 */
export function useActionOutcome() {
  const [outcome, setOutcome] = useState<ActionOutcome>({ said: '', problem: null, attempt: 0 });
  const fail = (problem: Problem) =>
    setOutcome((last) => ({
      said: '',
      problem: typeof problem === 'string' ? problem : problem.text,
      problemField: typeof problem === 'string' ? undefined : problem.fieldId,
      attempt: last.attempt + 1,
    }));
  const run = async (action: () => Promise<string>, problemOf: (error: unknown) => Problem) => {
    setOutcome((last) => ({ said: '', problem: null, attempt: last.attempt }));
    try {
      const said = await action();
      setOutcome((last) => ({ said, problem: null, attempt: last.attempt }));
    } catch (error) {
      fail(problemOf(error));
    }
  };
  const clear = () => setOutcome((last) => ({ said: '', problem: null, attempt: last.attempt }));
  return { outcome, run, fail, clear };
}

export function OutcomeProblem({ outcome }: { outcome: ActionOutcome }) {
  return (
    <ErrorSummary
      errors={
        outcome.problem
          ? [{ text: outcome.problem, ...(outcome.problemField && { fieldId: outcome.problemField }) }]
          : []
      }
      attempt={outcome.attempt}
    />
  );
}

export function OutcomeStatus({ outcome }: { outcome: ActionOutcome }) {
  return (
    <p className="nhsuk-u-visually-hidden" role="status">
      {outcome.said}
    </p>
  );
}

/** Download PDF, 'Downloading...' while busy. */
export function DownloadPdfButton({ busy, onDownload }: { busy: boolean; onDownload: () => Promise<void> }) {
  return (
    // Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus.
    <Button variant="secondary" aria-disabled={busy} onClick={() => void (busy || onDownload())}>
      {busy ? 'Downloading...' : 'Download PDF'}
    </Button>
  );
}

/** What went wrong with an action, in the server's words when it gives them (a 409 for an archived pathway). */
export const problemOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && isDetailForPeople(error.status) && error.body?.detail
    ? error.body.detail
    : fallback;
