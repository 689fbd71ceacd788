import { clericalChangeMessages } from '@esr/contracts/clerical-changes';
import { messages } from '@esr/contracts/messages';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useReviewChanges } from '../api/review-changes';
import { OutcomeProblem, useActionOutcome } from './action-outcome';

/** Whether the summary offers "Mark as reviewed": to a clinician, on an active pathway with a change waiting. */
export const offersReview = (summary: RiskSummary, role: string | null): boolean =>
  role === 'Clinician' &&
  summary.isActive &&
  summary.clericalChanges.some((change) => change.reviewedAt === null);

/**
 * "Mark as reviewed" on the risk summary (docs/decisions/0056-changes-by-clerical-staff-reviewed.md),
 * for someone acting as Clinician: it records that a clinician has checked the details clerical
 * staff changed. `onReviewed` shows the result in the page's success banner; a failure goes to
 * the error summary.
 */
export function ReviewChangesAction({
  summary,
  trust,
  type,
  id,
  onReviewed,
}: {
  summary: RiskSummary;
  trust: string;
  type: ProcedureCode;
  id: string;
  onReviewed: (text: string) => void;
}) {
  const { currentSelectedRole } = useAuth();
  const review = useReviewChanges(trust, type, id);
  const { outcome, run } = useActionOutcome();
  if (!offersReview(summary, currentSelectedRole)) return null;
  const markReviewed = () =>
    run(
      async () => {
        await review.mutateAsync();
        onReviewed(clericalChangeMessages.reviewed);
        return clericalChangeMessages.reviewed;
      },
      (error) =>
        error instanceof ApiError && isDetailForPeople(error.status) && error.body?.detail
          ? error.body.detail
          : messages.someError,
    );
  return (
    <div className="app-review-changes">
      <OutcomeProblem outcome={outcome} />
      <p className="nhsuk-body">
        When you have checked the details clerical staff changed, mark the changes as reviewed. Your name is
        kept with them and in the change log.
      </p>
      {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
      <Button aria-disabled={review.isPending} onClick={() => void (review.isPending || markReviewed())}>
        {clericalChangeMessages.markReviewed}
      </Button>
    </div>
  );
}
