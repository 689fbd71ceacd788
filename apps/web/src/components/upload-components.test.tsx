import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { importMessages } from '@esr/contracts/waiting-list';
import { ApiError } from '../lib/api-client';
import { buildFileResult } from '../lib/test-builders';
import { Table } from './content';
import { FileSummary, type FileSummaryWords } from './file-summary';
import { fileErrorSummaryItems, FileUploadForm } from './file-upload-form';
import { SampleFiles } from './sample-files';
import { ServiceStatusPanel } from './service-status-panel';
import { StatusTag } from './status-tag';
import { UploadDecision } from './upload-decision';
import { fileNameColumn, uploadHistoryColumns } from './upload-history-columns';
import { BatchStatusHeading, UploadStagesPage } from './upload-stage';
import { ValidationStatus } from './validation-status';

const render = (element: ReactNode) => renderToStaticMarkup(element);
const text = (html: string) => html.replace(/<[^<>]+>/g, '');
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map((match) => ({
    disabled: /\sdisabled=""/.test(match[1]!),
    text: text(match[2]!),
  }));

describe('one file of an upload’s summary, for any file', () => {
  const words: FileSummaryWords = {
    title: 'Outcomes file',
    noun: 'outcomes',
    rowsWithErrors: 'Correct these rows.',
    warnings: 'Unmatched rows are skipped.',
  };
  const invalid = buildFileResult({
    file_name: 'theatre.csv',
    status: 'VALIDATED_WITH_ERRORS',
    has_validation_errors: true,
    totals: { rows: 40, valid: 38, invalid: 2, error: 0, warnings: 3 },
    invalid_rows: [
      {
        row_number: 7,
        error_count: 1,
        field_specific_errors: { dateOfOperation: ['The date is in the future'] },
        validation_error: null,
        non_field_specific_errors: [],
        values: {},
      },
    ],
    warning_groups: [{ kind: 'unmatched', field: null, count: 3, message: '3 rows match no pathway' }],
    diff_headers: { missing: ['Date of Operation'], unexpected: ['Ward'] },
  });
  const summary = (props: Partial<Parameters<typeof FileSummary>[0]> = {}) =>
    render(
      <FileSummary
        id="outcomes"
        words={words}
        result={invalid}
        failedMessage="Outcomes file validation failed. Please re-upload the file."
        labelOf={(key) => (key === 'dateOfOperation' ? 'Date of operation' : key)}
        pageNumber={1}
        pageSize={15}
        onPage={() => undefined}
        hrefFor={(page) => `?page=${page}`}
        {...props}
      />,
    );

  it('speaks of the file in its own words, its fields by its own labels', () => {
    const html = summary();
    expect(html).toContain('aria-labelledby="outcomes-summary-title"');
    expect(html).toContain('<h3 id="outcomes-summary-title">Outcomes file');
    expect(html).toContain('<bdi>theatre.csv</bdi>');
    expect(text(html)).toContain('Rows with errors2');
    expect(text(html)).toContain('Missing columnsDate of Operation');
    expect(text(html)).toContain('Unexpected columnsWard');
    expect(html).toContain('<p>Correct these rows.</p>');
    expect(html).toContain('<p>Unmatched rows are skipped.</p>');
    expect(html).toContain('<li>3 rows match no pathway</li>');
    expect(text(html)).toContain(
      'Row in your spreadsheet 7Field Date of operationReason The date is in the future',
    );
    expect(html).toContain('Rows with errors in the outcomes file');
  });

  it('offers downloads only for a file that has them', () => {
    expect(buttons(summary())).toEqual([]);
    const withDownloads = summary({
      downloads: { onDownload: () => undefined, downloading: 'warnings', disabled: true },
    });
    expect(buttons(withDownloads)).toEqual([
      { disabled: true, text: 'Download the rows with errors of the outcomes file (CSV)' },
      { disabled: true, text: 'Downloading... about the outcomes file (CSV)' },
    ]);
  });

  it('says why a failed file failed, in the words it is given', () => {
    const html = summary({ result: { ...invalid, status: 'FAILED' } });
    expect(text(html)).toContain('Validation failed');
    expect(html).toContain('<p>Outcomes file validation failed. Please re-upload the file.</p>');
    expect(summary()).not.toContain('Please re-upload the file.');
  });
});

