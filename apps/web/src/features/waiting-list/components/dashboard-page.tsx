import { FreshnessBanner } from '../../../components/data-freshness';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import {
  recordStatusLabels,
  riskLabels,
  withoutBandText,
  type Prediction,
  type RecordStatus,
} from '@esr/contracts/open-pathways';
import type { ProcedureRiskCounts } from '@esr/contracts/waiting-list';
import { CaptionHeading } from '../../../components/caption-heading';
import { ActionLink, CounterCard } from '../../../components/counter-card';
import { ListStatus } from '../../../components/list-status';
import { PredictionsSuspended } from '../../../components/predictions-suspended';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useWaitingListDashboard } from '../api/get-waiting-list-dashboard';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureNameOf } from '../../../lib/procedure-type';

/** A counter counted per procedure, and the list of one procedure its links lead to. */
export interface ProcedureCounter {
  title: string;
  key: keyof Omit<ProcedureRiskCounts, 'procedureCode' | 'suspendedOn'>;
  /** A band's count: none while the procedure's predictions are suspended (decision 0063). */
  isBand?: boolean;
  listPath: (procedureCode: string) => string;
}

/**
 * The address of one procedure's total records filtered by a risk, the highest first: where a
 * dashboard's risk count leads (docs/decisions/0038-the-risk-leads-the-lists.md).
 */
export const riskListPath = (procedureCode: string, prediction: Prediction) =>
  paths.totalRecords(procedureCode, new URLSearchParams({ prediction, sort: 'risk' }).toString());

/** The address of one procedure's total records of one status. */
export const statusListPath = (procedureCode: string, status: RecordStatus) =>
  paths.totalRecords(procedureCode, new URLSearchParams({ status }).toString());

const riskCounter = (prediction: Prediction, key: ProcedureCounter['key']): ProcedureCounter => ({
  title: riskLabels[prediction],
  key,
  isBand: true,
  listPath: (procedureCode) => riskListPath(procedureCode, prediction),
});

/** The risk counters, each with the band its links filter by. */
export const riskCounters: ProcedureCounter[] = [
  riskCounter('high', 'highRiskRecords'),
  riskCounter('medium', 'mediumRiskRecords'),
  riskCounter('low', 'lowRiskRecords'),
];

/**
 * The pathways without a band (decision 0057), each for its reason, with the status their links
 * filter by: scored but missing a required input, and outside the model's population.
 */
export const withoutBandCounters: (ProcedureCounter & { description: string })[] = [
  {
    title: recordStatusLabels.incomplete,
    key: 'incompleteRecords',
    listPath: (procedureCode) => statusListPath(procedureCode, 'incomplete'),
    description: withoutBandText.incomplete,
  },
  {
    title: recordStatusLabels.excluded,
    key: 'excludedRecords',
    listPath: (procedureCode) => statusListPath(procedureCode, 'excluded'),
    description: withoutBandText.excluded,
  },
];

/**
 * A risk counter's count for each procedure with a list, each a link to that procedure's records of
 * the risk (the lists are per procedure; the counter is of them all). A count of none is not a link.
 */
