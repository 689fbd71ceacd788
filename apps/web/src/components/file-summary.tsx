import { Link } from 'react-router';
import type { FileResult, InvalidRow } from '@esr/contracts/waiting-list';
import { totalPagesOf } from '../lib/pagination';
import {
  countText,
  errorRowReason,
  fieldLabel,
  problemLines,
  warningText,
  type FieldLabel,
  type ProblemLine,
} from '../lib/validation-summary';
import { Button } from './button';
import { SummaryList, Table, WarningCallout, type SummaryRow } from './content';
import { DataText } from './data-text';
import { Pagination } from './pagination';
import { StatusTag } from './status-tag';

/** What a file of an upload can be downloaded as (docs/decisions/0037-what-the-confirm-will-do.md). */
export type FileDownload = 'rowsWithErrors' | 'warnings';

/** How a summary speaks of its file. */
export interface FileSummaryWords {
  /** The heading, such as 'Waiting list file'. */
  title: string;
  /** The file in a sentence, such as 'waiting list' ('Rows with errors in the waiting list file'). */
  noun: string;
  /** Under 'Rows with errors': what they mean for the upload, and what to do. */
  rowsWithErrors: string;
  /** In the warnings: what becomes of a row with a warning. */
  warnings: string;
}

/** The file's two downloads (the rows with errors, every warning), for a file that offers them. */
export interface FileSummaryDownloads {
  onDownload: (download: FileDownload) => void;
  /** The download of this file in progress, if one is. */
  downloading: FileDownload | null;
  /** A download (of any file of the upload) is in progress. */
  disabled: boolean;
}

const rowNumberHeader = 'Row in your spreadsheet';

/** Each download's button, and how screen readers hear the file it is of after it. */
const downloadWords: Record<FileDownload, { label: string; aboutFile: (noun: string) => string }> = {
  rowsWithErrors: { label: 'Download the rows with errors', aboutFile: (noun) => ` of the ${noun} file` },
  warnings: { label: 'Download all warnings', aboutFile: (noun) => ` about the ${noun} file` },
};

/** A download of the file, named for it to screen readers; it says so while it is on its way. */
function DownloadButton({
  downloads,
  download,
  noun,
}: {
  downloads: FileSummaryDownloads;
  download: FileDownload;
  noun: string;
}) {
  const { label, aboutFile } = downloadWords[download];
  return (
    <Button
      variant="secondary"
      disabled={downloads.disabled}
      aria-disabled={downloads.disabled}
      onClick={() => downloads.onDownload(download)}
    >
      {downloads.downloading === download ? 'Downloading...' : label}
      <span className="nhsuk-u-visually-hidden">{aboutFile(noun)}</span> (CSV)
    </Button>
  );
}

/** The file's heading, with its name as the caption. */
function FileHeading({ id, title, fileName }: { id: string; title: string; fileName: string }) {
  return (
    <h3 id={`${id}-summary-title`}>
      {title}
      <span className="nhsuk-caption-m">
        <span className="nhsuk-u-visually-hidden">: </span>
        <DataText text={fileName} />
      </span>
    </h3>
  );
}

