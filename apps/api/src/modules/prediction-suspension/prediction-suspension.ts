/**
 * A clinical safety officer suspends a procedure's predictions, and lifts the suspension (decision
 * 0063). Both are in the change log with their reasons; the pathways are left as they are.
 */
import { sql, type SQL } from 'drizzle-orm';
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

/** A clinical safety officer's suspension or lifting of a procedure's predictions, with its reason. */
interface SuspensionRequest {
  principal: Principal;
  trustCode: string;
  procedureCode: ProcedureCode;
  reason: string;
}

/** Suspending or lifting: its statement, its 409 and its change-log entry. */
interface SuspensionChange<Row extends Record<string, unknown>> {
  /** Makes the change and returns the row it changed: none when there was nothing to change. */
  statement: (request: SuspensionRequest) => SQL;
  /** The 409's message when there was nothing to change. */
  nothingToChange: string;
  /** The change log's Action, before and after. */
  entry: (
    request: SuspensionRequest,
    procedure: string,
    row: Row,
  ) => { action: string; before: Record<string, unknown>; after: Record<string, unknown> };
}

/**
 * The use case of a change: it makes the change and records it in the change log, in one
 * transaction, and answers the state after it.
 */
function suspensionUseCase<Row extends Record<string, unknown>>(change: SuspensionChange<Row>) {
  return async (
    db: Db,
    principal: Principal,
    trustCode: string,
    procedureCode: ProcedureCode,
    { reason }: { reason: string },
  ): Promise<PredictionSuspensionState> => {
    requireAccess(principal, 'predictions:suspend', trustCode);
    const procedure = await procedureName(db, procedureCode);
    const request = { principal, trustCode, procedureCode, reason };
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const [row] = await queryRows<Row>(txDb, change.statement(request));
      if (!row) throw conflict(change.nothingToChange);
      await recordChange(txDb, {
        principal,
        trustCode,
        trustName: principal.trustName,
        entityType: 'model',
        entityId: `${procedureCode}/suspension`,
        ...change.entry(request, procedure, row),
      });
    });
    return suspensionState(db, principal, trustCode, procedureCode);
  };
}

/** PUT …/prediction-suspension: suspend; 409 while a suspension is already in force. */
export const suspendPredictions = suspensionUseCase<{ procedure_code: string }>({
  statement: ({ principal, trustCode, procedureCode, reason }) =>
    sql`insert into prediction_suspensions (trust_code, procedure_code, reason, suspended_by, suspended_by_user_id)
      values (${trustCode}, ${procedureCode}, ${reason}, ${principalName(principal)}, ${principal.userId}::uuid)
      on conflict do nothing returning procedure_code`,
  nothingToChange: suspensionMessages.alreadySuspended,
  entry: ({ reason }, procedure) => ({
    action: `Suspended the model's predictions for ${procedure}`,
    before: { 'Predictions suspended': 'No' },
    after: { 'Predictions suspended': 'Yes', Reason: reason },
  }),
});

/** POST …/prediction-suspension/lift: the predictions are shown again; 409 when none is suspended. */
export const liftSuspension = suspensionUseCase<{ reason: string; suspended_by: string }>({
  statement: ({ trustCode, procedureCode }) =>
    sql`delete from prediction_suspensions where trust_code = ${trustCode} and procedure_code = ${procedureCode}
      returning reason, suspended_by`,
  nothingToChange: suspensionMessages.notSuspended,
  entry: ({ reason }, procedure, deleted) => ({
    action: `Lifted the suspension of the model's predictions for ${procedure}`,
    before: { 'Predictions suspended': `Yes, by ${deleted.suspended_by}`, Reason: deleted.reason },
    after: { 'Predictions suspended': 'No', Reason: reason },
  }),
});
