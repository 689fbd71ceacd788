import { RecordList, usePageNumber } from '../../../components/record-list';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useFailedRecords } from '../api/get-failed-records';
import { failedRecordColumns } from './record-columns';

/**
 * docs/requirements.md §2 /data-upload-history/error: every type of operation's records that failed processing,
 * with the failed-records columns (the person named by foreName and surName), 15 a page.
 */
export function ErrorHistoryPage() {
  const trust = useTrustCode();
  const records = useFailedRecords(trust, 'all', usePageNumber());
  const columns = failedRecordColumns('foreName', useProcedureNameOf());
  return (
    <>
      <h1>Open pathways error history</h1>
      <p>
        The patients on your trust&apos;s waiting lists, for every type of operation, who could not be given a
        risk prediction, with the details the model could not use.
      </p>
      <RecordList query={records} caption="Records that failed processing" columns={columns} />
    </>
  );
}
