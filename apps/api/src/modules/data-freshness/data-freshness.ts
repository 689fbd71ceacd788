/**
 * How fresh the trust's data is (decision 0068): each procedure's list in use with the time it was
 * uploaded and the day the next is expected by, and the results feed's last message. Read on each
 * screen that shows a list; it never touches the readiness probe, as an extract that stops arriving
 * is the trust's to chase, not a fault of the service.
 */
import { sql } from 'drizzle-orm';
import {
  defaultExtractEveryDays,
  defaultFeedSilenceHours,
  type DataFreshness,
  type FreshnessSettings,
  type ListFreshness,
  type ResultsFeedFreshness,
} from '@esr/contracts/data-freshness';
import { todayInLondon } from '@esr/contracts/london-dates';
import { addDays } from '@esr/contracts/prioritisation-rules';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess, type Principal } from '../identity/index.js';

/** The trust's expectations, the defaults while it has set none. */
export async function freshnessSettingsOf(db: Db, trustCode: string): Promise<FreshnessSettings> {
  const [row] = await queryRows<{ days: number | null; hours: number | null }>(
    db,
    sql`select extract_every_days as days, feed_silence_hours as hours from trusts where trust_code = ${trustCode}`,
  );
  return {
    extractEveryDays: row?.days ?? defaultExtractEveryDays,
    feedSilenceHours: row?.hours ?? defaultFeedSilenceHours,
  };
}

/** The drivers answer a timestamp as a Date or as text, by statement. */
type Instant = string | Date;
type ConfirmedList = {
  procedure_code: ProcedureCode;
  uploaded_at: Instant;
  confirmed_at: Instant;
};

/**
 * Each procedure's list in use: the newest confirmed upload. Its data is as at its upload (the
 * extract files carry no date); the next is due by the end of the upload's day in London plus the
 * trust's number of days, so a weekly list uploaded on a Monday is overdue from the Tuesday after.
 */
function listFreshness(list: ConfirmedList, everyDays: number, today: string): ListFreshness {
  const uploadedAt = new Date(list.uploaded_at);
  const nextExpectedBy = addDays(todayInLondon(uploadedAt), everyDays);
  return {
    procedureCode: list.procedure_code,
    dataAsAt: uploadedAt.toISOString(),
    confirmedAt: new Date(list.confirmed_at).toISOString(),
    nextExpectedBy,
    overdue: today > nextExpectedBy,
  };
}

/**
 * The results feed, while the trust has an enabled integration client: silent since its last
 * message (accepted or refused: either shows the feed is connected), or since the first enabled
 * client was registered when none has come.
 */
async function resultsFeedFreshness(
  db: Db,
  trustCode: string,
  silenceHours: number,
  now: Date,
): Promise<ResultsFeedFreshness | null> {
  const [feed] = await queryRows<{ last_message_at: Instant | null; registered_at: Instant | null }>(
    db,
    sql`select (select max(received_at) from integration_messages where trust_code = ${trustCode}) as last_message_at,
        (select min(created_at) from integration_clients where trust_code = ${trustCode} and status = 1) as registered_at`,
  );
  if (!feed?.registered_at) return null;
  const lastMessageAt = feed.last_message_at === null ? null : new Date(feed.last_message_at);
  const silentSince = lastMessageAt ?? new Date(feed.registered_at);
  return {
    lastMessageAt: lastMessageAt?.toISOString() ?? null,
    silentSince: silentSince.toISOString(),
    overdue: now.getTime() - silentSince.getTime() > silenceHours * 3_600_000,
  };
}

/**
 * The newest confirmed upload of each procedure of the trust (or of the one asked for), in the
 * library's order: one step down the trust and procedure's index of uploads for each.
 */
const confirmedLists = (db: Db, trustCode: string, procedureCode?: ProcedureCode) =>
  queryRows<ConfirmedList>(
    db,
    sql`select p.code as procedure_code, b.created_at as uploaded_at, b.decided_at as confirmed_at
        from procedures p cross join lateral (
          select created_at, decided_at from import_batches
          where trust_code = ${trustCode} and procedure_code = p.code and status = 'IMPORTED'
          order by created_at desc limit 1) b
        ${procedureCode ? sql`where p.code = ${procedureCode}` : sql``}
        order by p.sort_order, p.code`,
  );

/**
 * When the list in use of a trust and procedure was uploaded (its data is as at then), for the
 * files written from it; null while it has never had a confirmed list.
 */
export async function listDataAsAt(
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
): Promise<Date | null> {
  const [list] = await confirmedLists(db, trustCode, procedureCode);
  return list ? new Date(list.uploaded_at) : null;
}

/** GET /api/trusts/{trust}/data-freshness. */
export async function dataFreshness(
  db: Db,
  principal: Principal,
  trustCode: string,
  now: Date,
): Promise<DataFreshness> {
  requireAccess(principal, 'data-freshness:read', trustCode);
  const settings = await freshnessSettingsOf(db, trustCode);
  const today = todayInLondon(now);
  return {
    lists: (await confirmedLists(db, trustCode)).map((list) =>
      listFreshness(list, settings.extractEveryDays, today),
    ),
    resultsFeed: await resultsFeedFreshness(db, trustCode, settings.feedSilenceHours, now),
    settings,
  };
}
