import { Link } from 'react-router';
import type { ActiveRecord, ArchivedRecord, FailedRecord, RecordStatus } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Tag, type Column } from '../../../components/content';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import {
  predictionText,
  readinessText,
  recordLabels as label,
  socialText,
  statusText,
} from '../lib/record-labels';
import { FailedFieldTags } from './failed-field-tags';

const statusColour: Record<RecordStatus, 'green' | 'grey' | 'red'> = {
  processed: 'green',
  waiting: 'grey',
  failed: 'red',
};

export function RecordStatusTag({ status }: { status: RecordStatus }) {
  return <Tag colour={statusColour[status]}>{statusText(status)}</Tag>;
}

/** Who a row is about, for the names of its links and buttons (every row has the same ones). */
function personOf(names: (string | null)[], nhsNumber: string | null, hospitalNumber: string | null) {
  const name = names.filter(Boolean).join(' ');
  return name || formatNhsNumber(nhsNumber) || hospitalNumber || 'this patient';
}

/** What active and archived records both hold: the person, the operation and where it is booked. */
type PersonRow = Pick<
  ActiveRecord & ArchivedRecord,
  'id' | 'nhsNumber' | 'firstName' | 'lastName' | 'operationType' | 'hospitalNumber' | 'dateOfBirth'
>;

/** The columns active and archived records open with: who, the operation, where, and born when. */
function personColumns<Row extends PersonRow>(nameOf: (code: string) => string): Column<Row>[] {
  return [
    { header: label.nhsNumber, cell: (row) => formatNhsNumber(row.nhsNumber) },
    { header: label.firstName, cell: (row) => row.firstName ?? '' },
    { header: label.lastName, cell: (row) => row.lastName ?? '' },
    { header: label.operationType, cell: (row) => nameOf(row.operationType) },
    { header: label.hospitalNumber, cell: (row) => row.hospitalNumber ?? '' },
    { header: label.dateOfBirth, cell: (row) => formatDate(row.dateOfBirth) },
  ];
}

/** A link to the patient's risk summary (docs/requirements.md §2; the screen itself comes with the patient screens). */
function ViewReportLink({ row, type }: { row: PersonRow; type: ProcedureCode }) {
  const person = personOf([row.firstName, row.lastName], row.nhsNumber, row.hospitalNumber);
  return (
    <Link className="nhsuk-link" to={paths.patientSummary(row.id, type)}>
      View report<span className="nhsuk-u-visually-hidden"> for {person}</span>
    </Link>
  );
}

/** docs/requirements.md §2 total records: the 13 columns of an active record, then View report on processed rows. */
export function activeRecordColumns(
  type: ProcedureCode,
  nameOf: (code: string) => string,
): Column<ActiveRecord>[] {
  return [
    ...personColumns<ActiveRecord>(nameOf),
    { header: label.status, cell: (row) => <RecordStatusTag status={row.status} /> },
    { header: label.prediction, cell: (row) => predictionText(row) },
    { header: label.tciDate, cell: (row) => formatDate(row.tciDate) },
    { header: label.surgeonName, cell: (row) => row.surgeonName ?? '' },
    { header: label.referralDate, cell: (row) => formatDate(row.referralDate) },
    { header: label.social, cell: (row) => socialText(row.social) },
    { header: label.surgery, cell: (row) => readinessText(row.surgery) },
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
    { header: label.firstName, cell: (row) => first(row) ?? '' },
    { header: label.lastName, cell: (row) => last(row) ?? '' },
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
              {row.failureReason}
            </p>
          )}
        </>
      ),
    },
    { header: label.operationType, cell: (row) => nameOf(row.operationType) },
    { header: label.hospitalNumber, cell: (row) => row.hospitalNumber ?? '' },
    { header: label.status, cell: (row) => <RecordStatusTag status={row.status} /> },
    { header: 'Date processed', cell: (row) => formatDateTime(row.dateProcessed) },
  ];
}

/** docs/requirements.md §2, §3 archived record, with View report (the last evaluation before it left the list). */
export const archivedRecordColumns = (nameOf: (code: string) => string): Column<ArchivedRecord>[] => [
  ...personColumns<ArchivedRecord>(nameOf),
  { header: 'Date of operation', cell: (row) => formatDate(row.dateOfOperation) },
  { header: label.surgeonName, cell: (row) => row.surgeonName ?? '' },
  { header: label.referralDate, cell: (row) => formatDate(row.referralDate) },
  { header: 'Date removed', cell: (row) => formatDate(row.dateRemoved) },
  { header: 'Last waiting list ID', cell: (row) => row.lastWaitingListId ?? '' },
  { header: 'Report', cell: (row) => <ViewReportLink row={row} type={row.procedureCode} /> },
];
