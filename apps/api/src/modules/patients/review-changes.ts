/**
 * POST …/review-changes (docs/decisions/0056-changes-by-clerical-staff-reviewed.md): a clinician,
 * acting as one, marks the changes clerical staff made to what the model reads as reviewed. The
 * change log keeps what was reviewed and by whom; the access log keeps the summary it answers.
 */
import { clericalChangeMessages, clericalChangeText } from '@esr/contracts/clerical-changes';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import { conflict, forbidden } from '../../platform/errors.js';
import { actsAsClinician, requireAccess, type Principal } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import { markClericalChangesReviewed } from './clerical-changes.js';
import { patientReads } from './patient-reads.js';
import { patientPathway, requireActive } from './patient-rows.js';
import { riskSummary } from './risk-summary.js';

export async function reviewClericalChanges(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
): Promise<RiskSummary> {
  requireAccess(principal, 'patients:review-changes', trustCode);
  // A user holding Clerical User and Clinician reviews only while acting as Clinician.
  if (!actsAsClinician(principal)) throw forbidden(clericalChangeMessages.cliniciansOnly);
  return db.transaction(async (tx) => {
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    const reviewed = await markClericalChangesReviewed(tx, principal, id);
    if (reviewed.length === 0) throw conflict(clericalChangeMessages.nothingToReview);
    const inWords = (review: 'before' | 'after') =>
      reviewed
        .map((change) =>
          clericalChangeText(
            review === 'before' ? { ...change, reviewedBy: null, reviewedAt: null } : change,
          ),
        )
        .join('; ');
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Marked the changes by clerical staff as reviewed',
      entityType: 'patient',
      pathway,
      before: { clericalChanges: inWords('before') },
      after: { clericalChanges: inWords('after') },
    });
    return riskSummary(tx, principal, trustCode, procedureCode, id, patientReads.reviewChanges);
  });
}
