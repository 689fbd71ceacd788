import { useState } from 'react';
import { defaultHarmReviewThresholdWeeks } from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import { NotificationBanner } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { TextInput } from '../../../components/form-fields';
import { ListStatus } from '../../../components/list-status';
import { useAuth } from '../../../lib/auth/auth-provider';
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
  const trustName = useAuth().loginUserDetails?.trust.name;
  const settings = useSettings(trust);
  const update = useUpdateSettings(trust);
  // What is typed; null shows the saved thresholds.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<number[] | null>(null);
  const current = settings.data?.harmReviewThresholdWeeks;
  const value = typed ?? (current ? thresholdsText(current) : '');

  const save = async () => {
    if (update.isPending) return;
    setSaved(null);
    setMessage(undefined);
    const parsed = parseThresholds(value);
    if (!parsed.ok) {
      setFieldError(parsed.error);
      setAttempt((count) => count + 1);
      return;
    }
    setFieldError(undefined);
    try {
      const result = await update.mutateAsync(parsed.weeks);
      setTyped(null);
      setSaved(result.harmReviewThresholdWeeks);
    } catch (error) {
      const failure = saveFailureOf(error);
      setFieldError(failure.field);
      setMessage(failure.message);
      setAttempt((count) => count + 1);
    }
  };

  const summary: ErrorSummaryItem[] = [
    ...(fieldError ? [{ text: fieldError, fieldId: thresholdsField }] : []),
    ...(message ? [{ text: message }] : []),
  ];

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summary} attempt={attempt} />
        {saved && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">Harm-review thresholds saved</p>
            <p>A pathway&apos;s harm review is now due once it has waited over {weeksListText(saved)}.</p>
          </NotificationBanner>
        )}
        <CaptionHeading title="Prioritisation settings" caption={trustName} />
        <p>
          A pathway&apos;s harm review is due once it has waited over each of these numbers of weeks since its
          referral to treatment (RTT) clock start, until a harm review is recorded after that point. Unless
          your trust sets its own, they are {weeksListText(defaultHarmReviewThresholdWeeks)}.
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
              id={thresholdsField}
              label="Harm-review thresholds in weeks"
              labelClassName="nhsuk-label--s"
              hint="Separate the weeks with commas. For example, 52, 78, 104"
              width={20}
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              error={fieldError}
              value={value}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Button type="submit" aria-disabled={update.isPending || undefined}>
              {update.isPending ? 'Saving…' : 'Save thresholds'}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
