import { useSearchParams } from 'react-router';
import { PagedResults } from '../../../components/list-status';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { readPage } from '../../../lib/page-param';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useFailedRecords } from '../api/get-failed-records';
import { failedRecordColumns } from './record-columns';

/**
 * spec §2 /data-upload-history/error: every type of operation's records that failed processing,
 * with the failed-records columns (the person named by foreName and surName), 15 a page.
 */
export function ErrorHistoryPage() {
  const trust = useTrustCode();
  const [params, setParams] = useSearchParams();
  const pageNumber = readPage(params.get('page'));
  const records = useFailedRecords(trust, 'all', pageNumber);
  const columns = failedRecordColumns('foreName', useProcedureNameOf());
  return (
    <>
      <h1>Open pathways error history</h1>
      <p>
        The patients on your trust&apos;s waiting lists, for every type of operation, who could not be given a
        risk prediction, with the details the model could not use.
      </p>
      <PagedResults
        query={records}
        caption="Records that failed processing"
        captionHidden
        noun="record"
        columns={columns}
        rowKey={(row) => row.id}
        scrollable
        onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
      />
    </>
  );
}
