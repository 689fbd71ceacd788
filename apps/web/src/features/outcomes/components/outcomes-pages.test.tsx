import { describe, expect, it, vi } from 'vitest';
import type { OutcomesUploadStatus, OutcomesValidationSummary } from '@esr/contracts/outcomes';
import { mayOpen } from '../../../config/screen-table';
import { paths } from '../../../config/paths';
import { serviceStatusKey } from '../../../lib/api/service-status';
import { buildFileResult } from '../../../lib/test-builders';
import { outcomesKeys } from '../api/query-keys';
import { buildOutcomesSummary, testBatchId } from '../lib/test-builders';
import { OutcomesCompletePage } from './outcomes-complete-page';
import { OutcomesOverviewPage } from './outcomes-overview-page';
import { UploadOutcomesPage } from './upload-outcomes-page';
import { renderScreen } from '../../../lib/render-screen';

vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    currentSelectedRole: 'ClericalUser',
    roles: ['ClericalUser'],
    loginUserDetails: { trust: { code: 'RAN' } },
  }),
}));
vi.mock('../../../lib/api/library', () => ({
  useProcedures: () => ({
    data: [{ code: 'knee', name: 'Knee replacement', category: 'joint replacement' }],
  }),
}));

const batchId = testBatchId;
const summary = buildOutcomesSummary;

const status = (overrides: Partial<OutcomesUploadStatus> = {}): OutcomesUploadStatus => ({
  batchId,
  batchStatus: 'VALIDATED',
  fileName: 'theatre-outcomes.csv',
  status: 'VALIDATED',
  totals: { rows: 412, valid: 409, invalid: 0, error: 0, warnings: 3 },
  ...overrides,
});

const text = (html: string) => html.replace(/<[^<>]+>/g, '');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => text(m[1]!));

const followed = (file: Partial<OutcomesUploadStatus>, found: OutcomesValidationSummary | null) =>
  renderScreen(
    `/outcomes/knee/upload?batchId=${batchId}`,
    '/outcomes/:type/upload',
    <UploadOutcomesPage />,
    (client) => {
      client.setQueryData(outcomesKeys.uploadStatus('RAN', 'knee', batchId), status(file));
      if (found) client.setQueryData(outcomesKeys.validationSummary('RAN', 'knee', batchId, 1), found);
    },
  );

describe('the outcomes overview (decision 0045)', () => {
  const overview = () =>
    renderScreen('/outcomes/knee', '/outcomes/:type', <OutcomesOverviewPage />, (client) => {
      client.setQueryData(serviceStatusKey('RAN', 'knee'), { status: 'idle', lastRun: null });
      client.setQueryData(outcomesKeys.uploads('RAN', 'knee', 1), {
        items: [
          {
            batchId,
            fileName: 'theatre-outcomes.csv',
            uploadDate: '2026-10-01T09:00:00Z',
            status: 'IMPORTED',
            statusLabel: 'Imported',
            user: 'Sam Clerk',
          },
        ],
        pageNumber: 1,
        pageSize: 15,
        totalCount: 1,
      });
    });

  it('says what an outcomes file is, offers its samples, and the upload while the service is idle', () => {
    const html = overview();
    expect(text(html)).toContain('Knee replacement - Outcomes after surgery');
    expect(html).toContain(
      'After surgery, record what happened to each patient: the date of operation and whether they had a complication within 90 days. The model&#x27;s predictions are checked against these outcomes.',
    );
    expect(html).toContain('href="/samples/outcomes-template.csv" download=""');
    expect(html).toContain('href="/samples/outcomes-template.xlsx" download=""');
    expect(text(html)).toContain('Service status');
    expect(buttons(html)).toEqual(['Upload outcomes file']);
  });

  it('lists the earlier outcomes uploads', () => {
    const html = overview();
    expect(html).toContain('<h2>Earlier outcomes uploads</h2>');
    expect(html).toContain('<bdi>theatre-outcomes.csv</bdi>');
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--green">Imported</strong>');
    expect(text(html)).toContain('1 upload found');
  });
});

