import type { ProcedureCode } from '@esr/contracts/procedures';
import { RecordList, usePageNumber } from '../../../components/record-list';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureNameOf, useProcedureType } from '../../../lib/procedure-type';
import { useFailedRecords } from '../api/get-failed-records';
import { ProcedureHeading, UnknownOpenPathwaysType } from './procedure-heading';
import { failedRecordColumns } from './record-columns';

/**
 * docs/requirements.md §2 …/failed-records: the type's records that could not be given a prediction, 15 a page,
 * with the fields each failed on; the page is kept in the address.
 */
export function FailedRecordsPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownOpenPathwaysType />;
  return <FailedRecords type={type} name={name} />;
}

function FailedRecords({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const records = useFailedRecords(trust, type, usePageNumber());
  const columns = failedRecordColumns('firstName', useProcedureNameOf());
  return (
    <>
      <ProcedureHeading title="Records that failed processing" name={name} listOf={type} />
      <p>
        These patients could not be given a risk prediction. The failed fields are the details the model could
        not use: correct them in the waiting list file and upload it again.
      </p>
      <RecordList query={records} caption="Records that failed processing" columns={columns} />
    </>
  );
}
