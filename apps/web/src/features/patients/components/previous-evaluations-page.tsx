import { anomalyFlagLabel, anomalyRemovalText } from '@esr/contracts/patients';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { percentage } from '@esr/contracts/patient-wording';
import { SummaryList, Table, Tag } from '../../../components/content';
import { ListStatus } from '../../../components/list-status';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { readPage } from '../../../lib/page-param';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useExportHistoryEntry } from '../api/export-history-entry';
import { useRiskHistory } from '../api/get-risk-history';
import { riskLabelOf } from '../lib/display-values';
import { OutcomeProblem, OutcomeStatus, useActionOutcome } from './action-outcome';
import {
  PatientHeading,
  PatientPage,
  personName,
  useBreadcrumbPatient,
  type PatientRoute,
} from './patient-screen';
import { PrioritisationTimeline } from './prioritisation-timeline';
import { usePathwayPrioritisation } from '../api/get-pathway-prioritisation';
import { AnomalyReason, patientRows } from './risk-summary-view';
import { ClericalChangeLine } from './clerical-change-note';
import { DataText } from '../../../components/data-text';
import { PredictionsSuspended } from '../../../components/predictions-suspended';
import { usePathwayOutcome } from '../api/get-pathway-outcome';
import { OutcomeSection } from './outcome-section';

const title = 'Previous evaluations';

/**
 * docs/requirements.md §2 /previous-risk-history: the patient and every evaluation of the pathway, newest first,
 * 20 a page with the page in the address (docs/requirements.md §9): its date, risk band and probability (as the risk
 * summary writes it), whether it is flagged as an anomaly and why (or why a flag was removed), whether
 * it was made from details a clerical user changed and who reviewed them, a View link and a PDF. A failed
 * load clears the list without a message (docs/requirements.md §8). The evaluation its outcome after
 * surgery is judged against says so, and the outcome follows the list (decision 0045); below, the
 * pathway's priority, validation and harm review history (decision 0044).
 */
export function PreviousEvaluationsPage() {
  return <PatientPage title={title} screen={PreviousEvaluations} />;
}

type HistoryItem = NonNullable<ReturnType<typeof useRiskHistory>['data']>['items'][number];

/** An evaluation: its risk, the clinician's view, and what else is known of it. */
function EvaluationCell({
  item,
  adjustment,
  judged,
}: {
  item: HistoryItem;
  adjustment: PathwayPrioritisation['adjustment'];
  judged: boolean;
}) {
  return (
    <>
      {item.prediction !== null && item.probability !== null
        ? `${riskLabelOf(item.prediction)}, ${percentage(item.probability)}${item.isCurrent ? ' (current)' : ''}`
        : `Predictions suspended${item.isCurrent ? ' (current)' : ''}`}
      {item.isCurrent && adjustment && (
        <span className="app-record-detail">Clinician’s view: {riskLabelOf(adjustment.prediction)}</span>
      )}
      {judged && (
        <span className="app-record-detail">
          <Tag colour="blue">Judged against the outcome</Tag>
        </span>
      )}
      {item.clericalChange && (
        // Made from details a clerical user changed, and its review (decision 0056).
        <span className="app-record-detail">
          {item.clericalChange.reviewedAt === null && <Tag colour="yellow">Not reviewed by a clinician</Tag>}{' '}
          <ClericalChangeLine change={item.clericalChange} />
        </span>
      )}
      {item.anomalyRemoval && (
        // Why a flag on it was removed (decision 0056).
        <span className="app-record-detail nhsuk-body-s">
          {anomalyRemovalText('')}
          <DataText text={item.anomalyRemoval.reason} />
        </span>
      )}
      {item.isAnomaly && (
        // The flag, and the reason given with it (decision 0039).
        <span>
          <br />
          <Tag colour="orange">{anomalyFlagLabel}</Tag>
          {item.anomalyReason && (
            <span className="nhsuk-body-s">
              {' '}
              <AnomalyReason reason={item.anomalyReason} />
            </span>
          )}
        </span>
      )}
    </>
  );
}

