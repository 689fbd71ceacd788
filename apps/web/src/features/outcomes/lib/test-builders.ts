import type { OutcomesValidationSummary } from '@esr/contracts/outcomes';
import { buildFileResult } from '../../../lib/test-builders';

export const testBatchId = '7a1c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e';

/** For tests: an outcomes file validated cleanly, 409 rows matched and 3 not; tests override the rest. */
export const buildOutcomesSummary = (
  overrides: Partial<OutcomesValidationSummary> = {},
): OutcomesValidationSummary => ({
  batchId: testBatchId,
  batchStatus: 'VALIDATED',
  pageNumber: 1,
  pageSize: 15,
  outcomes_result: buildFileResult({ file_name: 'theatre-outcomes.csv' }),
  matched: 409,
  unmatched: 3,
  changes: { recorded: 400, corrected: 9, unchanged: 0, operated: 12 },
  ...overrides,
});
