import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PathwayOutcomes } from '@esr/contracts/outcomes';
import type { RiskSummary } from '@esr/contracts/patients';
import type { GuardRole } from '@esr/contracts/roles';
import { pathwayOutcomeKey } from '../api/get-pathway-outcome';
import { patientKeys } from '../api/query-keys';
import { buildOutcome } from '../lib/outcome-test-builders';
import type { RiskHistory } from '@esr/contracts/patients';
import { OutcomeSection } from './outcome-section';
import { PreviousEvaluationsPage } from './previous-evaluations-page';
import { RecordOutcomePage } from './record-outcome-page';

// Who is signed in, acting in which role (the section offers clinicians alone to record).
const signedIn = vi.hoisted(() => ({ as: 'Clinician' as GuardRole }));
vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { trust: { code: 'RAN' } },
    roles: [signedIn.as],
    currentSelectedRole: signedIn.as,
  }),
}));
vi.mock('../../../lib/api/library', () => ({ useProcedures: () => ({ data: undefined }) }));

const id = '00000000-0000-4000-8000-000000000001';

const fromFile = buildOutcome('o2', {
  complication90Days: true,
  complicationType: 'Deep wound infection',
  readmission30Days: true,
  lengthOfStayDays: 6,
  death90Days: false,
  source: 'file',
  fileName: 'theatre-outcomes.csv',
  recordedAt: '2026-10-01T09:00:00Z',
  recordedBy: 'Sam Clerk',
});
const byClinician = buildOutcome('o1');
const outcomes: PathwayOutcomes = {
  current: fromFile,
  judgedPrediction: {
    evaluationId: 'e1',
    modelVersion: 3,
    probability: 0.234,
    prediction: 'high',
    evaluatedAt: '2026-09-12T08:30:00Z',
  },
  countsFrom: '2026-12-29',
  history: [fromFile, byClinician],
};
const none: PathwayOutcomes = { current: null, judgedPrediction: null, countsFrom: null, history: [] };

const summary = {
  id,
  nhsNumber: '9434765919',
  medicalRecordNumber: 'RX1',
  firstName: 'Ann',
  lastName: 'Okafor',
  dateOfBirth: '1950-03-15',
  operationType: 'knee',
  isActive: true,
} as RiskSummary;

/** The page at /patient-lookup/{id}/…?type=knee, with the pathway's outcomes (and summary) loaded. */
function render(
  element: ReactNode,
  answer: PathwayOutcomes | null,
  patient: RiskSummary | null = summary,
  history: RiskHistory | null = null,
) {
  const cache = new QueryClient();
  if (answer) cache.setQueryData(pathwayOutcomeKey('RAN', 'knee', id), answer);
  if (patient) cache.setQueryData(patientKeys.riskSummary('RAN', 'knee', id), patient);
  if (history) cache.setQueryData(patientKeys.riskHistory('RAN', 'knee', id, 1), history);
  const address = `/patient-lookup/${id}/record-outcome?type=knee`;
  const page = (
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/patient-lookup/:waitinglistId/record-outcome" element={element} />
      </Routes>
    </MemoryRouter>
  );
  return renderToStaticMarkup(<QueryClientProvider client={cache}>{page}</QueryClientProvider>);
}

const text = (html: string) => html.replace(/<[^<>]+>/g, '');

afterEach(() => {
  signedIn.as = 'Clinician';
});

