/**
 * A clinical safety officer suspends a procedure's predictions, and lifts the suspension (decision
 * 0063). Both are in the change log with their reasons; the pathways are left as they are.
 */
import { sql } from 'drizzle-orm';
import { suspensionMessages, type PredictionSuspensionState } from '@esr/contracts/prediction-suspension';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import { recordChange } from '../change-log/index.js';
import { principalName, requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { predictionSuspension } from './suspension-reads.js';

/** GET …/prediction-suspension: whether the procedure's predictions are suspended, since when and why. */
export async function suspensionState(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
): Promise<PredictionSuspensionState> {
  requireAccess(principal, 'model-performance:read', trustCode);
  await procedureName(db, procedureCode);
  return { suspension: await predictionSuspension(db, trustCode, procedureCode) };
}

/** PUT …/prediction-suspension: suspend; 409 while a suspension is already in force. */
export async function suspendPredictions(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  request: { reason: string },
): Promise<PredictionSuspensionState> {
  requireAccess(principal, 'predictions:suspend', trustCode);
  const procedure = await procedureName(db, procedureCode);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [inserted] = await queryRows<{ procedure_code: string }>(
      txDb,
      sql`insert into prediction_suspensions (trust_code, procedure_code, reason, suspended_by, suspended_by_user_id)
        values (${trustCode}, ${procedureCode}, ${request.reason}, ${principalName(principal)}, ${principal.userId}::uuid)
        on conflict do nothing returning procedure_code`,
    );
    if (!inserted) throw conflict(suspensionMessages.alreadySuspended);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Suspended the model's predictions for ${procedure}`,
      entityType: 'model',
      entityId: `${procedureCode}/suspension`,
      before: { 'Predictions suspended': 'No' },
      after: { 'Predictions suspended': 'Yes', Reason: request.reason },
    });
  });
  return suspensionState(db, principal, trustCode, procedureCode);
}

/** POST …/prediction-suspension/lift: the predictions are shown again; 409 when none is suspended. */
export async function liftSuspension(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  request: { reason: string },
): Promise<PredictionSuspensionState> {
  requireAccess(principal, 'predictions:suspend', trustCode);
  const procedure = await procedureName(db, procedureCode);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [deleted] = await queryRows<{ reason: string; suspended_by: string }>(
      txDb,
      sql`delete from prediction_suspensions where trust_code = ${trustCode} and procedure_code = ${procedureCode}
        returning reason, suspended_by`,
    );
    if (!deleted) throw conflict(suspensionMessages.notSuspended);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Lifted the suspension of the model's predictions for ${procedure}`,
      entityType: 'model',
      entityId: `${procedureCode}/suspension`,
      before: { 'Predictions suspended': `Yes, by ${deleted.suspended_by}`, Reason: deleted.reason },
      after: { 'Predictions suspended': 'No', Reason: request.reason },
    });
  });
  return suspensionState(db, principal, trustCode, procedureCode);
}
