/**
 * The trust's expectations of its data (decision 0068): how often a waiting list is expected and
 * how long its results feed may be silent, set by its trust admins and in the change log. They
 * apply at once: the next screen that reads the freshness uses them.
 */
import type { FreshnessSettings, FreshnessSettingsRequest } from '@esr/contracts/data-freshness';
import type { Db } from '../../platform/db/client.js';
import { trustSettingUseCases } from '../admin/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { freshnessSettingsOf } from './data-freshness.js';

/** GET /api/trusts/{trust}/data-freshness/settings. */
export async function freshnessSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
): Promise<FreshnessSettings> {
  requireAccess(principal, 'data-freshness:settings', trustCode);
  return freshnessSettingsOf(db, trustCode);
}

/** One of the two numbers, read and changed by the trust's admins alone. */
const freshnessSetting = <Field extends keyof FreshnessSettings>(
  field: Field,
  column: 'extract_every_days' | 'feed_silence_hours',
  words: { action: string; label: string },
) =>
  trustSettingUseCases<Field>({
    field,
    column,
    permissions: { read: 'data-freshness:settings', change: 'data-freshness:settings' },
    current: async (db, trustCode) => (await freshnessSettingsOf(db, trustCode))[field],
    ...words,
  });

const extractEvery = freshnessSetting('extractEveryDays', 'extract_every_days', {
  action: 'Changed how often a waiting list is expected',
  label: 'Waiting list expected every (days)',
});
const feedSilence = freshnessSetting('feedSilenceHours', 'feed_silence_hours', {
  action: 'Changed how long the results feed may be silent',
  label: 'Results feed may be silent for (hours)',
});

/** PUT /api/trusts/{trust}/data-freshness/settings: each value sent, with its change-log entry. */
export async function changeFreshnessSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: FreshnessSettingsRequest,
): Promise<FreshnessSettings> {
  requireAccess(principal, 'data-freshness:settings', trustCode);
  const { extractEveryDays, feedSilenceHours } = request;
  if (extractEveryDays !== undefined)
    await extractEvery.change(db, principal, trustCode, { extractEveryDays });
  if (feedSilenceHours !== undefined)
    await feedSilence.change(db, principal, trustCode, { feedSilenceHours });
  return freshnessSettingsOf(db, trustCode);
}