describe('the outcome after surgery on the risk summary (decision 0045)', () => {
  const section = <OutcomeSection trust="RAN" type="knee" id={id} />;

  it('shows the outcome, who recorded it from which file, and the prediction judged against it', () => {
    const html = render(section, outcomes);
    const words = text(html);
    expect(html).toContain(
      '<h2 class="nhsuk-heading-m" id="outcome-after-surgery-heading">Outcome after surgery</h2>',
    );
    expect(words).toContain('Date of operation20-Sep-2026');
    expect(words).toContain('Complication within 90 daysYes: Deep wound infection');
    expect(html).toContain('Yes: <bdi>Deep wound infection</bdi>');
    expect(words).toContain('Readmission within 30 daysYes');
    expect(words).toContain('Length of stay6 days');
    expect(words).toContain('Death within 90 daysNo');
    expect(words).toContain(
      'By Sam Clerk on 01-Oct-2026 10:00:00From the outcomes file theatre-outcomes.csv',
    );
    expect(words).toContain(
      'Prediction judged against itHigh risk (23.4%), made on 12-Sep-2026 by model version 3',
    );
  });

  it('names the prediction judged against it but not its band while predictions are suspended (decision 0063)', () => {
    const withheld = { ...outcomes.judgedPrediction!, prediction: null, probability: null };
    const words = text(render(section, { ...outcomes, judgedPrediction: withheld }));
    expect(words).toContain(
      'Prediction judged against itThe prediction (withheld while predictions are suspended), made on 12-Sep-2026 by model version 3',
    );
    expect(words).not.toMatch(/High risk|23\.4%/);
  });

  it('is on the previous evaluations too, whose judged evaluation says so', () => {
    const item = (evaluationId: string, isCurrent: boolean) => ({
      id: evaluationId,
      date: isCurrent ? '2026-10-02T09:00:00Z' : '2026-09-12T08:30:00Z',
      prediction: 'high' as const,
      probability: 0.234,
      reason: 'batch' as const,
      isCurrent,
      isAnomaly: false,
      anomalyReason: null,
      anomalyRemoval: null,
      modelVersion: 3,
      clericalChange: null,
    });
    const history: RiskHistory = {
      items: [item('e2', true), item('e1', false)],
      pageNumber: 1,
      pageSize: 20,
      totalCount: 2,
      patient: summary,
      suspendedOn: null,
    };
    const html = render(<PreviousEvaluationsPage />, outcomes, summary, history);
    const evaluations = html.slice(html.indexOf('Previous evaluations</caption>'));
    const rows = evaluations.slice(0, evaluations.indexOf('</table>')).split('<tr').slice(2).map(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toContain('Judged against the outcome');
    expect(rows[1]).toContain('Judged against the outcome');
    expect(text(html)).toContain('Outcome after surgery');
    expect(text(html)).toContain('Complication within 90 daysYes: Deep wound infection');
  });

  it('says when no prediction was made before the operation', () => {
    expect(text(render(section, { ...outcomes, judgedPrediction: null }))).toContain(
      'No prediction was made before the operation, so this outcome is not used to check the model.',
    );
  });

  it('keeps the earlier outcomes in a disclosure, without the current one', () => {
    const html = render(section, outcomes);
    expect(html).toContain('<details class="nhsuk-details">');
    expect(text(html)).toContain('Earlier outcomes (1)');
    expect(text(html)).toContain('By Dr A Khan on 25-Sep-2026 15:00:00Recorded by a clinician');
    expect(html.match(/theatre-outcomes\.csv/g)).toHaveLength(1);
    expect(render(section, { ...outcomes, history: [fromFile] })).not.toContain('<details');
  });

  it('offers a clinician to correct the outcome, or to record one when there is none', () => {
    const correct = render(section, outcomes);
    expect(correct).toContain(`href="/patient-lookup/${id}/record-outcome?type=knee"`);
    expect(text(correct)).toContain('Correct outcome');
    const record = render(section, none);
    expect(text(record)).toContain('No outcome has been recorded.');
    expect(text(record)).toContain('Record outcome');
    expect(text(record)).not.toContain('Correct outcome');
  });

  it('offers a clerical user nothing to record', () => {
    signedIn.as = 'ClericalUser';
    const html = render(section, outcomes);
    expect(text(html)).toContain('Outcome after surgery');
    expect(html).not.toContain('record-outcome');
    expect(html).not.toContain('<a ');
  });

  it('says Loading data until the outcomes load', () => {
    expect(render(section, null)).toContain('Loading data');
  });
});

describe('the record outcome page (decision 0045)', () => {
  it('shows the patient and an empty form: the date, the radios and the length of stay in days', () => {
    const html = render(<RecordOutcomePage />, none);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(text(html)).toContain('Ann Okafor - Record outcome');
    expect(html).toContain('943 476 5919');
    expect(html).toContain('id="dateOfOperation-day"');
    expect(html).toContain('id="complication90Days-1"');
    expect(html).toContain('id="readmission30Days-3"');
    expect(text(html)).toContain('Not known');
    expect(html).toContain('<div class="nhsuk-input-wrapper__suffix" aria-hidden="true">days</div>');
    expect(html).not.toMatch(/checked=""/);
    expect(text(html)).toContain('Recording an outcome archives them as operated.');
    expect(text(html)).not.toContain('An outcome is already recorded');
  });

  it('asks the complication type only under Yes', () => {
    const html = render(<RecordOutcomePage />, none);
    expect(html).toContain('aria-controls="conditional-complication90Days-1"');
    expect(html).toMatch(/id="conditional-complication90Days-1" hidden="">.*id="complicationType"/s);
  });

  it('fills the form with the current outcome, to correct it', () => {
    const html = render(<RecordOutcomePage />, outcomes, { ...summary, isActive: false });
    expect(text(html)).toContain('An outcome is already recorded');
    expect(html).toMatch(/id="dateOfOperation-day"[^>]*value="20"/);
    expect(html).toMatch(/id="dateOfOperation-month"[^>]*value="9"/);
    expect(html).toMatch(/id="complication90Days-1"[^>]*checked=""/);
    expect(html).toMatch(/id="conditional-complication90Days-1">/);
    expect(html).toContain('value="Deep wound infection"');
    expect(html).toMatch(/id="death90Days-2"[^>]*checked=""/);
    expect(html).toContain('id="lengthOfStayDays"');
    expect(html).toMatch(/id="lengthOfStayDays"[^>]*value="6"/);
    expect(text(html)).not.toContain('archives them as operated');
  });

  it('says Loading data under its heading until the pathway loads', () => {
    const html = render(<RecordOutcomePage />, null, null);
    expect(text(html)).toContain('Record outcome');
    expect(html).toContain('Loading data');
    expect(html).not.toContain('<form');
  });
});
