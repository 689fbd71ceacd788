import type { ValidationSummary } from '@esr/contracts/waiting-list';
import { fileBlocksConfirm } from '../../../lib/validation-summary';

/**
 * docs/requirements.md §4: Confirm is disabled if the summary is missing, or either file has errors, validation
 * errors, an error message, or status FAILED or VALIDATED_WITH_ERRORS.
 */
export function isConfirmDisabled(summary: ValidationSummary | undefined | null): boolean {
  if (!summary) return true;
  return fileBlocksConfirm(summary.waiting_list_result) || fileBlocksConfirm(summary.blood_test_result);
}