export function RiskByProcedure({
  counter,
  procedures,
}: {
  counter: ProcedureCounter;
  procedures: ProcedureRiskCounts[];
}) {
  const nameOf = useProcedureNameOf();
  if (procedures.length === 0) return null;
  return (
    <ul className="nhsuk-list app-risk-by-procedure">
      {procedures.map((procedure) => {
        const count = procedure[counter.key];
        if (counter.isBand && procedure.suspendedOn)
          return (
            <li key={procedure.procedureCode}>{nameOf(procedure.procedureCode)}: predictions suspended</li>
          );
        const words = `${nameOf(procedure.procedureCode)}: ${count.toLocaleString('en-GB')}`;
        return (
          <li key={procedure.procedureCode}>
            {count > 0 ? (
              <Link className="nhsuk-link" to={counter.listPath(procedure.procedureCode)}>
                {words}
                <span className="nhsuk-u-visually-hidden"> {counter.title.toLowerCase()} records</span>
              </Link>
            ) : (
              words
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A counter, half the row, with a link to the screen of what it counts (its words name the screen). */
function LinkedCounter({
  card,
  to,
  linkText,
}: {
  card: Omit<ComponentProps<typeof CounterCard>, 'children'>;
  to: string;
  linkText: string;
}) {
  return (
    <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
      <CounterCard {...card}>
        <Link className="nhsuk-link" to={to}>
          {linkText}
        </Link>
      </CounterCard>
    </li>
  );
}

/**
 * docs/requirements.md §2 /dashboard: counters for active and archived records, with the counts of every
 * procedure of the trust (docs/requirements.md §3 dashboard counters); links to the clerical screens, the
 * archive and the error history of every type's failed records (docs/requirements.md §2); each risk
 * count, by procedure, to that procedure's list of the risk.
 */
export function DashboardPage() {
  const trust = useTrustCode();
  const trustName = useAuth().loginUserDetails?.trust.name;
  const nameOf = useProcedureNameOf();
  const dashboard = useWaitingListDashboard(trust);
  const counters = dashboard.data?.counters;
  const state = { isLoading: dashboard.isLoading, isError: dashboard.isError };
  // Each card says 'Loading data' itself; the list status above them carries the retry (docs/requirements.md §8).
  const totals = { ...state, headingLevel: 3 as const };
  return (
    <>
      <FreshnessBanner />
      <CaptionHeading title="Dashboard" caption={trustName} />
      <ListStatus
        isLoading={false}
        isError={dashboard.isError}
        isEmpty={false}
        onRetry={() => void dashboard.refetch()}
      />
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <LinkedCounter
          card={{ title: 'Active records', value: counters?.activeRecords, ...state }}
          to={paths.manageOpenPathways()}
          linkText="Manage open pathways"
        />
        <LinkedCounter
          card={{ title: 'Archived records', value: counters?.archivedRecords, ...state }}
          to={paths.archivedHistory()}
          linkText="View archive"
        />
      </ul>
      <h2>All types of operation</h2>
      {(dashboard.data?.riskByProcedure ?? []).map((procedure) =>
        procedure.suspendedOn ? (
          <PredictionsSuspended
            key={procedure.procedureCode}
            procedureName={nameOf(procedure.procedureCode)}
            suspendedOn={procedure.suspendedOn}
          />
        ) : null,
      )}
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item">
          <CounterCard title="Processed records" value={counters?.processedRecords} {...totals} />
        </li>
        <LinkedCounter
          card={{ title: 'Records that failed processing', value: counters?.failedRecords, ...totals }}
          to={paths.errorHistory()}
          linkText="View error history"
        />
        {riskCounters.map((counter) => (
          <li className="nhsuk-grid-column-one-third nhsuk-card-group__item" key={counter.key}>
            <CounterCard title={counter.title} value={counters?.[counter.key]} {...totals}>
              <RiskByProcedure counter={counter} procedures={dashboard.data?.riskByProcedure ?? []} />
            </CounterCard>
          </li>
        ))}
        {withoutBandCounters.map((counter) => (
          <li className="nhsuk-grid-column-one-half nhsuk-card-group__item" key={counter.key}>
            <CounterCard title={counter.title} value={counters?.[counter.key]} {...totals}>
              <p className="nhsuk-body-s">{counter.description}</p>
              <RiskByProcedure counter={counter} procedures={dashboard.data?.riskByProcedure ?? []} />
            </CounterCard>
          </li>
        ))}
      </ul>
      <ul className="nhsuk-list app-action-links">
        <li>
          <ActionLink to={paths.uploadPatientList()}>Upload patient list</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.outcomes()}>Record outcomes after surgery</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.patientLookup()}>Patient lookup</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.prioritisation()}>Prioritise the waiting list</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.optimisation()}>Optimise patients before surgery</ActionLink>
        </li>
        <li>
          <ActionLink to={paths.dataUploadHistory()}>Data upload history</ActionLink>
        </li>
      </ul>
    </>
  );
}
