/**
 * A number a trust sets for itself (decisions 0057, 0061 and 0068): one column of its row in `trusts`,
 * read and changed through the API of the module that uses it, each change recorded in the change
 * log with the value before and after.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { recordChange } from '../change-log/index.js';
import { requireAccess, type Permission, type Principal } from '../identity/index.js';

export interface TrustSetting<Field extends string> {
  /** Its name in the API's request and answer, `{ [field]: value }`. */
  field: Field;
  column:
    'blood_result_max_age_days' | 'cusum_target_run_length' | 'extract_every_days' | 'feed_silence_hours';
  /** Who may read it and who may change it. */
  permissions: { read: Permission; change: Permission };
  /** The value in force, the default while the trust has set none: the change log's "before". */
  current: (db: Db, trustCode: string) => Promise<number>;
  /** The change log's Action. */
  action: string;
  /** The setting's name in the change log's before and after. */
  label: string;
}

const answer = <Field extends string>(setting: TrustSetting<Field>, value: number) =>
  ({ [setting.field]: value }) as Record<Field, number>;

/** The value in force, to whoever may read it. */
async function readTrustSetting<Field extends string>(
  db: Db,
  principal: Principal,
  trustCode: string,
  setting: TrustSetting<Field>,
): Promise<Record<Field, number>> {
  requireAccess(principal, setting.permissions.read, trustCode);
  return answer(setting, await setting.current(db, trustCode));
}

/** Sets the trust's value and records the change, in one transaction, for whoever may change it. */
async function changeTrustSetting<Field extends string>(
  db: Db,
  principal: Principal,
  trustCode: string,
  setting: TrustSetting<Field>,
  request: Record<Field, number>,
): Promise<Record<Field, number>> {
  requireAccess(principal, setting.permissions.change, trustCode);
  const value = request[setting.field];
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
  return answer(setting, value);
}

/**
 * The GET and PUT use cases of a setting, for the module that owns it to serve: each setting is
 * read and changed alike, whichever module uses it.
 */
export const trustSettingUseCases = <Field extends string>(setting: TrustSetting<Field>) => ({
  read: (db: Db, principal: Principal, trustCode: string) =>
    readTrustSetting(db, principal, trustCode, setting),
  change: (db: Db, principal: Principal, trustCode: string, request: Record<Field, number>) =>
    changeTrustSetting(db, principal, trustCode, setting, request),
});
