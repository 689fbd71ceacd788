import { useNavigate, useSearchParams } from 'react-router';
import { outcomesSampleFiles, type OutcomesUploads } from '@esr/contracts/outcomes';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { PagedResults } from '../../../components/list-status';
import { SampleFiles, type SampleFile } from '../../../components/sample-files';
import { ServiceStatusGate } from '../../../components/service-status-panel';
import { fileNameColumn, uploadHistoryColumns } from '../../../components/upload-history-columns';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { readPage } from '../../../lib/page-param';
import { useProcedureType } from '../../../lib/procedure-type';
import { maxFileMegabytes } from '../../../lib/upload-form';
import { useOutcomesUploads } from '../api/get-outcomes-uploads';
import { outcomesServiceBusy } from '../lib/outcomes-summary';
import { UnknownProcedure } from './unknown-procedure';

/** The sample outcomes files: the same columns for every procedure (decision 0045). */
const samples: SampleFile[] = [
  { href: outcomesSampleFiles.csv, text: 'outcomes template', format: 'CSV' },
  { href: outcomesSampleFiles.xlsx, text: 'outcomes template', format: 'XLSX' },
];

type UploadRow = OutcomesUploads['items'][number];

/**
 * Decision 0045 /outcomes/{type}: what an outcomes file is, its sample files, the service status
 * and the button to upload one (not while the service is busy), then the earlier outcomes files of
 * the procedure, newest first, 15 a page (the page kept in the address, so Back returns to it).
 */
export function OutcomesOverviewPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownProcedure />;
  return <Overview type={type} name={name} />;
}

function Overview({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const navigate = useNavigate();
  const trust = useTrustCode();
  const [params, setParams] = useSearchParams();
  const pageNumber = readPage(params.get('page'));
  const uploads = useOutcomesUploads(trust, type, pageNumber);
  const procedure = name ? name.toLowerCase() : 'this type of operation';
  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <CaptionHeading title="Outcomes after surgery" caption={name} />
          <p>
            After surgery, record what happened to each patient: the date of operation and whether they had a
            complication within 90 days. The model&apos;s predictions are checked against these outcomes.
          </p>
          <p>
            An outcomes file has one row for each operation, for patients on the {procedure} list, now or in
            the past. It can be a CSV, XLSX or XLS file of up to {maxFileMegabytes} MB. It is checked, and you
            see what was found, before any outcome is recorded. Patients still on the waiting list are
            archived as operated when you confirm it.
          </p>

          <SampleFiles
            intro="The template shows the columns the file needs. They are the same for every type of operation."
            samples={samples}
          />

          <ServiceStatusGate
            trust={trust}
            type={type}
            description={`An outcomes file cannot be uploaded while the service is busy with an upload for ${procedure} or giving its patients a risk prediction.`}
            busyMessage={outcomesServiceBusy}
            buttonLabel="Upload outcomes file"
            onContinue={() => void navigate(paths.outcomesUpload(type))}
          />
        </div>
      </div>

      <h2>Earlier outcomes uploads</h2>
      <PagedResults<UploadRow>
        query={uploads}
        caption={`Outcomes files uploaded for ${procedure}, newest first`}
        captionHidden
        noun="upload"
        columns={[fileNameColumn, ...uploadHistoryColumns]}
        rowKey={(row) => row.batchId}
        onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
      />
    </>
  );
}
