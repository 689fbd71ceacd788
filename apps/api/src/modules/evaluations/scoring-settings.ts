/**
 * The trust's scoring settings (decision 0057): the oldest blood result the model may be given, in
 * days, set by the trust's admins and in the change log. It is read at each scoring, so a change
 * applies from the next one; predictions already made stay as they were.
 */
import { sql } from 'drizzle-orm';
import type { ScoringSettings, ScoringSettingsRequest } from '@esr/contracts/scoring-settings';
import type { Db } from '../../platform/db/client.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import { bloodResultMaxAgeDays } from './scoring.js';

/** GET /api/trusts/{trust}/scoring/settings. */
export async function scoringSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
): Promise<ScoringSettings> {
  requireAccess(principal, 'scoring:settings', trustCode);
  return { bloodResultMaxAgeDays: await bloodResultMaxAgeDays(db, trustCode) };
}

/** PUT /api/trusts/{trust}/scoring/settings: the new limit and its change-log entry, in one transaction. */
export async function changeScoringSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: ScoringSettingsRequest,
): Promise<ScoringSettings> {
  requireAccess(principal, 'scoring:settings', trustCode);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const before = await bloodResultMaxAgeDays(txDb, trustCode);
    await txDb.execute(sql`update trusts set blood_result_max_age_days = ${request.bloodResultMaxAgeDays},
        updated_at = now()
      where trust_code = ${trustCode}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Changed the oldest blood result the model may use',
      entityType: 'trust',
      entityId: trustCode,
      before: { 'Oldest blood result used (days)': before },
      after: { 'Oldest blood result used (days)': request.bloodResultMaxAgeDays },
    });
    return { bloodResultMaxAgeDays: request.bloodResultMaxAgeDays };
  });
}
