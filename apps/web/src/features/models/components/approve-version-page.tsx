import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { modelMessages, type ModelVersion } from '@esr/contracts/models';
import { Button } from '../../../components/button';
import { InsetText, SummaryList, type SummaryRow } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { Textarea } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useFormRequest } from '../../../lib/form-request';
import { useApproveModelVersion, useDeclineModelVersion } from '../api/models';
import { approvalProblem } from '../lib/approval';
import { checkDeclineReason, reviewFailureOf } from '../lib/decline-form';
import {
  approvedNotice,
  declinedNotice,
  fittedMethodText,
  localPerformanceText,
  recalibrationMapText,
  sourceText,
} from '../lib/version-text';
import {
  ActionAndCancel,
  RefusedNotice,
  useGoWithNotice,
  versionFormPage,
  type VersionFormProps,
} from './version-form';
import { returnByBack, useReturnToVersions, VersionHeading } from './version-screen';
import { StatusTag } from './versions-table';

const title = 'Review a model version';
export const reasonFieldId = 'decline-reason';
const reasonHint =
  'The technical admins see your reason beside the version, and it is kept in the change log. Up to 2,000 characters.';

/**
 * Decision 0060 /upload-model/{type}/versions/{id}/approve: a clinical safety officer reviews a
 * version a technical admin has proposed (uploaded, recalibrated, or an earlier one again) and
 * approves it, making it the active one and re-scoring the list, or declines it, saying why. The
 * one who proposed it cannot approve it. Either way the page returns to the versions, which say so.
 */
export const ApproveModelVersionPage = versionFormPage(title, Review);

/** What the safety officer checks: where the version came from, who proposed it, how it did. */
function versionRows(version: ModelVersion, activeVersion: number | undefined): SummaryRow[] {
  const { proposal, recalibration } = version;
  return [
    { key: 'Status', value: <StatusTag status={version.status} /> },
    { key: 'Source', value: sourceText(version) },
    {
      key: version.source === 'recalibrated' ? 'Recalibrated by' : 'Uploaded by',
      value: (
        <>
          <DataText text={version.uploadedBy} />, {formatDateTime(version.uploadedAt)}
        </>
      ),
    },
    ...(proposal
      ? [
          {
            key: 'Proposed by',
            value: (
              <>
                <DataText text={proposal.by} />
                {proposal.byYou && ' (you)'}, {formatDateTime(proposal.at)}
              </>
            ),
          },
        ]
      : []),
    {
      key: 'Active version now',
      value: activeVersion === undefined ? 'None' : `Version ${activeVersion}`,
    },
    { key: 'Type', value: <DataText text={version.modelType} /> },
    {
      key: 'Files',
      value: (
        <>
          <DataText text={version.modelFileName} /> and <DataText text={version.wrapperFileName} />
        </>
      ),
    },
    { key: 'SHA-256', value: <code className="app-break-anywhere">{version.modelSha256}</code> },
    { key: 'Smoke test', value: 'Passed on the reference records' },
    ...(recalibration
      ? [
          {
            key: 'Recalibration',
            value: (
              <>
                <p>{fittedMethodText[recalibration.method]}.</p>
                <p>{recalibrationMapText(recalibration)}</p>
              </>
            ),
          },
        ]
      : []),
    { key: 'Local performance', value: localPerformanceText(version.localPerformance) },
  ];
}

/** The review's state: the reason to decline, the errors, and what Approve and Decline do. */
function useReview({ route, version, activeVersion }: VersionFormProps) {
  const goWithNotice = useGoWithNotice();
  const approve = useApproveModelVersion(route.trust, route.type);
  const decline = useDeclineModelVersion(route.trust, route.type);
  const [reason, setReason] = useState('');
  const busy = approve.isPending || decline.isPending;
  const request = useFormRequest({ busy, failureOf: reviewFailureOf });
  const errors = request.failure ?? {};
  const to = paths.uploadModel(route.type);

  const approveVersion = () =>
    request.send(
      () => approve.mutateAsync(version.id),
      (approved) => goWithNotice(to, approvedNotice(approved.version)),
    );

  const declineVersion = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkDeclineReason(reason);
    if (!checked.ok) return request.show(checked.errors);
    await request.send(
      () => decline.mutateAsync({ id: version.id, reason: checked.reason }),
      (declined) => goWithNotice(to, declinedNotice(declined.version, activeVersion)),
    );
  };

  const summary: ErrorSummaryItem[] = [
    ...(errors.reason ? [{ text: errors.reason, fieldId: reasonFieldId }] : []),
    ...(errors.form ? [{ text: errors.form }] : []),
  ];
  return {
    reason,
    setReason,
    reasonError: errors.reason,
    summary,
    attempt: request.failures,
    busy,
    approving: approve.isPending,
    declining: decline.isPending,
    approveVersion,
    declineVersion,
  };
}

function Review(props: VersionFormProps) {
  const { route, version, activeVersion } = props;
  const leave = useReturnToVersions(route.type);
  const review = useReview(props);
  const { busy } = review;
  const problem = approvalProblem(version);
  const ownProposal = problem === modelMessages.proposerCannotApprove;
  const procedure = route.procedureName?.toLowerCase() ?? 'this type of operation';

  return (
    <>
      <ErrorSummary errors={review.summary} attempt={review.attempt} />
      <VersionHeading title={`Review version ${version.version}`} procedureName={route.procedureName} />
      <SummaryList rows={versionRows(version, activeVersion)} />
      <p>
        <Link className="nhsuk-link" to={paths.modelVersionCard(route.type, version.id)} state={returnByBack}>
          Read the model card for version {version.version}
        </Link>
      </p>
      {problem && !ownProposal ? (
        <RefusedNotice problem={problem} onBack={leave} />
      ) : (
        <>
          <h2>Approve</h2>
          {ownProposal ? (
            <InsetText>
              <p>{modelMessages.proposerCannotApprove}.</p>
            </InsetText>
          ) : (
            <>
              <p>
                Version {version.version} becomes the active model for {procedure}
                {activeVersion === undefined ? '' : `, in place of version ${activeVersion}`}. Every patient
                on the list is re-scored with it; earlier predictions are kept.
              </p>
              {/* A busy button is aria-disabled, not disabled: a disabled button would lose the focus. */}
              <Button aria-disabled={busy} onClick={() => void review.approveVersion()}>
                {review.approving ? messages.submitting : `Approve version ${version.version}`}
              </Button>
            </>
          )}
          <h2>Decline</h2>
          <form noValidate onSubmit={(event) => void review.declineVersion(event)}>
            <Textarea
              id={reasonFieldId}
              name="reason"
              rows={4}
              label="Why are you not approving this version?"
              labelClassName="nhsuk-label--s"
              hint={reasonHint}
              error={review.reasonError}
              value={review.reason}
              onChange={(event) => review.setReason(event.target.value)}
            />
            <ActionAndCancel
              label={`Decline version ${version.version}`}
              variant="secondary"
              busy={busy}
              submitting={review.declining}
              onCancel={leave}
            />
          </form>
        </>
      )}
    </>
  );
}