describe('the file upload form, for any files', () => {
  it('has an input for each file, and Continue only once every file is chosen', () => {
    const html = render(
      <FileUploadForm
        fields={[{ field: 'outcomesFile', id: 'outcomes-file', label: 'Outcomes file' }]}
        chooseAll="Choose the outcomes file to continue."
        sending={false}
        send={() => Promise.resolve({ batchId: 'b' })}
        errorsFrom={() => ({})}
        onProblems={() => undefined}
        onAccepted={() => undefined}
      />,
    );
    expect(html.match(/type="file"/g)).toHaveLength(1);
    expect(html).toMatch(/<input id="outcomes-file"[^>]*type="file"/);
    expect(html).toMatch(/<input id="outcomes-file"[^>]*name="outcomesFile"/);
    expect(html).toMatch(/<input id="outcomes-file"[^>]*accept=".csv,.xlsx,.xls"/);
    expect(html).toContain('<label class="nhsuk-label" for="outcomes-file">Outcomes file</label>');
    expect(html).toContain('A CSV, XLSX or XLS file, up to 50 MB');
    expect(html).toContain('no file selected');
    expect(html).toContain('Choose the outcomes file to continue.');
    expect(buttons(html)).toEqual([{ disabled: true, text: 'Continue' }]);
  });

  it('lists each file’s error, in the form’s order and linked to its input, then the rest', () => {
    const fields = [
      { field: 'a', id: 'a-file', label: 'A' },
      { field: 'b', id: 'b-file', label: 'B' },
    ] as const;
    expect(fileErrorSummaryItems(fields, { form: 'Busy', b: 'Too big', a: 'Empty' })).toEqual([
      { text: 'Empty', fieldId: 'a-file' },
      { text: 'Too big', fieldId: 'b-file' },
      { text: 'Busy' },
    ]);
    expect(fileErrorSummaryItems(fields, {})).toEqual([]);
  });
});

describe('the validation status of one file or several', () => {
  const file = (label: string, status: 'VALIDATING' | 'VALIDATED') => ({
    label,
    fileName: `${label}.csv`,
    status,
  });

  it('speaks of the one file', () => {
    const html = render(<ValidationStatus files={[file('Outcomes file', 'VALIDATING')]} />);
    expect(html).toContain('Validation status of the file');
    expect(html).toContain('The file is being checked. This page updates by itself when it is done.');
    expect(html).toContain('Outcomes file: validating.');
    expect(html).not.toContain('The upload summary follows.');
  });

  it('speaks of several files, and says the summary follows once they are done', () => {
    const html = render(
      <ValidationStatus
        files={[file('Waiting list file', 'VALIDATED'), file('Blood test file', 'VALIDATED')]}
      />,
    );
    expect(html).toContain('Validation status of each file');
    expect(html).not.toContain('being checked');
    expect(html).toContain(
      'Waiting list file: validated. Blood test file: validated. The upload summary follows.',
    );
  });
});

describe('the end of an upload’s summary', () => {
  const decision = (props: Partial<Parameters<typeof UploadDecision>[0]>) =>
    render(
      <UploadDecision
        decided={false}
        blocked={false}
        blockedText="Correct the file first."
        busy={null}
        labels={{
          confirm: 'Confirm and record outcomes',
          cancel: 'Cancel upload',
          restart: 'Upload a new file',
        }}
        onConfirm={() => undefined}
        onCancel={() => undefined}
        {...props}
      />,
    );

  it('offers Confirm and Cancel', () => {
    expect(buttons(decision({}))).toEqual([
      { disabled: false, text: 'Confirm and record outcomes' },
      { disabled: false, text: 'Cancel upload' },
    ]);
    expect(buttons(decision({ busy: 'confirm' }))).toEqual([
      { disabled: true, text: 'Confirming...' },
      { disabled: true, text: 'Cancel upload' },
    ]);
  });

  it('says why an upload cannot be confirmed, its Confirm disabled or hidden', () => {
    const disabled = decision({ blocked: true });
    expect(disabled).toContain('<p>Correct the file first.</p>');
    expect(buttons(disabled)[0]).toEqual({ disabled: true, text: 'Confirm and record outcomes' });
    const hidden = decision({ blocked: true, blockedConfirm: 'hidden' });
    expect(hidden).toContain('<p>Correct the file first.</p>');
    expect(buttons(hidden)).toEqual([{ disabled: false, text: 'Cancel upload' }]);
  });

  it('offers only to start again once the upload is decided', () => {
    const html = decision({ decided: true, blocked: true });
    expect(html).toContain(importMessages.alreadyDecided);
    expect(html).not.toContain('Correct the file first.');
    expect(buttons(html)).toEqual([{ disabled: false, text: 'Upload a new file' }]);
  });
});

