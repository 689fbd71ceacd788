import { describe, expect, it } from 'vitest';
import { isConfirmDisabled } from './confirm-rule';
import { buildSummary } from './test-builders';

describe('Confirm is disabled (docs/requirements.md §4)', () => {
  it('when the summary is missing', () => {
    expect(isConfirmDisabled(undefined)).toBe(true);
    expect(isConfirmDisabled(null)).toBe(true);
  });

  it('is enabled when both files validated cleanly', () => {
    expect(isConfirmDisabled(buildSummary())).toBe(false);
  });

  it('is enabled with warnings and unmatched patients, which do not block an import', () => {
    const summary = buildSummary({
      waitingList: { warnings: [{ row_number: 4, field: 'height', message: 'Unusual height' }] },
      pathways_without_bloods: 2,
      bloods_without_pathway: 1,
    });
    expect(isConfirmDisabled(summary)).toBe(false);
  });

  it.each([
    ['has errors', { has_errors: true }],
    ['has validation errors', { has_validation_errors: true }],
    ['an error message', { error: 'The file is not a spreadsheet' }],
    ['status FAILED', { status: 'FAILED' as const }],
    ['status VALIDATED_WITH_ERRORS', { status: 'VALIDATED_WITH_ERRORS' as const }],
  ])('when either file has %s', (_name, change) => {
    expect(isConfirmDisabled(buildSummary({ waitingList: change }))).toBe(true);
    expect(isConfirmDisabled(buildSummary({ bloodTest: change }))).toBe(true);
  });

  it('treats an empty error message as no error', () => {
    expect(isConfirmDisabled(buildSummary({ bloodTest: { error: '' } }))).toBe(false);
  });
});
