import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { SuccessNotice } from '../../../components/success-notice';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageNotice } from '../../../lib/page-notice';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useExportRiskSummary } from '../api/export-risk-summary';
import { useRiskSummary } from '../api/get-risk-summary';
import { useRiskFactorLabels } from '../api/get-surgical-risk-factor-options';
import { useMarkAnomaly } from '../api/mark-anomaly';
import { anomalyReasonError } from '../lib/what-changed';
import {
  DownloadPdfButton,
  OutcomeProblem,
  OutcomeStatus,
  problemOf,
  useActionOutcome,
  type Problem,
} from './action-outcome';
import { AnomalyReasonForm, anomalyReasonFieldId } from './anomaly-reason-form';
import { OptimisationSection } from './optimisation-section';
import { OutcomeSection } from './outcome-section';
import { PathwayPrioritisationSection } from './pathway-prioritisation-section';
import {
  ArchivedNotice,
  PatientHeading,
  PatientLoadStatus,
  PatientPage,
  personName,
  useBreadcrumbPatient,
  type FromSummary,
  type PatientRoute,
} from './patient-screen';
import { RiskSummaryView } from './risk-summary-view';
import { ReviewChangesAction } from './review-changes-action';
import { IdentityConflicts } from './identity-conflicts';

/**
 * docs/requirements.md §2 /patient-lookup/{id}?type=: the pathway's risk summary, fetched again every 3 seconds
 * while it waits to be scored (docs/requirements.md §4), with the PDF, the anomaly flag, edit, remodel and the
 * previous evaluations, and the pathway's waiting list priority with what the user's role may record about it
 * (decision 0044), its risk factors to optimise before surgery (decision 0071), and its outcome after
 * surgery (decision 0045). Only an active pathway can be changed; an outcome can be recorded for an
 * archived one too.
 */
export function RiskSummaryPage() {
  return <PatientPage title="Risk summary" screen={RiskSummaryScreen} />;
}

function RiskSummaryScreen({ id, type, trust }: PatientRoute) {
  const summary = useRiskSummary(trust, type, id);
  const nameOf = useProcedureNameOf();
  const labels = useRiskFactorLabels();
  // What a prioritisation form or the outcome form has just recorded (decisions 0044, 0045), or an
  // action of this page (decision 0056), which takes the focus from its button as that goes.
  const notice = usePageNotice();
  const [said, setSaid] = useState<string | null>(null);
  useBreadcrumbPatient(id, summary.data);
  const data = summary.data;
  const success = said ?? notice;
  return (
    <>
      {success && <SuccessNotice text={success} />}
      <PatientHeading title="Risk summary" name={data ? personName(data) : undefined} />
      {data ? (
        <RiskSummaryView
          summary={data}
          procedureName={nameOf(type)}
          labels={labels}
          actions={<SummaryActions summary={data} trust={trust} id={id} type={type} onReviewed={setSaid} />}
          prioritisation={
            <>
              <PathwayPrioritisationSection trust={trust} type={type} id={id} />
              <OptimisationSection trust={trust} type={type} id={id} />
              <OutcomeSection trust={trust} type={type} id={id} />
            </>
          }
        />
      ) : (
        <PatientLoadStatus query={summary} />
      )}
    </>
  );
}

/** A flag refused for its reason (400 under reason) is about the reason's field. */
const flagProblemOf = (error: unknown): Problem => {
  const reason =
    error instanceof ApiError && error.status === 400 ? error.body?.errors?.reason?.[0] : undefined;
  return reason ? { text: reason, fieldId: anomalyReasonFieldId } : problemOf(error, messages.someError);
};

const flagButtonId = 'anomaly-flag-button';