describe('an outcomes file followed to its summary (decision 0045)', () => {
  it('shows the file’s status, what it matched and what confirming will do, then the two buttons', () => {
    const html = followed({}, summary());
    expect(text(html)).toContain('Knee replacement - Upload outcomes file');
    expect(text(html)).toContain('Outcomes file: validated. The upload summary follows.');
    expect(text(html)).toContain(
      'The file matched 409 pathways; 3 rows match no pathway on this list and will be skipped.',
    );
    expect(text(html)).toContain(
      'Confirming will record 400 outcomes, correct 9 earlier outcomes, and archive 12 patients still on the waiting list as operated.',
    );
    expect(buttons(html)).toEqual(['Confirm and record outcomes', 'Cancel upload']);
  });

  it('does not offer Confirm for a file with errors, and says why', () => {
    const html = followed(
      { status: 'VALIDATED_WITH_ERRORS' },
      summary({
        outcomes_result: buildFileResult({ status: 'VALIDATED_WITH_ERRORS', has_validation_errors: true }),
        changes: null,
      }),
    );
    expect(buttons(html)).toEqual(['Cancel upload']);
    expect(text(html)).toContain('The outcomes cannot be recorded until the file has no errors.');
    expect(text(html)).not.toContain('Confirming will');
  });

  it('waits while the file is validated, without a summary', () => {
    const html = followed({ status: 'VALIDATING', batchStatus: 'VALIDATING' }, null);
    expect(text(html)).toContain('The file is being checked.');
    expect(text(html)).not.toContain('Upload summary');
    expect(buttons(html)).toEqual([]);
  });

  it('offers to start again once the upload is decided', () => {
    const html = followed({}, summary({ batchStatus: 'CANCELLED', changes: null }));
    expect(buttons(html)).toEqual(['Upload a new file']);
  });

  it('asks for the one file before any batch is followed', () => {
    const html = renderScreen(
      '/outcomes/knee/upload',
      '/outcomes/:type/upload',
      <UploadOutcomesPage />,
      () => undefined,
    );
    expect(html).toContain('for="outcomes-file">Outcomes file</label>');
    expect(text(html)).toContain('Choose the outcomes file to continue.');
  });
});

describe('the outcomes recorded (decision 0045)', () => {
  it('says what the confirm did, and the way back', () => {
    const html = renderScreen(
      `/outcomes/knee/upload/complete?batchId=${batchId}`,
      '/outcomes/:type/upload/complete',
      <OutcomesCompletePage />,
      (client) =>
        client.setQueryData(
          outcomesKeys.validationSummary('RAN', 'knee', batchId, 1),
          summary({
            batchStatus: 'IMPORTED',
            changes: { recorded: 1, corrected: 0, unchanged: 2, operated: 1 },
          }),
        ),
    );
    expect(html).toContain('<h1 class="nhsuk-panel__title">Outcomes recorded</h1>');
    expect(html).toContain('<li>1 outcome was recorded.</li>');
    expect(html).toContain('<li>1 patient still on the waiting list was archived as operated.</li>');
    expect(html).toContain('href="/outcomes/knee"');
    expect(html).toContain('href="/dashboard"');
  });
});

describe('who may open the outcomes screens (decision 0045)', () => {
  it('lets clerical users upload outcomes files, and clinicians record a pathway’s outcome', () => {
    const upload = [
      paths.outcomes(),
      paths.outcomesType('knee'),
      paths.outcomesUpload('hip'),
      paths.outcomesComplete('knee-hip'),
    ];
    expect(upload).toEqual([
      '/outcomes',
      '/outcomes/knee',
      '/outcomes/hip/upload',
      '/outcomes/knee-hip/upload/complete',
    ]);
    for (const path of upload) {
      expect(mayOpen(path, ['ClericalUser']), path).toBe(true);
      expect(mayOpen(path, ['Clinician']), path).toBe(false);
    }
    expect(paths.outcomesUpload('knee', batchId)).toBe(`/outcomes/knee/upload?batchId=${batchId}`);
    expect(paths.patientRecordOutcome('p 1', 'knee')).toBe('/patient-lookup/p%201/record-outcome?type=knee');
    expect(mayOpen('/patient-lookup/p1/record-outcome', ['Clinician'])).toBe(true);
    expect(mayOpen('/patient-lookup/p1/record-outcome', ['ClericalUser'])).toBe(false);
    expect(mayOpen('/patient-lookup/p1/record-outcome', ['WaitingListAdmin'])).toBe(false);
  });
});
