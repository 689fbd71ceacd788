import { todayInLondon } from '@esr/contracts/london-dates';
import { Link } from 'react-router';
import {
  riskLabels,
  type ActiveRecord,
  type ActiveSortKey,
  type ArchivedRecord,
  type FailedRecord,
  type RecordStatus,
} from '@esr/contracts/open-pathways';
import { percentage } from '@esr/contracts/patient-wording';
import { anomalyFlagLabel, anomalyReasonText } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Tag, type Column } from '../../../components/content';
import { DataText, dataText } from '../../../components/data-text';
import { CellDetail, listedPatientName, Nowrap } from '../../../components/record-cell-parts';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import {
  predictionColour,
  readinessText,
  recordLabels as label,
  socialText,
  statusText,
} from '../lib/record-labels';
import { waitText } from '../lib/waiting-time';
import { FailedFieldTags } from './failed-field-tags';
import { WithheldRisk } from '../../../components/withheld-risk';

const statusColour: Record<RecordStatus, 'green' | 'grey' | 'red'> = {
  processed: 'green',
  waiting: 'grey',
  failed: 'red',
  incomplete: 'grey',
  excluded: 'grey',
  suspended: 'grey',
};

export function RecordStatusTag({ status }: { status: RecordStatus }) {
  return <Tag colour={statusColour[status]}>{statusText(status)}</Tag>;
}

/** Who a row is about, for the names of its links and buttons (every row has the same ones). */
function personOf(names: (string | null)[], nhsNumber: string | null, hospitalNumber: string | null) {
  const name = dataText(names.filter(Boolean).join(' '));
  return name || formatNhsNumber(nhsNumber) || dataText(hospitalNumber) || 'this patient';
}

/** What active and archived records both hold: the person, the operation and where it is booked. */
type PersonRow = Pick<
  ActiveRecord & ArchivedRecord,
  'id' | 'nhsNumber' | 'firstName' | 'lastName' | 'operationType' | 'hospitalNumber' | 'dateOfBirth'
>;

/** A link to the patient's risk summary (docs/requirements.md §2; the screen itself comes with the patient screens). */
function ViewReportLink({ row, type }: { row: PersonRow; type: ProcedureCode }) {
  const person = personOf([row.firstName, row.lastName], row.nhsNumber, row.hospitalNumber);
  return (
    <Link className="nhsuk-link" to={paths.patientSummary(row.id, type)}>
      View report
      <span className="nhsuk-u-visually-hidden">
        {' '}
        for <DataText text={person} />
      </span>
    </Link>
  );
}

/**
 * The risk of a record as the lists lead with it: a processed record's band as a coloured tag with
 * the model's probability beside it; any other record's status (Not processed, Failed processing)
 * as a grey tag.
 */
export function RiskTag({
  record,
}: {
  record: Pick<ActiveRecord, 'status' | 'prediction' | 'probability' | 'anomaly' | 'statusDetail'>;
}) {
  if (record.status !== 'processed' || !record.prediction)
    // Incomplete and Not scored say why, where the band would be (decision 0057).
    return <WithheldRisk record={record} />;
  return (
    <span className="app-risk">
      <Tag colour={predictionColour[record.prediction]}>{riskLabels[record.prediction]}</Tag>
      {record.probability !== null && (
        <span className="app-risk__probability">{percentage(record.probability)}</span>
      )}
      {record.anomaly && (
        <CellDetail>
          <Tag colour="orange">{anomalyFlagLabel}</Tag>
          {record.anomaly.reason && (
            <span className="app-record-detail">
              <DataText text={anomalyReasonText(record.anomaly.reason)} />
            </span>
          )}
        </CellDetail>
      )}
    </span>
  );
}

/**
 * The inputs the model was given a default for because the record has none (decision 0057), under
 * the risk: what the Missing inputs filter finds.
 */
export function MissingInputs({ names }: { names: readonly string[] | undefined }) {
  if (!names || names.length === 0) return null;
  return (
    <CellDetail>
      {label.missingInputs}: {names.join(', ')}
    </CellDetail>
  );
}

/** Who the record is about: the name, then the NHS number, the local identifier and the date of birth. */
function PatientCell({ row }: { row: PersonRow }) {
  return (
    <>
      {listedPatientName(row) && (
        <span className="app-record-name">
          <DataText text={listedPatientName(row)} />
        </span>
      )}
      {row.nhsNumber && (
        <CellDetail name={label.nhsNumber}>
          <Nowrap>{formatNhsNumber(row.nhsNumber)}</Nowrap>
        </CellDetail>
      )}
      {row.hospitalNumber && (
        <CellDetail name={label.hospitalNumber}>
          <DataText text={row.hospitalNumber} />
        </CellDetail>
      )}
      {row.dateOfBirth && (
        <CellDetail>
          Born <Nowrap>{formatDate(row.dateOfBirth)}</Nowrap>
        </CellDetail>
      )}
    </>
  );
}