/** The screens the summary leads to: those that change the pathway only while it is on the list. */
function SummaryLinks({ summary, id, type }: { summary: RiskSummary; id: string; type: ProcedureCode }) {
  const fromSummary: FromSummary = { fromSummary: true };
  return (
    <ul className="nhsuk-list app-summary-links">
      {summary.isActive && (
        <>
          <li>
            <Link className="nhsuk-link" to={paths.patientEditDetails(id, type)} state={fromSummary}>
              Edit details
            </Link>
          </li>
          <li>
            <Link className="nhsuk-link" to={paths.patientRemodel(id, type)} state={fromSummary}>
              Remodel with new details
            </Link>
          </li>
        </>
      )}
      <li>
        <Link className="nhsuk-link" to={paths.previousRiskHistory(id, type)}>
          Previous evaluations
        </Link>
      </li>
    </ul>
  );
}

/** After the reason's form closes, the flag's button takes the focus back. */
function useRefocusFlagButton() {
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) document.getElementById(flagButtonId)?.focus();
  }, [refocus]);
  return () => setRefocus((count) => count + 1);
}

function SummaryActions({
  summary,
  trust,
  id,
  type,
  onReviewed,
}: {
  summary: RiskSummary;
  trust: string;
  id: string;
  type: ProcedureCode;
  onReviewed: (text: string) => void;
}) {
  const download = useExportRiskSummary(trust, type, id);
  const flag = useMarkAnomaly(trust, type, id);
  const { outcome, run, fail, clear } = useActionOutcome();
  const result = summary.status === 'processed' ? summary.result : null;
  // Flagging asks for a reason first (decision 0039), optional; removing a flag asks for one too,
  // required (decision 0056).
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const refocusFlagButton = useRefocusFlagButton();
  const closeForm = () => {
    setAsking(false);
    setReason('');
    refocusFlagButton();
  };

  const savePdf = () =>
    run(
      async () => `Saved ${await download.mutateAsync(result?.evaluationId ?? null)}`,
      (error) => problemOf(error, messages.reportFailed),
    );
  const toggleFlag = (withReason: string) =>
    run(async () => {
      const answer = await flag.mutateAsync(withReason);
      closeForm();
      return answer.isAnomaly ? messages.anomalyBanner : 'The anomaly flag has been removed';
    }, flagProblemOf);
  const removing = Boolean(result?.isAnomaly);
  const flagWithReason = () => {
    const problem = anomalyReasonError(reason, removing);
    if (problem) fail({ text: problem, fieldId: anomalyReasonFieldId });
    else void toggleFlag(reason);
  };
  const showForm = Boolean(result && summary.isActive && asking);
  const reasonProblem =
    outcome.problemField === anomalyReasonFieldId ? (outcome.problem ?? undefined) : undefined;

  return (
    <section className="app-summary-actions" aria-labelledby="summary-actions-heading">
      <OutcomeProblem outcome={outcome} />
      <h2 className="nhsuk-u-visually-hidden" id="summary-actions-heading">
        Actions
      </h2>
      {!summary.isActive && <ArchivedNotice />}
      <OutcomeStatus outcome={outcome} />
      <ReviewChangesAction summary={summary} trust={trust} type={type} id={id} onReviewed={onReviewed} />
      <IdentityConflicts summary={summary} type={type} id={id} />
      {result && (
        <div className="app-button-group">
          {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
          <DownloadPdfButton busy={download.isPending} onDownload={savePdf} />
          {summary.isActive && !showForm && (
            <Button
              id={flagButtonId}
              variant="secondary"
              aria-disabled={flag.isPending}
              onClick={() => {
                if (flag.isPending) return;
                clear();
                setAsking(true);
              }}
            >
              {result.isAnomaly ? 'Remove anomaly flag' : 'Flag as anomaly'}
            </Button>
          )}
        </div>
      )}
      {showForm && (
        <AnomalyReasonForm
          removing={removing}
          reason={reason}
          error={reasonProblem}
          busy={flag.isPending}
          onReasonChange={setReason}
          onFlag={flagWithReason}
          onCancel={() => {
            clear();
            closeForm();
          }}
        />
      )}
      <SummaryLinks summary={summary} id={id} type={type} />
    </section>
  );
}