describe('an upload page’s stages, for any upload', () => {
  const page = (address: string) =>
    render(
      <MemoryRouter initialEntries={[address]}>
        <UploadStagesPage
          title="Upload outcomes file"
          caption="Knee replacement"
          completePath={(batchId) => `/done?batchId=${batchId}`}
          choose={() => <p>Choose the file.</p>}
          follow={(batch) => (
            <p>
              Following {batch.batchId}, page {batch.params.get('page')}
            </p>
          )}
        />
      </MemoryRouter>,
    );

  it('asks for the files until a batch is followed, under one focusable h1', () => {
    const html = page('/outcomes/knee/upload');
    expect(html).toContain(
      '<h1 class="app-focus-target" tabindex="-1"><span class="nhsuk-caption-l">Knee replacement<span class="nhsuk-u-visually-hidden"> - </span></span>Upload outcomes file</h1>',
    );
    expect(html).toContain('<div class="nhsuk-grid-column-two-thirds"><p>Choose the file.</p></div>');
    expect(html).not.toContain('Following');
  });

  it('follows the batch of the address, with the rest of its query', () => {
    const html = page('/outcomes/knee/upload?batchId=b1&page=2');
    expect(html).toContain('<p>Following b1, page 2</p>');
    expect(html).not.toContain('Choose the file.');
  });
});

describe('the heading of a followed upload', () => {
  const heading = (error: unknown) =>
    render(
      <BatchStatusHeading
        batch={{ headingRef: null, onRestart: () => undefined }}
        query={{ isLoading: false, isError: true, error, refetch: () => undefined }}
        restartLabel="Upload a new file"
      />,
    );

  it('says a batch the server does not know is not found, and offers to start again', () => {
    const html = heading(new ApiError(404, { detail: 'Not found' }));
    expect(html).toContain('<h2 class="app-focus-target" tabindex="-1">Validation status</h2>');
    expect(html).toContain(`${importMessages.batchNotFound}.`);
    expect(buttons(html)).toEqual([{ disabled: false, text: 'Upload a new file' }]);
  });

  it('offers to try again after any other failure', () => {
    const html = heading(new ApiError(500, null));
    expect(html).toContain('some error occurred! Click here to try again.');
    expect(html).not.toContain(importMessages.batchNotFound);
  });
});

describe('the other pieces of an upload page', () => {
  it('shows a status in the list’s own words, in its colour', () => {
    expect(render(<StatusTag status="IMPORTED" label="Recorded" />)).toBe(
      '<strong class="nhsuk-tag nhsuk-tag--green">Recorded</strong>',
    );
    expect(render(<StatusTag status="FAILED" />)).toBe(
      '<strong class="nhsuk-tag nhsuk-tag--red">Failed</strong>',
    );
  });

  it('shows an upload history row, whatever was uploaded', () => {
    const html = render(
      <Table
        columns={[fileNameColumn, ...uploadHistoryColumns]}
        rows={[
          {
            fileName: 'theatre.csv',
            uploadDate: '2026-10-01T09:00:00Z',
            status: 'VALIDATED_WITH_ERRORS',
            statusLabel: 'Validated with errors',
            user: 'Sam Clerk',
          },
        ]}
        rowKey={(row) => row.fileName}
      />,
    );
    expect(text(html)).toContain('File name theatre.csv');
    expect(text(html)).toContain('Upload date 01-Oct-2026 10:00:00');
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--orange">Validated with errors</strong>');
    expect(html).toContain('<bdi>Sam Clerk</bdi>');
  });

  it('offers the sample files, saying what each is and that it downloads', () => {
    const html = render(
      <SampleFiles
        intro="The template."
        samples={[{ href: '/samples/o.csv', text: 'outcomes template', format: 'CSV' }]}
      />,
    );
    expect(html).toContain(
      '<a class="nhsuk-link" href="/samples/o.csv" download="">Download the outcomes template (CSV)</a>',
    );
  });

  it('says what the service’s status means for the page', () => {
    const status = { status: 'idle' as const, lastRun: null };
    const own = render(
      <ServiceStatusPanel
        status={status}
        isLoading={false}
        isError={false}
        description="No upload while busy."
      />,
    );
    expect(own).toContain('<p class="nhsuk-card__description">No upload while busy.</p>');
    expect(render(<ServiceStatusPanel status={status} isLoading={false} isError={false} />)).toContain(
      'The service gives every patient of a confirmed list a risk prediction.',
    );
  });
});
