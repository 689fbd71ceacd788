import { Link } from 'react-router';
import { cusumTargetRunLengthLimits, defaultCusumTargetRunLength } from '@esr/contracts/model-performance';
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
import { useChangeMonitoringSettings, useMonitoringSettings } from '../api/settings';
import { countText } from '../lib/figures-text';
import { parseRunLength, runLengthField, runLengthSaveFailure } from '../lib/run-length-form';

/**
 * /model-performance/settings (decision 0061): the clinical safety officer sets how many operations
 * pass, on average, between false alarms of each CUSUM when the model predicts as it should; each
 * chart's threshold follows from it on the trust's own case mix. It is checked as the API checks
 * it, in the contract's words; a save is confirmed by a success banner.
 */
export function MonitoringSettingsPage() {
  const trust = useTrustCode();
  const trustName = useAuth().loginUserDetails?.trust.name;
  const settings = useMonitoringSettings(trust);
  const change = useChangeMonitoringSettings(trust);
  const form = useNumberSettingForm({
    current: settings.data?.cusumTargetRunLength,
    show: String,
    parse: (text) => {
      const parsed = parseRunLength(text);
      return parsed.ok ? { ok: true, value: parsed.runLength } : parsed;
    },
    save: async (runLength) => (await change.mutateAsync(runLength)).cusumTargetRunLength,
    saveFailure: runLengthSaveFailure,
    fieldId: runLengthField,
    pending: change.isPending,
  });
  const { saved } = form;

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {saved !== null && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">Operations between false alarms saved</p>
            <p>
              Each CUSUM’s threshold is now set so that a model predicting as it should raises a false alarm
              once in {countText(saved)} operations on average.
            </p>
          </NotificationBanner>
        )}
        <CaptionHeading title="Model monitoring settings" caption={trustName} />
        <p>
          The two CUSUMs on the model performance screen look for the odds of a complication doubling (more
          complications than the model predicts) or halving (fewer). Each signals when it reaches a threshold,
          and that threshold is worked out from your trust’s own patients so that a model predicting as it
          should raises a false alarm once in this many operations on average.
        </p>
        <p>
          Fewer operations between false alarms make the CUSUMs signal sooner when something changes, but
          raise more false alarms; more make them quieter but slower. Unless you set your own, it is{' '}
          {countText(defaultCusumTargetRunLength)}.
        </p>
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
              id={runLengthField}
              label="Operations between false alarms"
              labelClassName="nhsuk-label--s"
              hint={`A whole number from ${countText(cusumTargetRunLengthLimits.min)} to ${countText(cusumTargetRunLengthLimits.max)}, for example ${countText(defaultCusumTargetRunLength)}`}
              width={10}
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
          <Link className="nhsuk-link" to={paths.modelPerformance()}>
            Back to model performance
          </Link>
        </p>
      </div>
    </div>
  );
}
