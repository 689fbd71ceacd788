import { Link } from 'react-router';
import {
  cusumOddsRatio,
  cusumThresholdLimits,
  defaultCusumThreshold,
} from '@esr/contracts/model-performance';
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
import { decimalText } from '../lib/figures-text';
import { parseThreshold, thresholdField, thresholdSaveFailure } from '../lib/threshold-form';

const thresholdText = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/**
 * /model-performance/settings (decision 0045): a trust admin or technical admin sets the trust's
 * CUSUM threshold, the height at which the risk-adjusted CUSUM signals. It is checked as the API
 * checks it, in the contract's words; a save is confirmed by a success banner.
 */
export function MonitoringSettingsPage() {
  const trust = useTrustCode();
  const trustName = useAuth().loginUserDetails?.trust.name;
  const settings = useMonitoringSettings(trust);
  const change = useChangeMonitoringSettings(trust);
  const form = useNumberSettingForm({
    current: settings.data?.cusumThreshold,
    show: thresholdText,
    parse: (text) => {
      const parsed = parseThreshold(text);
      return parsed.ok ? { ok: true, value: parsed.threshold } : parsed;
    },
    save: async (threshold) => (await change.mutateAsync(threshold)).cusumThreshold,
    saveFailure: thresholdSaveFailure,
    fieldId: thresholdField,
    pending: change.isPending,
  });
  const { saved } = form;

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {saved !== null && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">CUSUM threshold saved</p>
            <p>The CUSUM now signals once it reaches {thresholdText(saved)}.</p>
          </NotificationBanner>
        )}
        <CaptionHeading title="Model monitoring settings" caption={trustName} />
        <p>
          The risk-adjusted CUSUM on the model performance screen looks for complications becoming{' '}
          {cusumOddsRatio} times as likely as the model predicts, and signals when it reaches this threshold.
          A lower threshold signals sooner but raises more false alarms; a higher one raises fewer but signals
          later. Unless your trust sets its own, it is {decimalText(defaultCusumThreshold, 1)}.
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
              id={thresholdField}
              label="CUSUM threshold"
              labelClassName="nhsuk-label--s"
              hint={`A number from ${cusumThresholdLimits.min} to ${cusumThresholdLimits.max}, for example ${defaultCusumThreshold}`}
              width={4}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              error={form.fieldError}
              value={form.value}
              onChange={(event) => form.setTyped(event.target.value)}
            />
            <Button type="submit" aria-disabled={change.isPending || undefined}>
              {change.isPending ? 'Saving…' : 'Save threshold'}
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
