import { Link, useSearchParams } from 'react-router';
import { pageSizes } from '@esr/contracts/paging';
import type { UploadHistoryItem } from '@esr/contracts/waiting-list';
import type { Column } from '../../../components/content';
import { PagedResults } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useProcedures } from '../../../lib/api/library';
import { useUploadHistory } from '../api/get-upload-history';
import { readPage } from '../../../lib/page-param';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { fileNameColumn, uploadHistoryColumns } from '../../../components/upload-history-columns';
import { uploadHistoryRowKey } from './upload-history-columns';

/**
 * docs/requirements.md §2 /data-upload-history: every upload of the trust, newest first, 15 a page (docs/requirements.md §9);
 * the page is kept in the address so that Back and a reload return to it. It links to the error history
 * and the archived records, the other two pages under /data-upload-history (docs/requirements.md §2).
 */
export function DataUploadHistoryPage() {
  const trust = useTrustCode();
  const [params, setParams] = useSearchParams();
  const pageNumber = readPage(params.get('page'));
  const history = useUploadHistory(trust, { pageNumber, pageSize: pageSizes.standard });
  const procedures = useProcedures();
  const procedureName = (code: string) => procedures.data?.find((p) => p.code === code)?.name ?? code;
  const columns: Column<UploadHistoryItem>[] = [
    fileNameColumn,
    { header: 'Operation type', cell: (row) => procedureName(row.procedureCode) },
    ...uploadHistoryColumns,
  ];
  return (
    <>
      <h1>Data upload history</h1>
      <p>Every waiting list and blood test file uploaded for your trust, newest first.</p>
      <p>
        Patients who could not be given a risk prediction are in the{' '}
        <Link className="nhsuk-link" to={paths.errorHistory()}>
          error history
        </Link>
        . Patients who are no longer on an uploaded list are in the{' '}
        <Link className="nhsuk-link" to={paths.archivedHistory()}>
          archived records
        </Link>
        .
      </p>
      <PagedResults
        query={history}
        caption="Uploaded files"
        columns={columns}
        rowKey={uploadHistoryRowKey}
        onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
      />
    </>
  );
}
