import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelPerformanceGroups } from '@esr/contracts/model-performance';
import { monitoringKeys } from '../api/query-keys';
import { figuresOf, national } from '../lib/test-figures';
import { ModelPerformancePage } from './model-performance-page';
import { ModelPerformanceSettingsPage } from './model-performance-settings-page';
import type { Procedure } from '@esr/contracts/procedures';
import { renderScreen } from '../../../lib/render-screen';

const auth = vi.hoisted(() => ({ role: 'Clinician' as string }));
vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { trust: { code: 'RAN', name: 'Royal Anywhere' } },
    currentSelectedRole: auth.role,
  }),
}));

const procedures: Procedure[] = [{ code: 'knee', name: 'Knee replacement', category: 'joint replacement' }];
const groups: ModelPerformanceGroups = {
  procedure: 'knee',
  by: 'sex',
  overall: figuresOf(),
  groups: [{ group: 'unknown', n: 'hidden', suppressed: true }],
};

const render = (url: string, pattern: string, page: ReactNode, fill?: (client: QueryClient) => void) =>
  renderScreen(url, pattern, page, fill, { procedures });

const trustPage = (url: string, fill: (client: QueryClient) => void) =>
  render(url, '/model-performance', <ModelPerformancePage />, fill);

describe('the model performance screen (decision 0045)', () => {
  beforeEach(() => {
    auth.role = 'Clinician';
  });

  it('shows a trust’s headline, warnings, figures, charts with their tables, and groups', () => {
    const markup = trustPage('/model-performance', (client) => {
      client.setQueryData(monitoringKeys.figures('RAN', 'knee', {}), figuresOf());
      client.setQueryData(monitoringKeys.groups('RAN', 'knee', {}, 'sex'), groups);
    });
    expect(markup.match(/<h1/g)).toHaveLength(1);
    expect(markup).toContain('Knee replacement');
    expect(markup).toContain(
      'Of 412 patients operated, 31 had a complication; the model expected 27.4. Observed is 1.13 times expected (95% interval 0.77 to 1.61).',
    );
    // One message per state: the open signal leads, and the few-events warning does not contradict it.
    expect(markup.indexOf('The CUSUM signalled on 14-Mar-2026')).toBeLessThan(
      markup.indexOf('Of 412 patients'),
    );
    expect(markup).toContain('The clinical safety officer has been asked to review it.');
    expect(markup).toContain('Only 31 complications have been recorded, so the figures below are uncertain');
    expect(markup).not.toContain('too uncertain to act on');
    expect(markup).toContain('5 outcomes with no prediction made before the operation');
    expect(markup).toContain('0.712 (95% interval 0.650 to 0.775)');
    expect(markup).toContain('Brier score');
    // Each chart is an image named by its summary, with its figures in a table.
    expect(markup.match(/role="img"/g)).toHaveLength(4);
    expect(markup).toContain('aria-label="Calibration plot of 10 groups by predicted risk');
    expect(markup).toContain('Predicted and observed by tenth of predicted risk');
    expect(markup).toContain('Expected minus observed by date of operation, by month');
    expect(markup).toContain('Show all 40 dates');
    expect(markup).toContain('CUSUM: more complications than predicted, by date of operation');
    expect(markup).toContain('CUSUM: fewer complications than predicted');
    expect(markup).toContain(
      'a model predicting as it should raises a false alarm once in 5,000 operations on average, worked out on your trust’s 412 counted outcomes.',
    );
    expect(markup).toContain('Waiting for the clinical safety officer');
    // A clinician may not change it.
    expect(markup).not.toContain('href="/model-performance/settings"');
    expect(markup).toContain('>Hidden</td>');
    expect(markup).toContain('or that showing it would let someone work out a group of fewer than 10');
    expect(markup).toContain('Clinicians adjusted the model’s risk for 12 of these patients');
    expect(markup).toContain('<option value="3">Version 3 (active), 300 outcomes</option>');
    expect(markup).toContain('>Update</button>');
  });

  it('offers the clinical safety officer the settings and the acknowledgement of a signal', () => {
    auth.role = 'ClinicalSafetyOfficer';
    const markup = trustPage('/model-performance', (client) =>
      client.setQueryData(monitoringKeys.figures('RAN', 'knee', {}), figuresOf()),
    );
    expect(markup).toContain('href="/model-performance/settings"');
    expect(markup).toContain(
      'href="/model-performance/acknowledge-signal?procedure=knee&amp;direction=worse&amp;date=2026-03-14"',
    );
    expect(markup).toContain('Review and acknowledge the signal of 14-Mar-2026');
  });

  it('says when a CUSUM has not signalled, and gives the few-events warning in full without a signal', () => {
    auth.role = 'TechnicalAdmin';
    const quiet = figuresOf().cusum;
    const markup = trustPage('/model-performance', (client) =>
      client.setQueryData(
        monitoringKeys.figures('RAN', 'knee', {}),
        figuresOf({ cusum: { ...quiet, worse: { ...quiet.worse, signals: [] } }, openSignals: [] }),
      ),
    );
    expect(markup).not.toContain('href="/model-performance/settings"');
    expect(markup).toContain('too uncertain to act on');
    expect(markup).not.toContain('The CUSUM signalled');
    expect(markup).toContain('Has not signalled');
  });

  it('keeps the choice from the address, and says when there are no outcomes', () => {
    const url = '/model-performance?procedure=knee&from=2025-04-01&modelVersion=2&by=ageBand';
    const query = { from: '2025-04-01', modelVersion: 2 };
    const markup = trustPage(url, (client) =>
      client.setQueryData(
        monitoringKeys.figures('RAN', 'knee', query),
        figuresOf({ n: 0, events: 0, expected: 0, excluded: 0, from: '2025-04-01', modelVersion: 2 }),
      ),
    );
    expect(markup).toContain(
      'No outcomes have been recorded for this procedure in the dates and model version chosen.',
    );
    expect(markup).toContain('Operations from 01-Apr-2025, judged against model version 2.');
    expect(markup).toContain('value="2025"');
    expect(markup).toContain('<option value="ageBand" selected="">Age at operation</option>');
    expect(markup).not.toContain('role="img"');

    const none = trustPage('/model-performance', (client) =>
      client.setQueryData(
        monitoringKeys.figures('RAN', 'knee', {}),
        figuresOf({ n: 0, events: 0, expected: 0, excluded: 2 }),
      ),
    );
    expect(none).toContain('No outcomes have been recorded for this procedure yet.');
    expect(none).toContain('There are 2 outcomes with no prediction made before the operation');
  });

  it('shows a super admin every trust in a funnel plot, without a trust’s figures', () => {
    auth.role = 'SuperAdmin';
    const markup = trustPage('/model-performance?procedure=knee', (client) =>
      client.setQueryData(monitoringKeys.national('knee', {}), national),
    );
    expect(markup).toContain('Trusts compared: funnel plot');
    // The funnel is a group of points, each reached with Tab, rather than one image.
    expect(markup).toContain('class="app-chart-figure" role="group" aria-label="Funnel plot of observed');
    expect(markup).toContain('<strong class="nhsuk-tag nhsuk-tag--blue">Your trust</strong>');
    expect(markup).toContain('above the 99.8% limits: Bay Hospitals');
    expect(markup).toContain('Observed against expected by trust');
    expect(markup).toContain('Above: more complications than expected');
    expect(markup).toContain(
      'The trusts differ from one another more than chance alone would explain (overdispersion 1.80), so the limits have been widened by √1.80',
    );
    expect(markup).not.toContain('Model version');
    expect(markup).not.toContain('Group the fairness table by');
  });

  it('shows the CUSUMs’ operations between false alarms in the settings form', () => {
    auth.role = 'ClinicalSafetyOfficer';
    const markup = render(
      '/model-performance/settings',
      '/model-performance/settings',
      <ModelPerformanceSettingsPage />,
      (client) => client.setQueryData(monitoringKeys.settings('RAN'), { cusumTargetRunLength: 8000 }),
    );
    expect(markup).toContain('Royal Anywhere');
    expect(markup).toContain('value="8000"');
    expect(markup).toContain('A whole number from 500 to 100,000, for example 5,000');
    expect(markup).toContain('<label class="nhsuk-label nhsuk-label--s" for="cusumTargetRunLength">');
  });
});
