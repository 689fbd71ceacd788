import { useState } from 'react';
import { Link } from 'react-router';
import {
  cusumOddsRatio,
  cusumThresholdLimits,
  defaultCusumThreshold,
} from '@esr/contracts/model-performance';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import { NotificationBanner } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { TextInput } from '../../../components/form-fields';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
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
  // What is typed; null shows the saved threshold.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<number | null>(null);
  const current = settings.data?.cusumThreshold;
  const value = typed ?? (current === undefined ? '' : thresholdText(current));

  const fail = (failure: { field?: string | undefined; message?: string | undefined }) => {
    setFieldError(failure.field);
    setMessage(failure.message);
    setAttempt((count) => count + 1);
  };
  const save = async () => {
    if (change.isPending) return;
    setSaved(null);
    const parsed = parseThreshold(value);
    if (!parsed.ok) return fail({ field: parsed.error });
    setFieldError(undefined);
    setMessage(undefined);
    try {
      const result = await change.mutateAsync(parsed.threshold);
      setTyped(null);
      setSaved(result.cusumThreshold);
    } catch (error) {
      fail(thresholdSaveFailure(error));
    }
  };

  const summary: ErrorSummaryItem[] = [
    ...(fieldError ? [{ text: fieldError, fieldId: thresholdField }] : []),
    ...(message ? [{ text: message }] : []),
  ];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summary} attempt={attempt} />
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
              void save();
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
              error={fieldError}
              value={value}
              onChange={(event) => setTyped(event.target.value)}
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
