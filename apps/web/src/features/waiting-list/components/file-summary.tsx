import { importMessages, type FileResult } from '@esr/contracts/waiting-list';
import { Button } from '../../../components/button';
import { SummaryList, Table, WarningCallout, type SummaryRow } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { Pagination } from '../../../components/pagination';
import { totalPagesOf } from '../../../lib/pagination';
import type { ImportDownload } from '../api/download-import-file';
import {
  countText,
  errorRowReason,
  failedFileMessage,
  problemLines,
  warningText,
  type ProblemLine,
} from '../lib/validation-summary';
import { StatusTag } from './status-tag';

const words = {
  waitingList: { title: 'Waiting list file', noun: 'waiting list' },
  bloodTest: { title: 'Blood test file', noun: 'blood test' },
} as const;

const rowNumberHeader = 'Row in your spreadsheet';

/**
 * One file of the Confirm Upload Summary (docs/requirements.md §2, §3): status, totals, missing and unexpected
 * columns, the rows with errors (15 a page, paged by the server), which stop the whole upload
 * (§4: all or nothing) and can be downloaded to correct, the rows that could not be read, and the
 * warnings counted by kind, every one of them in a download (docs/decisions/0037-what-the-confirm-will-do.md).
 */
export function FileSummary({
  file,
  result,
  pageNumber,
  pageSize,
  onPage,
  hrefFor,
  onDownload,
  downloading,
  downloadsDisabled,
}: {
  file: 'waitingList' | 'bloodTest';
  result: FileResult;
  pageNumber: number;
  pageSize: number;
  onPage: (page: number) => void;
  hrefFor: (page: number) => string;
  onDownload: (download: ImportDownload) => void;
  /** The download of this file in progress, if one is. */
  downloading: ImportDownload | null;
  /** A download (of either file) is in progress. */
  downloadsDisabled: boolean;
}) {
  const { title, noun } = words[file];
  const totals = result.totals;
  const rows: SummaryRow[] = [
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
  const lines = problemLines(result.invalid_rows);
  const totalPages = totalPagesOf(totals.invalid, pageSize);
  return (
    <section aria-labelledby={`${file}-summary-title`}>
      <h3 id={`${file}-summary-title`}>
        {title}
        <span className="nhsuk-caption-m">
          <span className="nhsuk-u-visually-hidden">: </span>
          <DataText text={result.file_name} />
        </span>
      </h3>
      {result.status === 'FAILED' && (
        <WarningCallout heading="Validation failed">
          <p>{failedFileMessage(file, result.error)}</p>
          {result.base_errors.length > 1 && (
            <ul>
              {result.base_errors.slice(1).map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </WarningCallout>
      )}
      <SummaryList rows={rows} />

      {totals.invalid > 0 && lines.length > 0 && (
        <>
          <h4>Rows with errors</h4>
          <p>{importMessages.rowsWithErrors}</p>
          <Button
            variant="secondary"
            disabled={downloadsDisabled}
            aria-disabled={downloadsDisabled}
            onClick={() => onDownload('rowsWithErrors')}
          >
            {downloading === 'rowsWithErrors' ? 'Downloading...' : 'Download the rows with errors'}
            <span className="nhsuk-u-visually-hidden"> of the {noun} file</span> (CSV)
          </Button>
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
          <Pagination
            label={`Pages of ${noun} rows with errors`}
            pageNumber={pageNumber}
            pageSize={pageSize}
            totalCount={totals.invalid}
            onChange={onPage}
            hrefFor={hrefFor}
          />
        </>
      )}

      {result.error_rows.length > 0 && (
        <>
          <h4>Rows that could not be read</h4>
          <Table
            caption={`Rows of the ${noun} file that could not be read`}
            captionHidden
            rowKey={(row) => String(row.row_number)}
            rows={result.error_rows}
            columns={[
              { header: rowNumberHeader, cell: (row) => countText(row.row_number), numeric: true },
              { header: 'Reason', cell: (row) => errorRowReason(row.errors) },
            ]}
          />
        </>
      )}

      {totals.warnings > 0 && (
        <details className="nhsuk-details">
          <summary className="nhsuk-details__summary">
            <span className="nhsuk-details__summary-text">
              Warnings<span className="nhsuk-u-visually-hidden"> about the {noun} file</span> (
              {countText(totals.warnings)})
            </span>
          </summary>
          <div className="nhsuk-details__text">
            <p>
              Rows with warnings are imported. Check the values, and correct them later if they are wrong.
            </p>
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
                  <li key={index}>{warningText(warning)}</li>
                ))}
              </ul>
            )}
            <Button
              variant="secondary"
              disabled={downloadsDisabled}
              aria-disabled={downloadsDisabled}
              onClick={() => onDownload('warnings')}
            >
              {downloading === 'warnings' ? 'Downloading...' : 'Download all warnings'}
              <span className="nhsuk-u-visually-hidden"> about the {noun} file</span> (CSV)
            </Button>
          </div>
        </details>
      )}
    </section>
  );
}
