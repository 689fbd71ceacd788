/**
 * The trust's scoring settings (decision 0057): the oldest blood result the model may be given, in
 * days, set by the trust's admins and in the change log. It is read at each scoring, so a change
 * applies from the next one; predictions already made stay as they were.
 */
import type { ScoringSettings, ScoringSettingsRequest } from '@esr/contracts/scoring-settings';
import type { Db } from '../../platform/db/client.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { changeTrustSetting, type TrustSetting } from '../admin/index.js';
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

/** The oldest blood result the model may use, as the trust sets it. */
const bloodResultLimit: TrustSetting = {
  column: 'blood_result_max_age_days',
  current: bloodResultMaxAgeDays,
  action: 'Changed the oldest blood result the model may use',
  label: 'Oldest blood result used (days)',
};

/** PUT /api/trusts/{trust}/scoring/settings: the new limit and its change-log entry, in one transaction. */
export async function changeScoringSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: ScoringSettingsRequest,
): Promise<ScoringSettings> {
  requireAccess(principal, 'scoring:settings', trustCode);
  await changeTrustSetting(db, principal, trustCode, bloodResultLimit, request.bloodResultMaxAgeDays);
  return { bloodResultMaxAgeDays: request.bloodResultMaxAgeDays };
}