/** The evaluations' pages, the page number kept in the address. */
function HistoryPagination({ page }: { page: { pageNumber: number; pageSize: number; totalCount: number } }) {
  const [params, setParams] = useSearchParams();
  return (
    <Pagination
      pageNumber={page.pageNumber}
      pageSize={page.pageSize}
      totalCount={page.totalCount}
      onChange={(next) => {
        const nextParams = new URLSearchParams(params);
        if (next > 1) nextParams.set('page', String(next));
        else nextParams.delete('page');
        setParams(nextParams);
      }}
      hrefFor={(next) => {
        const nextParams = new URLSearchParams(params);
        nextParams.set('page', String(next));
        return `?${nextParams.toString()}`;
      }}
    />
  );
}

function PreviousEvaluations({ id, type, trust }: PatientRoute) {
  const [params] = useSearchParams();
  const pageNumber = readPage(params.get('page'));
  const history = useRiskHistory(trust, type, id, pageNumber);
  // The clinician's view of the current risk, shown beside the model's (decision 0044).
  const adjustment = usePathwayPrioritisation(trust, type, id).data?.adjustment ?? null;
  const judgedId = usePathwayOutcome(trust, type, id).data?.judgedPrediction?.evaluationId ?? null;
  const nameOf = useProcedureNameOf();
  const download = useExportHistoryEntry(trust, type, id);
  const { outcome, run } = useActionOutcome();
  // docs/requirements.md §8: the list is cleared silently when it cannot be loaded.
  const page = history.isError ? undefined : history.data;
  const patient = page?.patient;
  useBreadcrumbPatient(id, patient);

  const save = (item: HistoryItem) =>
    run(
      async () => `Saved ${await download.mutateAsync(item.id)}`,
      () => messages.reportFailed,
    );
  const when = (item: HistoryItem) => formatDateTime(item.date);

  return (
    <>
      <OutcomeProblem outcome={outcome} />
      <OutcomeStatus outcome={outcome} />
      <PatientHeading title={title} name={patient ? personName(patient) : undefined} />
      {patient && (
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-two-thirds">
            <SummaryList rows={patientRows(patient, nameOf(patient.operationType))} />
          </div>
        </div>
      )}
      {page?.suspendedOn && patient && (
        <PredictionsSuspended procedureName={nameOf(patient.operationType)} suspendedOn={page.suspendedOn} />
      )}
      <ListStatus
        isLoading={history.isLoading}
        isError={false}
        isEmpty={!history.isLoading && (!page || page.items.length === 0)}
        onRetry={() => void history.refetch()}
      />
      {page && page.items.length > 0 && (
        <>
          <Table<HistoryItem>
            caption={title}
            captionHidden
            columns={[
              { header: 'Date', cell: when },
              {
                header: 'Evaluation',
                cell: (item) => (
                  <EvaluationCell item={item} adjustment={adjustment} judged={item.id === judgedId} />
                ),
              },
              { header: 'Model version', cell: (item) => String(item.modelVersion) },
              {
                header: 'View',
                cell: (item) => (
                  <Link className="nhsuk-link" to={paths.historyDetail(id, item.id, type)}>
                    View<span className="nhsuk-u-visually-hidden"> evaluation of {when(item)}</span>
                  </Link>
                ),
              },
              {
                header: 'Download',
                cell: (item) => (
                  <button
                    type="button"
                    className="app-link-button"
                    aria-disabled={download.isPending}
                    onClick={() => void (download.isPending || save(item))}
                  >
                    {download.isPending && download.variables === item.id ? 'Downloading...' : 'Download PDF'}
                    <span className="nhsuk-u-visually-hidden"> of evaluation of {when(item)}</span>
                  </button>
                ),
              },
            ]}
            rows={page.items}
            rowKey={(item) => item.id}
          />
          <HistoryPagination page={page} />
        </>
      )}
      {/* With the evaluations: a pathway whose list cannot load shows nothing more (§8). */}
      {page && <OutcomeSection trust={trust} type={type} id={id} />}
      <PrioritisationTimeline trust={trust} type={type} id={id} />
    </>
  );
}
