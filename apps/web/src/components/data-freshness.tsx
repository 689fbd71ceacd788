import { dataAsAtText, type DataFreshness, type ListFreshness } from '@esr/contracts/data-freshness';
import { showLondonDateTime } from '@esr/contracts/london-dates';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { useDataFreshness } from '../lib/api/data-freshness';
import { useTrustCode } from '../lib/auth/trust-code';
import { formatDate } from '../lib/dates';
import { useProcedureNameOf } from '../lib/procedure-type';
import { NotificationBanner } from './content';

const atMinute = (instant: string) => showLondonDateTime(new Date(instant), 'minute');

/** The list of a procedure in a freshness answer, if it has one. */
const listOf = (freshness: DataFreshness | undefined, procedure: ProcedureCode) =>
  freshness?.lists.find((list) => list.procedureCode === procedure);

/**
 * "Data as at …" under a list's heading (decision 0068): the time the list in use was uploaded,
 * as its extract files carry no date of their own, and the results feed's last message while the
 * trust has one. Nothing while it loads, or for a procedure that has never had a list.
 */
export function DataAsAt({
  freshness,
  procedure,
}: {
  freshness: DataFreshness | undefined;
  procedure: ProcedureCode;
}) {
  const list = listOf(freshness, procedure);
  if (!list) return null;
  const feed = freshness?.resultsFeed;
  return (
    <p className="nhsuk-body-s app-data-as-at">
      {dataAsAtText(list.dataAsAt)} (when the waiting list was uploaded)
      {feed && (
        <>
          . Blood results from your trust&apos;s systems:{' '}
          {feed.lastMessageAt ? `last received ${atMinute(feed.lastMessageAt)}` : 'none received yet'}
        </>
      )}
      .
    </p>
  );
}

function OverdueList({ list, name }: { list: ListFreshness; name: string }) {
  return (
    <p>
      The {name.toLowerCase()} waiting list is out of date. The last list was uploaded on{' '}
      {formatDate(list.dataAsAt)}; a new one was expected by {formatDate(list.nextExpectedBy)}.
    </p>
  );
}

/**
 * The warning that the trust's data is old (decision 0068): each overdue list (or only the
 * procedure's, on a screen of one procedure) and a silent results feed. Waits and flags are worked
 * out from today's date whatever the list's age, so people are told what they are reading.
 */
export function StaleDataBanner({
  freshness,
  procedure,
  nameOf,
}: {
  freshness: DataFreshness | undefined;
  /** One procedure's screen speaks of that procedure's list only. */
  procedure?: ProcedureCode | undefined;
  nameOf: (code: ProcedureCode) => string;
}) {
  if (!freshness) return null;
  const overdue = freshness.lists.filter(
    (list) => list.overdue && (procedure === undefined || list.procedureCode === procedure),
  );
  const feed = freshness.resultsFeed?.overdue ? freshness.resultsFeed : null;
  if (overdue.length === 0 && !feed) return null;
  return (
    <NotificationBanner title="Important">
      <p className="nhsuk-notification-banner__heading">The data may be out of date</p>
      {overdue.map((list) => (
        <OverdueList key={list.procedureCode} list={list} name={nameOf(list.procedureCode)} />
      ))}
      {overdue.length > 0 && (
        <p>
          Waits and flags are worked out from today&apos;s date, so patients may have been treated, removed or
          moved since. Upload the latest list from your patient administration system.
        </p>
      )}
      {feed && (
        <p>
          {feed.lastMessageAt
            ? `No blood results have come from your trust's systems since ${atMinute(feed.lastMessageAt)}`
            : `No blood results have come from your trust's systems since they were connected on ${atMinute(feed.silentSince)}`}
          , longer than the {freshness.settings.feedSilenceHours} hours your trust expects. Results taken
          since then may be missing: ask your IT service desk to check the results feed.
        </p>
      )}
    </NotificationBanner>
  );
}

/** The banner of a screen, read for the signed-in user's trust; nothing while it loads or if it fails. */
export function FreshnessBanner({ procedure }: { procedure?: ProcedureCode }) {
  const freshness = useDataFreshness(useTrustCode());
  const nameOf = useProcedureNameOf();
  return <StaleDataBanner freshness={freshness.data} procedure={procedure} nameOf={nameOf} />;
}

/** "Data as at …" of a procedure's list, read for the signed-in user's trust. */
export function ListDataAsAt({ procedure }: { procedure: ProcedureCode }) {
  const freshness = useDataFreshness(useTrustCode());
  return <DataAsAt freshness={freshness.data} procedure={procedure} />;
}
