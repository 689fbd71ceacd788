/**
 * The trust's scoring settings (decision 0057): the oldest blood result the model may be given, in
 * days, set by the trust's admins and in the change log. It is read at each scoring, so a change
 * applies from the next one; predictions already made stay as they were.
 */
import { trustSettingUseCases, type TrustSetting } from '../admin/index.js';
import { bloodResultMaxAgeDays } from './scoring.js';

/** The oldest blood result the model may use, as the trust sets it. */
const bloodResultLimit: TrustSetting<'bloodResultMaxAgeDays'> = {
  field: 'bloodResultMaxAgeDays',
  column: 'blood_result_max_age_days',
  permissions: { read: 'scoring:settings', change: 'scoring:settings' },
  current: bloodResultMaxAgeDays,
  action: 'Changed the oldest blood result the model may use',
  label: 'Oldest blood result used (days)',
};

/**
 * GET /api/trusts/{trust}/scoring/settings, and its PUT: the new limit and its change-log entry, in
 * one transaction.
 */
export const { read: scoringSettings, change: changeScoringSettings } =
  trustSettingUseCases(bloodResultLimit);
