import { defaultHarmReviewThresholdWeeks } from '@esr/contracts/prioritisation';
import { TrustSettingForm } from '../../../components/trust-setting-form';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useSettings, useUpdateSettings } from '../api/settings';
import { parseThresholds, saveFailureOf, thresholdsField, thresholdsText } from '../lib/settings-form';
import { weeksListText } from '../lib/wait-display';

/**
 * /prioritisation-settings (decision 0044): the trust admin sets the trust's harm-review
 * thresholds, the waits in weeks after which a pathway's harm review is due. The API judges them
 * and its message is shown under the field; a save is confirmed by a success banner.
 */
export function PrioritisationSettingsPage() {
  const trust = useTrustCode();
  const settings = useSettings(trust);
  const update = useUpdateSettings(trust);
  return (
    <TrustSettingForm<number[]>
      title="Prioritisation settings"
      settings={settings}
      current={settings.data?.harmReviewThresholdWeeks}
      show={thresholdsText}
      parse={(text) => {
        const parsed = parseThresholds(text);
        return parsed.ok ? { ok: true, value: parsed.weeks } : parsed;
      }}
      save={async (weeks) => (await update.mutateAsync(weeks)).harmReviewThresholdWeeks}
      saveFailure={saveFailureOf}
      pending={update.isPending}
      field={{
        id: thresholdsField,
        label: 'Harm-review thresholds in weeks',
        hint: 'Separate the weeks with commas. For example, 52, 78, 104',
        width: 20,
        inputMode: 'text',
      }}
      submitLabel="Save thresholds"
      savedNotice={(saved) => ({
        heading: 'Harm-review thresholds saved',
        body: <>A pathway&apos;s harm review is now due once it has waited over {weeksListText(saved)}.</>,
      })}
    >
      <p>
        A pathway&apos;s harm review is due once it has waited over each of these numbers of weeks since its
        referral to treatment (RTT) clock start, until a harm review is recorded after that point. Unless your
        trust sets its own, they are {weeksListText(defaultHarmReviewThresholdWeeks)}.
      </p>
    </TrustSettingForm>
  );
}
