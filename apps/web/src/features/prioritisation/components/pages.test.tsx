import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { riskBands, waitBands, type Equity, type Matrix, type Worklist } from '@esr/contracts/prioritisation';
import { prioritisationKeys } from '../api/query-keys';
import { readWorklistView } from '../lib/worklist-params';
import { EquityPage } from './equity-page';
import { PrioritisationSettingsPage } from './settings-page';
import { PrioritisationWorklistPage } from './worklist-page';
import type { Procedure } from '@esr/contracts/procedures';
import { renderScreen } from '../../../lib/render-screen';

vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { trust: { code: 'RAN', name: 'Royal Anywhere' } },
    currentSelectedRole: 'WaitingListAdmin',
  }),
}));

const procedures: Procedure[] = [{ code: 'knee', name: 'Knee replacement', category: 'joint replacement' }];
const matrix: Matrix = {
  cells: riskBands.flatMap((risk) => waitBands.map((wait) => ({ risk, wait, count: 1 }))),
  flags: {
    priority_breached: 1,
    validation_due: 2,
    harm_review_due: 0,
    clinician_review_due: 0,
    clerical_change_unreviewed: 0,
    missing_inputs: 0,
    optimisation_open: 0,
    tci_passed: 0,
  },
  total: 24,
  withoutClockStart: 0,
  today: '2026-11-27',
  suspendedOn: null,
};

const render = (url: string, pattern: string, page: ReactNode, fill?: (client: QueryClient) => void) =>
  renderScreen(url, pattern, page, fill, { procedures });

describe('the prioritisation screens (decision 0044)', () => {
  it('show the matrix, the flags and the worklist with its filters from the address', () => {
    const view = readWorklistView(new URLSearchParams('risk=high&priority=P2'));
    const worklist: Worklist = { items: [], pageNumber: 1, pageSize: 15, totalCount: 0 };
    const markup = render(
      '/prioritisation/knee?risk=high&priority=P2',
      '/prioritisation/:type',
      <PrioritisationWorklistPage />,
      (client) => {
        client.setQueryData(prioritisationKeys.matrix('RAN', 'knee', { priority: 'P2' }), matrix);
        client.setQueryData(prioritisationKeys.worklist('RAN', 'knee', view), worklist);
      },
    );
    expect(markup.match(/<h1/g)).toHaveLength(1);
    expect(markup).toContain('Knee replacement');
    expect(markup).toContain('Active pathways by risk and wait');
    expect(markup).toContain('No pathways match these filters.');
    expect(markup).toContain('href="/prioritisation/knee"');
    expect(markup).toContain('<option value="high" selected="">High risk</option>');
    expect(markup).toContain('0 pathways match the filters');
  });

  it('show a page of the worklist with its order and export', () => {
    const view = readWorklistView(new URLSearchParams(''));
    const worklist: Worklist = {
      items: [
        {
          id: 'p1',
          nhsNumber: '9990845255',
          firstName: 'Ada',
          lastName: 'Lovelace',
          priority: 'P3',
          priorityDate: '2026-01-01',
          clockStart: '2025-01-01',
          daysWaited: 695,
          waitBand: '78-104',
          tciDate: null,
          status: 'processed',
          statusDetail: null,
          defaultedInputs: [],
          prediction: 'high',
          probability: 0.5,
          adjustedPrediction: null,
          flags: ['priority_breached'],
          lastValidatedOn: null,
          nextValidationDue: '2025-03-26',
          lastHarmReview: null,
        },
      ],
      pageNumber: 1,
      pageSize: 15,
      totalCount: 16,
    };
    const markup = render(
      '/prioritisation/knee',
      '/prioritisation/:type',
      <PrioritisationWorklistPage />,
      (client) => {
        client.setQueryData(prioritisationKeys.matrix('RAN', 'knee', {}), matrix);
        client.setQueryData(prioritisationKeys.worklist('RAN', 'knee', view), worklist);
      },
    );
    expect(markup).toContain('href="/patient-lookup/p1/record-validation?type=knee"');
    expect(markup).toContain('Export worklist');
    expect(markup).toContain('Sort by');
    expect(markup).toContain('href="/prioritisation/knee?page=2"');
    expect(markup).toContain(
      '16 pathways on the waiting list, most urgent priority first, then the longest wait',
    );
  });

  it('show the equity tables, small groups hidden', () => {
    const equity: Equity = {
      by: 'sex',
      today: '2026-11-27',
      groups: [
        {
          group: 'F',
          n: 120,
          medianDaysWaited: 200.5,
          over18Weeks: 80,
          over52Weeks: 10,
          byPriority: [
            { priority: 'P2', n: 'hidden', medianDaysWaited: null, over18Weeks: null, over52Weeks: null },
          ],
        },
        {
          group: 'unknown',
          n: 'hidden',
          medianDaysWaited: null,
          over18Weeks: null,
          over52Weeks: null,
          byPriority: [],
        },
      ],
    };
    const markup = render(
      '/prioritisation/knee/equity',
      '/prioritisation/:type/equity',
      <EquityPage />,
      (client) => client.setQueryData(prioritisationKeys.equity('RAN', 'knee', 'sex'), equity),
    );
    expect(markup.match(/<h1/g)).toHaveLength(1);
    expect(markup.match(/<caption/g)).toHaveLength(2);
    expect(markup).toContain('<th scope="row" class="nhsuk-table__header">Female</th>');
    expect(markup).toContain('>Hidden</td>');
    expect(markup).toContain('or that showing it would let someone work out a group of fewer than 10');
    expect(markup).toContain('200.5');
    expect(markup).toContain('Not shown');
    expect(markup).toContain('href="/prioritisation/knee/equity?by=ethnicGroup"');
  });

  it('show the trust’s thresholds in the settings form', () => {
    const markup = render(
      '/prioritisation-settings',
      '/prioritisation-settings',
      <PrioritisationSettingsPage />,
      (client) =>
        client.setQueryData(prioritisationKeys.settings('RAN'), { harmReviewThresholdWeeks: [52, 78, 104] }),
    );
    expect(markup).toContain('value="52, 78, 104"');
    expect(markup).toContain('For example, 52, 78, 104');
    expect(markup).toContain('<label class="nhsuk-label nhsuk-label--s" for="harmReviewThresholdWeeks">');
  });
});
