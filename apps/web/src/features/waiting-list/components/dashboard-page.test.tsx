import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProcedureRiskCounts } from '@esr/contracts/waiting-list';
import { RiskByProcedure, riskCounters, riskListPath, withoutBandCounters } from './dashboard-page';

const procedures = [
  { code: 'knee', name: 'Knee replacement', category: 'joint replacement' },
  { code: 'hip', name: 'Hip replacement', category: 'joint replacement' },
  { code: 'knee-hip', name: 'Knee and hip replacement', category: 'joint replacement' },
];
const counts: ProcedureRiskCounts[] = [
  {
    procedureCode: 'knee',
    highRiskRecords: 1243,
    mediumRiskRecords: 812,
    lowRiskRecords: 345,
    incompleteRecords: 289,
    excludedRecords: 0,
    suspendedOn: null,
  },
  {
    procedureCode: 'knee-hip',
    highRiskRecords: 0,
    mediumRiskRecords: 19,
    lowRiskRecords: 681,
    incompleteRecords: 12,
    excludedRecords: 3,
    suspendedOn: null,
  },
];

function render(counter: (typeof riskCounters)[number], rows: ProcedureRiskCounts[]) {
  const client = new QueryClient();
  client.setQueryData(['library', 'procedures'], procedures);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RiskByProcedure counter={counter} procedures={rows} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const links = (markup: string) =>
  [...markup.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((match) => ({
    href: match[1]!.replace(/&amp;/g, '&'),
    name: match[2]!.replace(/<[^<>]+>/g, ''),
  }));

describe("the dashboard's risk counts (docs/decisions/0038-the-risk-leads-the-lists.md)", () => {
  it("lead to the procedure's list filtered by the risk, the highest first", () => {
    expect(riskListPath('knee', 'high')).toBe('/manage-open-pathways/knee/total?prediction=high&sort=risk');
    expect(riskListPath('knee-hip', 'medium')).toBe(
      '/manage-open-pathways/knee-hip/total?prediction=medium&sort=risk',
    );
  });

  it('link each procedure with a list to its records of the risk, named for screen readers', () => {
    const [high, medium] = riskCounters;
    expect(links(render(medium!, counts))).toEqual([
      {
        href: '/manage-open-pathways/knee/total?prediction=medium&sort=risk',
        name: 'Knee replacement: 812 moderate risk records',
      },
      {
        href: '/manage-open-pathways/knee-hip/total?prediction=medium&sort=risk',
        name: 'Knee and hip replacement: 19 moderate risk records',
      },
    ]);
    expect(links(render(high!, counts)).map((link) => link.name)).toEqual([
      'Knee replacement: 1,243 high risk records',
    ]);
  });

  it('lead each procedure’s incomplete and not-scored counts to its records of that status (decision 0057)', () => {
    const [incomplete, excluded] = withoutBandCounters;
    expect(links(render(incomplete!, counts))).toEqual([
      {
        href: '/manage-open-pathways/knee/total?status=incomplete',
        name: 'Knee replacement: 289 incomplete records',
      },
      {
        href: '/manage-open-pathways/knee-hip/total?status=incomplete',
        name: 'Knee and hip replacement: 12 incomplete records',
      },
    ]);
    expect(links(render(excluded!, counts))).toEqual([
      {
        href: '/manage-open-pathways/knee-hip/total?status=excluded',
        name: 'Knee and hip replacement: 3 not scored records',
      },
    ]);
    expect(render(excluded!, counts)).toContain('<li>Knee replacement: 0</li>');
  });

  it('show a count of none without a link, and nothing when the trust has no list', () => {
    const [high] = riskCounters;
    expect(render(high!, counts)).toContain('<li>Knee and hip replacement: 0</li>');
    expect(render(high!, [])).toBe('');
  });
});