/** A FAILED file: what it says, then every reason after the first. */
function FailedCallout({ message, baseErrors }: { message: string; baseErrors: FileResult['base_errors'] }) {
  return (
    <WarningCallout heading="Validation failed">
      <p>{message}</p>
      {baseErrors.length > 1 && (
        <ul>
          {baseErrors.slice(1).map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </WarningCallout>
  );
}

/** The file's status and counts, and the columns it lacks or should not have. */
function totalsRows(result: FileResult): SummaryRow[] {
  const totals = result.totals;
  return [
    { key: 'Status', value: <StatusTag status={result.status} /> },
    { key: 'Rows read', value: countText(totals.rows) },
    { key: 'Valid rows', value: countText(totals.valid) },
    { key: 'Rows with errors', value: countText(totals.invalid) },
    ...(totals.error > 0 ? [{ key: 'Rows that could not be read', value: countText(totals.error) }] : []),
    { key: 'Warnings', value: countText(totals.warnings) },
    ...(result.diff_headers.missing.length > 0
      ? [{ key: 'Missing columns', value: result.diff_headers.missing.join(', ') }]
      : []),
    ...(result.diff_headers.unexpected.length > 0
      ? [{ key: 'Unexpected columns', value: result.diff_headers.unexpected.join(', ') }]
      : []),
  ];
}

/** Decision 0055: links to the patients on the list whose NHS number a row gives with another date of birth. */
function ConflictLinks({
  conflicts,
  patientHref,
}: {
  conflicts: InvalidRow[];
  patientHref: (pathwayId: string) => string;
}) {
  return (
    <>
      <p>
        A row whose NHS number is on the list with another date of birth is another patient, or a corrected
        date of birth. Open the patient on the list; a clinician confirms a corrected date of birth from
        there.
      </p>
      <ul className="nhsuk-list">
        {conflicts.map((row) => (
          <li key={row.row_number}>
            <Link className="nhsuk-link" to={patientHref(row.conflicting_pathway_id!)}>
              The patient on the list for row {countText(row.row_number)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What the summary's parts share: the file, how to speak of it, and what it offers. */
type FileSummaryProps = {
  id: string;
  words: FileSummaryWords;
  result: FileResult;
  failedMessage: string;
  labelOf?: FieldLabel;
  pageNumber: number;
  pageSize: number;
  onPage: (page: number) => void;
  hrefFor: (page: number) => string;
  downloads?: FileSummaryDownloads | undefined;
  /**
   * Decision 0055: the risk summary of the patient on the list whose NHS number a row gives with
   * another date of birth, where a clinician confirms a corrected one.
   */
  patientHref?: ((pathwayId: string) => string) | undefined;
};

/** The rows with errors, a page of them, with their download and the patients they conflict with. */
function RowsWithErrors({
  words,
  result,
  lines,
  pageNumber,
  pageSize,
  onPage,
  hrefFor,
  downloads,
  patientHref,
}: FileSummaryProps & { lines: ProblemLine[] }) {
  const { noun } = words;
  const totalPages = totalPagesOf(result.totals.invalid, pageSize);
  const conflicts = result.invalid_rows.filter((row) => row.conflicting_pathway_id);
  return (
    <>
      <h4>Rows with errors</h4>
      <p>{words.rowsWithErrors}</p>
      {downloads && <DownloadButton downloads={downloads} download="rowsWithErrors" noun={noun} />}
      <Table<ProblemLine>
        caption={`Rows with errors in the ${noun} file${totalPages > 1 ? `, page ${pageNumber} of ${totalPages}` : ''}`}
        captionHidden
        rowKey={(line) => line.key}
        rows={lines}
        columns={[
          { header: rowNumberHeader, cell: (line) => countText(line.rowNumber), numeric: true },
          { header: 'Field', cell: (line) => line.field },
          // A reason may quote the file's cell: isolated (decision 0043).
          { header: 'Reason', cell: (line) => <DataText text={line.reason} /> },
        ]}
      />
      {patientHref && conflicts.length > 0 && (
        <ConflictLinks conflicts={conflicts} patientHref={patientHref} />
      )}
      <Pagination
        label={`Pages of ${noun} rows with errors`}
        pageNumber={pageNumber}
        pageSize={pageSize}
        totalCount={result.totals.invalid}
        onChange={onPage}
        hrefFor={hrefFor}
      />
    </>
  );
}

/** The rows that could not be read at all, and why. */
function UnreadRows({ noun, errorRows }: { noun: string; errorRows: FileResult['error_rows'] }) {
  return (
    <>
      <h4>Rows that could not be read</h4>
      <Table
        caption={`Rows of the ${noun} file that could not be read`}
        captionHidden
        rowKey={(row) => String(row.row_number)}
        rows={errorRows}
        columns={[
          { header: rowNumberHeader, cell: (row) => countText(row.row_number), numeric: true },
          { header: 'Reason', cell: (row) => errorRowReason(row.errors) },
        ]}
      />
    </>
  );
}

/** The warnings, counted by kind, folded away; with the download of every one of them. */
function Warnings({ words, result, labelOf = fieldLabel, downloads }: FileSummaryProps) {
  const { noun } = words;
  return (
    <details className="nhsuk-details">
      <summary className="nhsuk-details__summary">
        <span className="nhsuk-details__summary-text">
          Warnings<span className="nhsuk-u-visually-hidden"> about the {noun} file</span> (
          {countText(result.totals.warnings)})
        </span>
      </summary>
      <div className="nhsuk-details__text">
        <p>{words.warnings}</p>
        {result.warning_groups.length > 0 ? (
          <ul>
            {result.warning_groups.map((group) => (
              <li key={`${group.kind}-${group.message}`}>{group.message}</li>
            ))}
          </ul>
        ) : (
          // An upload validated before the warnings were counted by kind: its first warnings.
          <ul>
            {result.warnings.map((warning, index) => (
              <li key={index}>{warningText(warning, labelOf)}</li>
            ))}
          </ul>
        )}
        {downloads && <DownloadButton downloads={downloads} download="warnings" noun={noun} />}
      </div>
    </details>
  );
}

/**
 * One file of an upload's summary (docs/requirements.md §2, §3): status, totals, missing and unexpected
 * columns, the rows with errors (15 a page, paged by the server), which stop the whole upload
 * (§4: all or nothing), the rows that could not be read, and the warnings counted by kind
 * (docs/decisions/0037-what-the-confirm-will-do.md). A file that offers downloads (`downloads`)
 * has buttons for its rows with errors and its warnings. `id` names the section's heading;
 * `failedMessage` is what a FAILED file says; `labelOf` names the file's fields.
 */
export function FileSummary(props: FileSummaryProps) {
  const { id, words, result, failedMessage, labelOf = fieldLabel } = props;
  const totals = result.totals;
  const lines = problemLines(result.invalid_rows, labelOf);
  return (
    <section aria-labelledby={`${id}-summary-title`}>
      <FileHeading id={id} title={words.title} fileName={result.file_name} />
      {result.status === 'FAILED' && (
        <FailedCallout message={failedMessage} baseErrors={result.base_errors} />
      )}
      <SummaryList rows={totalsRows(result)} />

      {totals.invalid > 0 && lines.length > 0 && <RowsWithErrors {...props} lines={lines} />}

      {result.error_rows.length > 0 && <UnreadRows noun={words.noun} errorRows={result.error_rows} />}

      {totals.warnings > 0 && <Warnings {...props} />}
    </section>
  );
}
