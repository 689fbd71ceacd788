import type { FileResult } from '@esr/contracts/waiting-list';

/** For tests: one file of an import that validated cleanly; tests override what they are about. */
export function buildFileResult(overrides: Partial<FileResult> = {}): FileResult {
  return {
    file_name: 'waiting-list.csv',
    status: 'VALIDATED',
    invalid_rows: [],
    error_rows: [],
    warnings: [],
    warning_groups: [],
    base_errors: [],
    totals: { rows: 3, valid: 3, invalid: 0, error: 0, warnings: 0 },
    has_errors: false,
    has_validation_errors: false,
    error: null,
    diff_headers: { missing: [], unexpected: [] },
    format: 'csv',
    ...overrides,
  };
}
