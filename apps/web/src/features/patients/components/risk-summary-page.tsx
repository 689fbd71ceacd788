import { Link } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useExportRiskSummary } from '../api/export-risk-summary';
import { useRiskSummary } from '../api/get-risk-summary';
import { useRiskFactorLabels } from '../api/get-surgical-risk-factor-options';
import { useMarkAnomaly } from '../api/mark-anomaly';
import { DownloadPdfButton, OutcomeProblem, OutcomeStatus, useActionOutcome } from './action-outcome';
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

/**
 * docs/requirements.md §2 /patient-lookup/{id}?type=: the pathway's risk summary, fetched again every 3 seconds
 * while it waits to be scored (docs/requirements.md §4), with the PDF, the anomaly flag, edit, remodel and the
 * previous evaluations. Only an active pathway can be changed.
 */
export function RiskSummaryPage() {
  return <PatientPage title="Risk summary" screen={RiskSummaryScreen} />;
}

function RiskSummaryScreen({ id, type, trust }: PatientRoute) {
  const summary = useRiskSummary(trust, type, id);
  const nameOf = useProcedureNameOf();
  const labels = useRiskFactorLabels();
  useBreadcrumbPatient(id, summary.data);
  const data = summary.data;
  return (
    <>
      <PatientHeading title="Risk summary" name={data ? personName(data) : undefined} />
      {data ? (
        <RiskSummaryView
          summary={data}
          procedureName={nameOf(type)}
          labels={labels}
          actions={<SummaryActions summary={data} trust={trust} id={id} type={type} />}
        />
      ) : (
        <PatientLoadStatus query={summary} />
      )}
    </>
  );
}

/** What went wrong with an action, in the server's words when it gives them (a 409 for an archived pathway). */
const problemOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.body?.detail ? error.body.detail : fallback;

function SummaryActions({
  summary,
  trust,
  id,
  type,
}: {
  summary: RiskSummary;
  trust: string;
  id: string;
  type: ProcedureCode;
}) {
  const download = useExportRiskSummary(trust, type, id);
  const flag = useMarkAnomaly(trust, type, id);
  const { outcome, run } = useActionOutcome();
  const result = summary.status === 'processed' ? summary.result : null;
  const fromSummary: FromSummary = { fromSummary: true };

  const savePdf = () =>
    run(
      async () => `Saved ${await download.mutateAsync(result?.evaluationId ?? null)}`,
      (error) => problemOf(error, messages.reportFailed),
    );
  const toggleFlag = () =>
    run(
      async () => {
        const answer = await flag.mutateAsync();
        return answer.isAnomaly ? messages.anomalyBanner : 'The anomaly flag has been removed';
      },
      (error) => problemOf(error, messages.someError),
    );

  return (
    <section className="app-summary-actions" aria-labelledby="summary-actions-heading">
      <OutcomeProblem outcome={outcome} />
      <h2 className="nhsuk-u-visually-hidden" id="summary-actions-heading">
        Actions
      </h2>
      {!summary.isActive && <ArchivedNotice />}
      <OutcomeStatus outcome={outcome} />
      {result && (
        <div className="app-button-group">
          {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
          <DownloadPdfButton busy={download.isPending} onDownload={savePdf} />
          {summary.isActive && (
            <Button
              variant="secondary"
              aria-disabled={flag.isPending}
              onClick={() => void (flag.isPending || toggleFlag())}
            >
              {result.isAnomaly ? 'Remove anomaly flag' : 'Flag as anomaly'}
            </Button>
          )}
        </div>
      )}
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
    </section>
  );
}
