import type { PathwayOutcome } from '@esr/contracts/outcomes';

/** For tests: an outcome a clinician recorded, nothing known but the date and no complication. */
export const buildOutcome = (id: string, overrides: Partial<PathwayOutcome> = {}): PathwayOutcome => ({
  id,
  dateOfOperation: '2026-09-20',
  complication90Days: false,
  complicationType: null,
  readmission30Days: null,
  lengthOfStayDays: null,
  death90Days: null,
  source: 'clinician',
  fileName: null,
  recordedAt: '2026-09-25T14:00:00Z',
  recordedBy: 'Dr A Khan',
  ...overrides,
});
