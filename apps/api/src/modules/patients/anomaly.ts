/**
 * docs/requirements.md §7 POST mark/anomaly/: a clinician's flag on the current result.
 */
import { sql } from 'drizzle-orm';
import { maxAnomalyReasonLength, patientMessages, type AnomalyRequest } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { principalName, requireAccess } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import { setAnomalyFlag } from '../evaluations/index.js';
import { patientPathway, requireActive } from './patient-rows.js';

/**
 * docs/requirements.md §7 POST mark/anomaly/: flags or unflags the current result as an anomaly (a toggle). A
 * flag keeps the reason given, trimmed (none when blank; decision 0039). Removing a flag needs a
 * reason (decision 0056): the flag's own reason is cleared, and the reason for removing it is kept
 * with the evaluation, by whom and when. The change log entry says both.
 */
export async function markAnomaly(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  body?: AnomalyRequest,
): Promise<{ isAnomaly: boolean; evaluationId: string; anomalyReason: string | null }> {
  requireAccess(principal, 'patients:write', trustCode);
  const reason = (body?.reason ?? '').trim() || null;
  if (reason !== null && reason.length > maxAnomalyReasonLength)
    throw badRequest(patientMessages.anomalyReasonTooLong, {
      reason: [patientMessages.anomalyReasonTooLong],
    });
  return db.transaction(async (tx) => {
    // The pathway's lock keeps two toggles of its result one after the other.
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    const evaluationId = pathway.current_evaluation_id;
    if (!evaluationId) throw conflict(patientMessages.notScored);
    const [was] = await queryRows<{ is_anomaly: boolean; anomaly_reason: string | null }>(
      tx,
      sql`select is_anomaly, anomaly_reason from evaluations where id = ${evaluationId}`,
    );
    const isAnomaly = !was!.is_anomaly;
    if (!isAnomaly && reason === null)
      throw badRequest(patientMessages.unflagReasonRequired, {
        reason: [patientMessages.unflagReasonRequired],
      });
    await setAnomalyFlag(
      tx,
      evaluationId,
      isAnomaly ? { isAnomaly, reason } : { isAnomaly, reason, by: principalName(principal) },
    );
    const anomalyReason = isAnomaly ? reason : null;
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: isAnomaly ? 'Flagged the result as an anomaly' : 'Unflagged the result',
      entityType: 'patient',
      pathway,
      before: { isAnomaly: !isAnomaly, anomalyReason: was!.anomaly_reason, evaluationId },
      after: {
        isAnomaly,
        anomalyReason,
        evaluationId,
        ...(isAnomaly ? {} : { reasonForRemovingTheFlag: reason }),
      },
    });
    return { isAnomaly, evaluationId, anomalyReason };
  });
}
