import { useNavigate } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { sampleFiles } from '@esr/contracts/waiting-list';
import { CaptionHeading } from '../../../components/caption-heading';
import { Table } from '../../../components/content';
import { ListStatus } from '../../../components/list-status';
import { SampleFiles, type SampleFile } from '../../../components/sample-files';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useUploadHistory } from '../api/get-upload-history';
import { useProcedureType } from '../../../lib/procedure-type';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { maxFileMegabytes } from '../../../lib/upload-form';
import { ServiceStatusGate } from '../../../components/service-status-panel';
import { UnknownProcedure } from './unknown-procedure';
import { fileNameColumn, uploadHistoryColumns } from '../../../components/upload-history-columns';
import { uploadHistoryRowKey } from './upload-history-columns';

/**
 * docs/requirements.md §2: the sample files are static, one set for each procedure; each link says what it
 * is and that it downloads.
 */
function samplesFor(type: ProcedureCode): SampleFile[] {
  const files = sampleFiles(type);
  return [
    { href: files.waitingListCsv, text: 'waiting list template', format: 'CSV' },
    { href: files.waitingListXlsx, text: 'waiting list template', format: 'XLSX' },
    { href: files.bloodTestCsv, text: 'blood test template', format: 'CSV' },
    { href: files.bloodTestXlsx, text: 'blood test template', format: 'XLSX' },
  ];
}

function RecentUploads({ trust, type, name }: { trust: string; type: ProcedureCode; name: string }) {
  const history = useUploadHistory(trust, {
    procedureCode: type,
    pageNumber: 1,
    pageSize: pageSizes.recentUploads,
  });
  const items = history.data?.items ?? [];
  const last = items[0];
  return (
    <>
      <h2>Last upload</h2>
      <p>
        {history.isLoading
          ? messages.loading
          : last
            ? formatDateTime(last.uploadDate)
            : history.isError
              ? messages.notAvailable
              : `No patient list has been uploaded for ${name} yet.`}
      </p>
      <details className="nhsuk-details">
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">Upload history</span>
        </summary>
        <div className="nhsuk-details__text">
          <ListStatus
            isLoading={history.isLoading}
            isError={history.isError}
            isEmpty={items.length === 0}
            onRetry={() => void history.refetch()}
          />
          {items.length > 0 && !history.isError && (
            <Table
              caption={`The last ${pageSizes.recentUploads} uploads for ${name}`}
              columns={[fileNameColumn, ...uploadHistoryColumns]}
              rows={items}
              rowKey={uploadHistoryRowKey}
            />
          )}
        </div>
      </details>
    </>
  );
}

/**
 * docs/requirements.md §2 /upload-patient-list/{type}: what to upload, sample files, the last upload and the
 * recent ones, the service status; docs/requirements.md §4: Continue is disabled while the service is busy.
 */
export function UploadOverviewPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownProcedure />;
  return <Overview type={type} name={name ?? 'this type of operation'} caption={name} />;
}

function Overview({
  type,
  name,
  caption,
}: {
  type: ProcedureCode;
  name: string;
  caption: string | undefined;
}) {
  const navigate = useNavigate();
  const trust = useTrustCode();
  const lowerName = name.toLowerCase();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <CaptionHeading title="Upload patient list" caption={caption} />
        <p>You upload two files together:</p>
        <ul>
          <li>
            a waiting list file, with one row for each patient waiting for a {lowerName}: their details,
            health conditions and the dates of their pathway
          </li>
          <li>
            a blood test file, with the patients&apos; recent blood test results, matched to the waiting list
            by NHS number or local patient identifier
          </li>
        </ul>
        <p>
          Each file can be a CSV, XLSX or XLS file of up to {maxFileMegabytes} MB. Both are checked, and you
          see what was found, before anything changes.
        </p>
        <p>
          When you confirm the upload, the new list replaces the current waiting list for {lowerName}.
          Patients who are not on the new list are archived.
        </p>

        <SampleFiles
          intro="The templates show the columns each file needs, in the order the service expects."
          samples={samplesFor(type)}
        />

        <RecentUploads trust={trust} type={type} name={lowerName} />

        <ServiceStatusGate
          trust={trust}
          type={type}
          busyMessage={messages.serviceBusy}
          buttonLabel="Continue"
          onContinue={() => void navigate(paths.uploadPatientListFiles(type))}
        />
      </div>
    </div>
  );
}
