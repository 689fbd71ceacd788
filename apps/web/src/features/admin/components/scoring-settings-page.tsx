import { bloodResultMaxAgeLimits, defaultBloodResultMaxAgeDays } from '@esr/contracts/scoring-settings';
import { InsetText } from '../../../components/content';
import { TrustSettingForm } from '../../../components/trust-setting-form';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useChangeScoringSettings, useScoringSettings } from '../api/scoring-settings';
import {
  bloodResultAgeField,
  bloodResultAgeSaveFailure,
  parseBloodResultAge,
} from '../lib/blood-result-age-form';

const daysText = (days: number) => `${days.toLocaleString('en-GB')} ${days === 1 ? 'day' : 'days'}`;

/**
 * /scoring-settings (decision 0057): a trust admin sets the oldest blood result the model may use,
 * in days before the day of scoring. It is checked as the API checks it, in the contract's words;
 * a save is confirmed by a success banner, which says when it applies.
 */
export function ScoringSettingsPage() {
  const trust = useTrustCode();
  const settings = useScoringSettings(trust);
  const change = useChangeScoringSettings(trust);
  return (
    <TrustSettingForm<number>
      title="Scoring settings"
      settings={settings}
      current={settings.data?.bloodResultMaxAgeDays}
      show={String}
      parse={(text) => {
        const parsed = parseBloodResultAge(text);
        return parsed.ok ? { ok: true, value: parsed.days } : parsed;
      }}
      save={async (days) => (await change.mutateAsync(days)).bloodResultMaxAgeDays}
      saveFailure={bloodResultAgeSaveFailure}
      pending={change.isPending}
      field={{
        id: bloodResultAgeField,
        label: 'Oldest blood result the model may use, in days',
        hint: `A whole number from ${bloodResultMaxAgeLimits.min} to ${bloodResultMaxAgeLimits.max}, for example ${defaultBloodResultMaxAgeDays}`,
        width: 4,
        inputMode: 'numeric',
      }}
      savedNotice={(saved) => ({
        heading: 'Oldest blood result saved',
        body: (
          <>From the next scoring, the model uses blood results taken up to {daysText(saved)} before it.</>
        ),
      })}
      back={{ to: paths.trustAdminDashboard(), text: 'Back to the trust admin dashboard' }}
    >
      <p>
        The model uses a blood result only if it was taken within this many days before the day the record is
        scored. An older result is not used: the record shows it as too old, and if the model needs it, the
        record is Incomplete and has no risk band until a newer result is recorded. Unless your trust sets its
        own, it is {daysText(defaultBloodResultMaxAgeDays)}.
      </p>
      <InsetText>
        <p>
          A change applies from the next scoring: the next waiting list confirmed, a clinician&apos;s remodel,
          or blood results sent by your trust&apos;s systems. Predictions already made are not changed until
          then.
        </p>
      </InsetText>
    </TrustSettingForm>
  );
}
