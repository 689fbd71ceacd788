import { Link, useSearchParams } from 'react-router';
import { reportFieldLabels } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { ToBeArchivedRecord } from '@esr/contracts/waiting-list';
import type { Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { PagedResults } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { formatDate } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import { readPage } from '../../../lib/page-param';
import { useProcedureType } from '../../../lib/procedure-type';
import { useToBeArchived } from '../api/get-to-be-archived';
import { UnknownProcedure } from './unknown-procedure';

const columns: Column<ToBeArchivedRecord>[] = [
  { header: reportFieldLabels.nhsNumber, cell: (row) => formatNhsNumber(row.nhsNumber) },
  // Names and the rest from the data are isolated (decision 0043).
  { header: reportFieldLabels.firstName, cell: (row) => <DataText text={row.firstName} /> },
  { header: reportFieldLabels.lastName, cell: (row) => <DataText text={row.lastName} /> },
  { header: reportFieldLabels.hospitalNumber, cell: (row) => <DataText text={row.hospitalNumber} /> },
  { header: reportFieldLabels.dateOfBirth, cell: (row) => formatDate(row.dateOfBirth) },
  { header: reportFieldLabels.referralDate, cell: (row) => formatDate(row.referralDate) },
  { header: reportFieldLabels.tciDate, cell: (row) => formatDate(row.tciDate) },
  { header: reportFieldLabels.surgeonName, cell: (row) => <DataText text={row.surgeonName} /> },
];

/**
 * The patients an upload's confirm will archive (docs/decisions/0037-what-the-confirm-will-do.md):
 * on the current list, not on the new one. 15 a page; the upload (?batchId=) and the page are kept
 * in the address, and a link returns to the upload's summary.
 */
export function ToBeArchivedPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownProcedure />;
  return <ToBeArchived type={type} name={name} />;
}

function ToBeArchived({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batchId') ?? '';
  const pageNumber = readPage(params.get('page'));
  const records = useToBeArchived(trust, type, batchId, pageNumber);
  const withPage = (page: number) => {
    const next = new URLSearchParams({ batchId });
    if (page > 1) next.set('page', String(page));
    return next;
  };
  return (
    <>
      <h1>
        {name && (
          <span className="nhsuk-caption-l">
            {name}
            <span className="nhsuk-u-visually-hidden"> - </span>
          </span>
        )}
        Patients to be archived
      </h1>
      <p>
        These patients are on the current list but not on the new one. If you confirm the upload, they leave
        the waiting list and are archived. Their last risk prediction can still be viewed in the archive.
      </p>
      <PagedResults
        query={records}
        caption="Patients to be archived"
        captionHidden
        noun="patient"
        columns={columns}
        rowKey={(row) => row.id}
        layout="scroll"
        onPageChange={(page) => setParams(withPage(page))}
        hrefFor={(page) => `?${withPage(page).toString()}`}
      />
      <p>
        <Link className="nhsuk-link" to={paths.uploadPatientListFiles(type, batchId)}>
          Back to the upload summary
        </Link>
      </p>
    </>
  );
}
