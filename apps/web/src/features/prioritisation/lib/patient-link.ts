import type { GuardRole } from '@esr/contracts/roles';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';

/**
 * Where a worklist row's patient leads for the role in use: the risk summary for the roles that may
 * open it (clerical users and clinicians), else (a waiting list admin) the pathway's record
 * validation, with the summary's own query (the procedure type).
 */
export function patientPathFor(role: GuardRole | null, id: string, type: string): string {
  const summaryRoles: readonly GuardRole[] = screenTable.patientSummary.allowed;
  return role && summaryRoles.includes(role)
    ? paths.patientSummary(id, type)
    : paths.prioritisationRecordValidation(id, type);
}
