import { Link } from 'react-router';
import { bloodResultMaxAgeLimits, defaultBloodResultMaxAgeDays } from '@esr/contracts/scoring-settings';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import { NotificationBanner } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { TextInput } from '../../../components/form-fields';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useNumberSettingForm } from '../../../lib/number-setting-form';
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
  const trustName = useAuth().loginUserDetails?.trust.name;
  const settings = useScoringSettings(trust);
  const change = useChangeScoringSettings(trust);
  const form = useNumberSettingForm({
    current: settings.data?.bloodResultMaxAgeDays,
    show: String,
    parse: (text) => {
      const parsed = parseBloodResultAge(text);
      return parsed.ok ? { ok: true, value: parsed.days } : parsed;
    },
    save: async (days) => (await change.mutateAsync(days)).bloodResultMaxAgeDays,
    saveFailure: bloodResultAgeSaveFailure,
    fieldId: bloodResultAgeField,
    pending: change.isPending,
  });
  const { saved } = form;

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {saved !== null && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">Oldest blood result saved</p>
            <p>
              From the next scoring, the model uses blood results taken up to {daysText(saved)} before it.
            </p>
          </NotificationBanner>
        )}
        <CaptionHeading title="Scoring settings" caption={trustName} />
        <p>
          The model uses a blood result only if it was taken within this many days before the day the record
          is scored. An older result is not used: the record shows it as too old, and if the model needs it,
          the record is Incomplete and has no risk band until a newer result is recorded. Unless your trust
          sets its own, it is {daysText(defaultBloodResultMaxAgeDays)}.
        </p>
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            A change applies from the next scoring: the next waiting list confirmed, a clinician&apos;s
            remodel, or blood results sent by your trust&apos;s systems. Predictions already made are not
            changed until then.
          </p>
        </div>
        <ListStatus
          isLoading={settings.isLoading}
          isError={settings.isError}
          isEmpty={false}
          onRetry={() => void settings.refetch()}
        />
        {settings.data && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            <TextInput
              id={bloodResultAgeField}
              label="Oldest blood result the model may use, in days"
              labelClassName="nhsuk-label--s"
              hint={`A whole number from ${bloodResultMaxAgeLimits.min} to ${bloodResultMaxAgeLimits.max}, for example ${defaultBloodResultMaxAgeDays}`}
              width={4}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              error={form.fieldError}
              value={form.value}
              onChange={(event) => form.setTyped(event.target.value)}
            />
            <Button type="submit" aria-disabled={change.isPending || undefined}>
              {change.isPending ? 'Saving…' : 'Save'}
            </Button>
          </form>
        )}
        <p>
          <Link className="nhsuk-link" to={paths.trustAdminDashboard()}>
            Back to the trust admin dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}
