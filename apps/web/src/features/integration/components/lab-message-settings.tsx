import { useEffect, useRef, useState } from 'react';
import type { LabMessageSettings as Settings } from '@esr/contracts/patient-identity';
import { messages } from '@esr/contracts/messages';
import { Button } from '../../../components/button';
import { NotificationBanner } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { Radios } from '../../../components/form-fields';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';
import { useChangeLabMessageSettings } from '../api/change-lab-message-settings';

const sends = 'sends';
const neverSends = 'never-sends';

/**
 * Decision 0055, on the integration clients screen: whether the trust's laboratory systems send a
 * patient's date of birth with each result. Results are matched to the waiting list by NHS number
 * and date of birth; a result without one is refused, unless the trust's admin says here that its
 * systems never send one. A result whose date of birth is not the pathway's is refused either way.
 */
export function LabMessageSettingsForm({ trust, settings }: { trust: string; settings: Settings }) {
  const change = useChangeLabMessageSettings(trust);
  const current = settings.labMessagesWithoutBirthDate ? neverSends : sends;
  const [chosen, setChosen] = useState(current);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => setChosen(current), [current]);
  useEffect(() => {
    if (saved) banner.current?.focus();
  }, [saved]);
  const save = async () => {
    if (change.isPending) return;
    setSaved(null);
    setFailure(null);
    try {
      const answer = await change.mutateAsync({ labMessagesWithoutBirthDate: chosen === neverSends });
      setSaved(
        answer.labMessagesWithoutBirthDate
          ? 'Results without a date of birth will be matched by NHS number alone'
          : 'Results without a date of birth will be refused',
      );
    } catch (error) {
      setFailure(
        error instanceof ApiError && isDetailForPeople(error.status) && error.body?.detail
          ? error.body.detail
          : messages.someError,
      );
      setAttempt((count) => count + 1);
    }
  };
  return (
    <section aria-labelledby="lab-message-settings-title">
      <ErrorSummary errors={failure ? [{ text: failure }] : []} attempt={attempt} />
      {saved && (
        <div ref={banner} tabIndex={-1} className="app-focus-target">
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">{saved}</p>
          </NotificationBanner>
        </div>
      )}
      <h2 id="lab-message-settings-title">Dates of birth in results</h2>
      <p>
        Each result is matched to the waiting list by the patient&apos;s NHS number and date of birth, so that
        results are never given to another patient. A result whose date of birth is not the patient&apos;s on
        the list is always refused.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Radios
          name="labMessagesWithoutBirthDate"
          legend="Do the trust's laboratory systems send a date of birth with each result?"
          legendClassName="nhsuk-fieldset__legend--s"
          selected={[chosen]}
          onChange={(value) => setChosen(value)}
          items={[
            {
              value: sends,
              label: 'Yes, they always send one',
              hint: 'A result without a date of birth is refused, and the sender told why.',
            },
            {
              value: neverSends,
              label: 'No, they never send one',
              hint: 'A result without a date of birth is matched by NHS number alone. Choose this only if the systems cannot send it.',
            },
          ]}
        />
        {/* A busy button is aria-disabled, not disabled: a disabled button would lose the focus. */}
        <Button type="submit" variant="secondary" aria-disabled={change.isPending}>
          {change.isPending ? messages.submitting : 'Save'}
        </Button>
      </form>
    </section>
  );
}
