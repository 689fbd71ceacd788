import type { FileResult } from '@esr/contracts/waiting-list';
import { SummaryList, Table, WarningCallout, type SummaryRow } from '../../../components/content';
import { Pagination } from '../../../components/pagination';
import { totalPagesOf } from '../../../lib/pagination';
import {
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
 * columns, the rows that will not be imported (15 a page, paged by the server), the rows that
 * could not be read, and the warnings.
 */
export function FileSummary({
  file,
  result,
  pageNumber,
  pageSize,
  onPage,
  hrefFor,
}: {
  file: 'waitingList' | 'bloodTest';
  result: FileResult;
  pageNumber: number;
  pageSize: number;
  onPage: (page: number) => void;
  hrefFor: (page: number) => string;
}) {
  const { title, noun } = words[file];
  const totals = result.totals;
  const rows: SummaryRow[] = [
    { key: 'Status', value: <StatusTag status={result.status} /> },
    { key: 'Rows read', value: String(totals.rows) },
    { key: 'Valid rows', value: String(totals.valid) },
    { key: 'Rows with errors', value: String(totals.invalid) },
    ...(totals.error > 0 ? [{ key: 'Rows that could not be read', value: String(totals.error) }] : []),
    { key: 'Warnings', value: String(totals.warnings) },
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
          {result.file_name}
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
          <h4>Rows that will not be imported</h4>
          <Table<ProblemLine>
            caption={`Rows of the ${noun} file that will not be imported${totalPages > 1 ? `, page ${pageNumber} of ${totalPages}` : ''}`}
            captionHidden
            rowKey={(line) => line.key}
            rows={lines}
            columns={[
              { header: rowNumberHeader, cell: (line) => line.rowNumber, numeric: true },
              { header: 'Field', cell: (line) => line.field },
              { header: 'Reason', cell: (line) => line.reason },
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
              { header: rowNumberHeader, cell: (row) => row.row_number, numeric: true },
              { header: 'Reason', cell: (row) => errorRowReason(row.errors) },
            ]}
          />
        </>
      )}

      {result.warnings.length > 0 && (
        <details className="nhsuk-details">
          <summary className="nhsuk-details__summary">
            <span className="nhsuk-details__summary-text">
              Warnings<span className="nhsuk-u-visually-hidden"> about the {noun} file</span> (
              {totals.warnings})
            </span>
          </summary>
          <div className="nhsuk-details__text">
            <p>
              Rows with warnings are imported. Check the values, and correct them later if they are wrong.
            </p>
            {totals.warnings > result.warnings.length && (
              <p>
                The first {result.warnings.length} of {totals.warnings} warnings are shown.
              </p>
            )}
            <ul>
              {result.warnings.map((warning, index) => (
                <li key={index}>{warningText(warning)}</li>
              ))}
            </ul>
          </div>
        </details>
      )}
    </section>
  );
}
