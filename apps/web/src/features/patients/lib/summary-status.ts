import type { RiskSummary } from '@esr/contracts/patients';

/** docs/requirements.md §4, §9: a summary still waiting or being scored is fetched again after 3 seconds. */
export const riskSummaryPollMs = 3000;

export const stillScoring = (summary: Pick<RiskSummary, 'status'> | undefined): boolean =>
  summary?.status === 'waiting' || summary?.status === 'processing';
