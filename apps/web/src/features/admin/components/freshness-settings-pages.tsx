import type { ReactNode } from 'react';
import {
  defaultExtractEveryDays,
  defaultFeedSilenceHours,
  extractEveryDaysLimits,
  feedSilenceHoursLimits,
} from '@esr/contracts/data-freshness';
import { InsetText } from '../../../components/content';
import { TrustSettingForm, type SettingField } from '../../../components/trust-setting-form';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { settingSaveFailure } from '../../../lib/setting-form';
import { useChangeFreshnessSettings, useFreshnessSettings } from '../api/freshness-settings';
import { parseFreshnessSetting, type FreshnessField } from '../lib/freshness-settings-form';

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;
const daysText = (days: number) => count(days, 'day', 'days');
const hoursText = (hours: number) => count(hours, 'hour', 'hours');

/** One of the trust's two expectations of its data, on its own page (decision 0068). */
function FreshnessSettingPage({
  title,
  name,
  field,
  savedNotice,
  children,
}: {
  title: string;
  name: FreshnessField;
  field: Omit<SettingField, 'id' | 'width' | 'inputMode'>;
  savedNotice: (saved: number) => { heading: string; body: ReactNode };
  children: ReactNode;
}) {
  const trust = useTrustCode();
  const settings = useFreshnessSettings(trust);
  const change = useChangeFreshnessSettings(trust);
  return (
    <TrustSettingForm<number>
      title={title}
      settings={settings}
      current={settings.data?.[name]}
      show={String}
      parse={(text) => parseFreshnessSetting(name, text)}
      save={async (value) => (await change.mutateAsync({ [name]: value }))[name]}
      saveFailure={settingSaveFailure(name)}
      pending={change.isPending}
      field={{ ...field, id: name, width: 4, inputMode: 'numeric' }}
      savedNotice={savedNotice}
      back={{ to: paths.trustAdminDashboard(), text: 'Back to the trust admin dashboard' }}
    >
      {children}
    </TrustSettingForm>
  );
}

/**
 * /waiting-list-uploads: how often the trust expects to upload each waiting list. Once a
 * list is older than this, the dashboards and the worklist say it is out of date.
 */
export function WaitingListFreshnessPage() {
  return (
    <FreshnessSettingPage
      title="Waiting list uploads"
      name="extractEveryDays"
      field={{
        label: 'How often a waiting list is expected, in days',
        hint: `A whole number from ${extractEveryDaysLimits.min} to ${extractEveryDaysLimits.max}, for example ${defaultExtractEveryDays} for weekly`,
      }}
      savedNotice={(saved) => ({
        heading: 'How often a waiting list is expected saved',
        body: (
          <>A list is now out of date once {daysText(saved)} have passed since the day it was uploaded.</>
        ),
      })}
    >
      <p>
        Each type of operation&apos;s waiting list should be uploaded at least this often. When the newest
        list is older, the clerical dashboard, the prioritisation worklist and this dashboard say so, with the
        date it was uploaded: waits and flags are worked out from today&apos;s date, so an old list can hide
        patients who have been treated, removed or moved. Unless your trust sets its own, it is{' '}
        {daysText(defaultExtractEveryDays)}.
      </p>
      <InsetText>
        <p>The service itself is not affected: staff can still use an old list, knowing how old it is.</p>
      </InsetText>
    </FreshnessSettingPage>
  );
}

/**
 * /results-feed: how long the trust's systems may send no blood results before
 * staff are told (only while the trust has an enabled integration client).
 */
export function ResultsFeedFreshnessPage() {
  return (
    <FreshnessSettingPage
      title="Results feed"
      name="feedSilenceHours"
      field={{
        label: 'How long the results feed may be silent, in hours',
        hint: `A whole number from ${feedSilenceHoursLimits.min} to ${feedSilenceHoursLimits.max}, for example ${defaultFeedSilenceHours}`,
      }}
      savedNotice={(saved) => ({
        heading: 'How long the results feed may be silent saved',
        body: <>Staff are now told once no blood results have come for {hoursText(saved)}.</>,
      })}
    >
      <p>
        When your trust&apos;s systems send blood results to this service, a silence longer than this usually
        means the feed has stopped. The clerical dashboard, the prioritisation worklist and this dashboard
        then say when the last message came. Unless your trust sets its own, it is{' '}
        {hoursText(defaultFeedSilenceHours)}.
      </p>
    </FreshnessSettingPage>
  );
}
