import type { FileResult, ValidationSummary } from '@esr/contracts/waiting-list';

const fileBlocks = (file: FileResult) =>
  file.has_errors ||
  file.has_validation_errors ||
  Boolean(file.error) ||
  file.status === 'FAILED' ||
  file.status === 'VALIDATED_WITH_ERRORS';

/**
 * docs/requirements.md §4: Confirm is disabled if the summary is missing, or either file has errors, validation
 * errors, an error message, or status FAILED or VALIDATED_WITH_ERRORS.
 */
export function isConfirmDisabled(summary: ValidationSummary | undefined | null): boolean {
  if (!summary) return true;
  return fileBlocks(summary.waiting_list_result) || fileBlocks(summary.blood_test_result);
}
