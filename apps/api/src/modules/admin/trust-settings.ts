/**
 * A number a trust sets for itself (decisions 0057 and 0061): one column of its row in `trusts`,
 * changed by the module that uses it and recorded in the change log with the value before and after.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';

export interface TrustSetting {
  column:
    'blood_result_max_age_days' | 'cusum_target_run_length' | 'extract_every_days' | 'feed_silence_hours';
  /** The value in force, the default while the trust has set none: the change log's "before". */
  current: (db: Db, trustCode: string) => Promise<number>;
  /** The change log's Action. */
  action: string;
  /** The setting's name in the change log's before and after. */
  label: string;
}

/** Sets the trust's value and records the change, in one transaction; the caller checks access. */
export async function changeTrustSetting(
  db: Db,
  principal: Principal,
  trustCode: string,
  setting: TrustSetting,
  value: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const before = await setting.current(txDb, trustCode);
    await txDb.execute(sql`update trusts set ${sql.identifier(setting.column)} = ${value},
        updated_at = now()
      where trust_code = ${trustCode}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: setting.action,
      entityType: 'trust',
      entityId: trustCode,
      before: { [setting.label]: before },
      after: { [setting.label]: value },
    });
  });
}