/**
 * The total records table (docs/requirements.md §2, as decision 0038 amends it): the risk right after
 * the patient, then the wait, the TCI date, the surgeon and the readiness, in seven columns that fit
 * a laptop screen. The patient cell holds the NHS number, local identifier and date of birth; the
 * risk cell the status; the wait the referral date; the readiness the social aspects. The type of
 * operation is the page's own. Reports hold every field in a column of its own.
 */
export function activeRecordColumns(type: ProcedureCode): Column<ActiveRecord, ActiveSortKey>[] {
  return [
    { header: 'Patient', sortKey: 'surname', cell: (row) => <PatientCell row={row} /> },
    {
      header: 'Risk',
      sortKey: 'risk',
      stackFirst: true,
      cell: (row) => (
        <>
          <RiskTag record={row} />
          <MissingInputs names={row.defaultedInputs} />
        </>
      ),
    },
    {
      header: 'Waiting',
      sortKey: 'wait',
      cell: (row) => (
        <>
          <span>{waitText(row.referralDate)}</span>
          {row.referralDate && (
            <CellDetail>
              Referred <Nowrap>{formatDate(row.referralDate)}</Nowrap>
            </CellDetail>
          )}
        </>
      ),
    },
    {
      header: label.tciDate,
      sortKey: 'tciDate',
      cell: (row) => (
        <>
          {formatDate(row.tciDate) || 'No date'}
          {/* Still on the list after the day: cancelled, or done and not recorded. */}
          {row.tciDate && row.tciDate < todayInLondon() && (
            <span className="app-record-detail">
              <Tag colour="orange">Passed</Tag>
            </span>
          )}
        </>
      ),
    },
    { header: label.surgeonName, cell: (row) => <DataText text={row.surgeonName} /> },
    {
      header: 'Readiness and social aspects',
      cell: (row) => (
        <>
          <span>{readinessText(row.surgery)}</span>
          {row.social && <CellDetail name={label.social}>{socialText(row.social)}</CellDetail>}
        </>
      ),
    },
    {
      header: 'Report',
      cell: (row) => (row.status === 'processed' ? <ViewReportLink row={row} type={type} /> : null),
    },
  ];
}

/**
 * docs/requirements.md §2 failed records, and the error history (which names the person by foreName and
 * surName): who, the fields scoring failed on (beside the name, so that a laptop screen shows
 * them without scrolling), where and when.
 */
export function failedRecordColumns(
  names: 'firstName' | 'foreName',
  nameOf: (code: string) => string,
): Column<FailedRecord>[] {
  const first = (row: FailedRecord) => (names === 'foreName' ? row.foreName : row.firstName);
  const last = (row: FailedRecord) => (names === 'foreName' ? row.surName : row.lastName);
  return [
    { header: label.nhsNumber, cell: (row) => formatNhsNumber(row.nhsNumber) },
    { header: label.firstName, cell: (row) => <DataText text={first(row)} /> },
    { header: label.lastName, cell: (row) => <DataText text={last(row)} /> },
    {
      header: 'Failed fields',
      cell: (row) => (
        <>
          <FailedFieldTags
            fields={row.failedFields}
            whose={personOf([first(row), last(row)], row.nhsNumber, row.hospitalNumber)}
          />
          {row.failureReason && (
            <p className="nhsuk-body-s nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0 app-wrap">
              <DataText text={row.failureReason} />
            </p>
          )}
        </>
      ),
    },
    { header: label.operationType, cell: (row) => nameOf(row.operationType) },
    { header: label.hospitalNumber, cell: (row) => <DataText text={row.hospitalNumber} /> },
    { header: label.status, cell: (row) => <RecordStatusTag status={row.status} /> },
    { header: 'Date processed', cell: (row) => formatDateTime(row.dateProcessed) },
  ];
}

/**
 * docs/requirements.md §2, §3 archived record, with View report (the last evaluation before it left the list):
 * as the total records table, the patient, then the risk it had when it left
 * (docs/decisions/0038-the-risk-leads-the-lists.md).
 */
export const archivedRecordColumns = (nameOf: (code: string) => string): Column<ArchivedRecord>[] => [
  { header: 'Patient', cell: (row) => <PatientCell row={row} /> },
  {
    header: 'Risk when removed',
    stackFirst: true,
    cell: (row) => <RiskTag record={{ ...row, status: row.prediction ? 'processed' : 'waiting' }} />,
  },
  { header: label.operationType, cell: (row) => nameOf(row.operationType) },
  { header: 'Date of operation', cell: (row) => formatDate(row.dateOfOperation) },
  { header: label.surgeonName, cell: (row) => <DataText text={row.surgeonName} /> },
  { header: label.referralDate, cell: (row) => formatDate(row.referralDate) },
  { header: 'Date removed', cell: (row) => formatDate(row.dateRemoved) },
  {
    header: 'Last waiting list ID',
    // An upload's id is 36 characters without a space: it may break anywhere rather than widen the table.
    cell: (row) => <span className="app-break-anywhere">{row.lastWaitingListId ?? ''}</span>,
  },
  { header: 'Report', cell: (row) => <ViewReportLink row={row} type={row.procedureCode} /> },
];
