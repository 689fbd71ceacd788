/** What a clinical safety officer sets and acknowledges on model monitoring (decision 0061): the CUSUM target, a signal's review. */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { monitoringMessages, type CusumDirection } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { trustSettingUseCases, type TrustSetting } from '../admin/index.js';
import { recordChange } from '../change-log/index.js';
import { principalName, requireAccess, type Principal } from '../identity/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import { procedureName } from '../library/index.js';
import { cusumTargetOf } from './judged-outcomes.js';
import { wholeListCusum } from './cusum-signals.js';
import { modelPerformance } from './model-performance.js';

/** The operations between false alarms of the CUSUMs, as the trust sets it. */
const cusumTarget: TrustSetting<'cusumTargetRunLength'> = {
  field: 'cusumTargetRunLength',
  column: 'cusum_target_run_length',
  // Read with the figures; set by the clinical safety officer.
  permissions: { read: 'model-performance:read', change: 'model-performance:settings' },
  current: cusumTargetOf,
  action: 'Changed the operations between false alarms of the CUSUMs of model monitoring',
  label: 'Operations between false alarms',
};

/** GET …/model-performance/settings, and its PUT: the clinical safety officer sets the CUSUMs' target run length. */
export const { read: modelPerformanceSettings, change: changeModelPerformanceSettings } =
  trustSettingUseCases(cusumTarget);

/**
 * POST …/model-performance/signals: a clinical safety officer acknowledges a signal of the whole
 * list with a note (decision 0061). 404 for a signal the list does not show, 409 when it has been
 * acknowledged already.
 */
export async function acknowledgeCusumSignal(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  request: { direction: CusumDirection; date: string; note: string },
) {
  requireAccess(principal, 'model-performance:signals', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const cusum = await wholeListCusum(db, trustCode, procedureCode);
  if (!cusum[request.direction].signals.some((signal) => signal.date === request.date))
    throw notFound(monitoringMessages.noSuchSignal);
  const chartName = request.direction === 'worse' ? 'more complications' : 'fewer complications';
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [inserted] = await queryRows<{ id: string }>(
      txDb,
      sql`insert into cusum_signal_reviews (id, trust_code, procedure_code, direction, signalled_on, note,
          acknowledged_by, acknowledged_by_user_id)
        values (${crypto.randomUUID()}, ${trustCode}, ${procedureCode}, ${request.direction}, ${request.date}::date,
          ${request.note}, ${principalName(principal)}, ${principal.userId}::uuid)
        on conflict do nothing returning id`,
    );
    if (!inserted) throw conflict(monitoringMessages.alreadyAcknowledged);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Acknowledged the CUSUM signal of ${request.date} (${chartName} than predicted) for ${procedure}`,
      entityType: 'model',
      entityId: `${procedureCode}/${request.direction}/${request.date}`,
      after: { Note: request.note },
    });
  });
  return modelPerformance(db, principal, trustCode, procedureCode, {});
}
