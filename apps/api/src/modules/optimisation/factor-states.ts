/**
 * The factor rows of decision 0072: what a pathway's values and entries say of each factor, written
 * by the same rules as its own screen (`factorStateOf`, `factorOnDay`), so that the worklist reads
 * rows. `factorOnDaySql` is `factorOnDay` in SQL; the API tests check that the worklist and the
 * pathway's screen agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  closedStatuses,
  isClosed,
  optimisationFactors,
  type FoundFactor,
  type OptimisationFactor,
  type OptimisationStatus,
} from '@esr/contracts/optimisation';
import { addDays } from '@esr/contracts/prioritisation';
import { todayInLondon } from '@esr/contracts/london-dates';
import { queryRows, type Db } from '../../platform/db/client.js';
import { factorsFound, trustOptimisation, type TrustOptimisation } from './trust-optimisation.js';

/** A factor's entries in brief: the latest status and the London days of the latest and the first. */
export interface EntriesInBrief {
  latestStatus: OptimisationStatus;
  latestOn: string;
  firstOn: string;
}

/** One factor of one pathway as the rows keep it (every column but the keys). */
export interface FactorState {
  code: OptimisationFactor;
  found: boolean;
  foundUntil: string | null;
  finding: string | null;
  value: number | null;
  valueDate: string | null;
  latestStatus: OptimisationStatus | null;
  reopened: boolean;
  identifiedOnFound: string | null;
  identifiedOnOtherwise: string | null;
}

const earliest = (days: string[]) => days.reduce((a, b) => (b < a ? b : a));

/**
 * What the values (found on the day of writing) and the entries say of one factor; null when
 * neither shows it. A blood result counts until it is older than the trust's limit; a closed factor
 * found again by a value taken after it closed is identified again while that value counts. Found
 * by a dated value, a factor was identified on that day; by a condition or the body mass index, on
 * the day the pathway was listed; a recorded step never moves it later.
 */
export function factorStateOf(
  code: OptimisationFactor,
  found: FoundFactor | undefined,
  entries: EntriesInBrief | undefined,
  listedOn: string,
  maxAgeDays: number,
): FactorState | null {
  if (!found && !entries) return null;
  const reopened =
    entries !== undefined &&
    isClosed(entries.latestStatus) &&
    found?.valueDate != null &&
    found.valueDate > entries.latestOn;
  const entryDays = entries ? [entries.firstOn] : [];
  return {
    code,
    found: found !== undefined,
    foundUntil: found?.valueDate ? addDays(found.valueDate, maxAgeDays) : null,
    finding: found?.finding ?? null,
    value: found?.value ?? null,
    valueDate: found?.valueDate ?? null,
    latestStatus: entries?.latestStatus ?? null,
    reopened,
    identifiedOnFound: found
      ? reopened
        ? found.valueDate!
        : earliest([found.valueDate ?? listedOn, ...entryDays])
      : null,
    identifiedOnOtherwise: entries ? earliest([listedOn, ...entryDays]) : null,
  };
}

/** A factor as it stands on a day: whether it shows at all, its status, finding and identification day. */
export interface FactorOnDay {
  status: OptimisationStatus;
  finding: string | null;
  value: number | null;
  valueDate: string | null;
  identifiedOn: string;
}

export function factorOnDay(state: FactorState, today: string): FactorOnDay | null {
  const counts = state.found && (state.foundUntil === null || state.foundUntil >= today);
  if (!counts && state.latestStatus === null) return null;
  return {
    status: counts && (state.reopened || state.latestStatus === null) ? 'identified' : state.latestStatus!,
    finding: counts ? state.finding : null,
    value: counts ? state.value : null,
    valueDate: counts ? state.valueDate : null,
    identifiedOn: (counts ? state.identifiedOnFound : state.identifiedOnOtherwise)!,
  };
}

/** The due day: the day before the TCI date when there is one, else the trust's weeks from identification. */
export const dueOnOf = (tciDate: string | null, identifiedOn: string, dueWeeks: number) =>
  tciDate ? addDays(tciDate, -1) : addDays(identifiedOn, dueWeeks * 7);

const closedList = sql.join(
  closedStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * `factorOnDay` and the due day in SQL, over a row `f` of optimisation_factors and its pathway `p`:
 * the columns `shown` (false: the factor does not show today), `status`, `value`, `value_date`,
 * `due_on` and `overdue`.
 */
export function factorOnDaySql(today: string, dueWeeks: number): SQL {
  const day = sql`${today}::date`;
  const counts = sql`(f.found and (f.found_until is null or f.found_until >= ${day}))`;
  const status = sql`(case when ${counts} and (f.reopened or f.latest_status is null) then 'identified' else f.latest_status end)`;
  const identifiedOn = sql`(case when ${counts} then f.identified_on_found else f.identified_on_otherwise end)`;
  const dueOn = sql`coalesce(p.tci_date - 1, ${identifiedOn} + ${sql.raw(String(Math.trunc(dueWeeks) * 7))})`;
  return sql`(${counts} or f.latest_status is not null) as shown, ${status} as status,
    case when ${counts} then f.value end as value, case when ${counts} then f.value_date end::text as value_date,
    ${dueOn}::text as due_on, (${status} not in (${closedList}) and ${day} > ${dueOn}) as overdue`;
}

/**
 * The prioritisation worklist's "Optimisation open" flag (decision 0072) over its pathway `p`: a
 * factor not closed today, as `factorOnDaySql` reads its status. One probe of the rows' key per
 * pathway.
 */
export const optimisationOpenSql = (today: string): SQL =>
  sql`exists (select 1 from optimisation_factors f where f.pathway_id = p.id
    and ((f.found and (f.found_until is null or f.found_until >= ${today}::date)
        and (f.reopened or f.latest_status is null))
      or f.latest_status in ('referred', 'in_progress')))`;

interface PathwayValues extends Record<string, unknown> {
  id: string;
  trust_code: string;
  procedure_code: string;
  clinical: unknown;
  lab_dates: unknown;
  listed_on: string;
}

interface EntriesRow extends Record<string, unknown> {
  pathway_id: string;
  factor: OptimisationFactor;
  latest_status: OptimisationStatus;
  latest_on: string;
  first_on: string;
}

/** The lock that keeps two writers of one list's rows apart (a worklist read's and a remodel's). */
const lockList = (db: Db, trustCode: string, procedureCode: string) =>
  db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`optimisation-factors ${trustCode} ${procedureCode}`}))`,
  );

/**
 * Writes the rows of the given pathways of one list from their values and entries now, in the
 * caller's transaction. Called whenever a pathway's values or entries change.
 */
export async function refreshFactorsOf(
  tx: Db,
  list: { trustCode: string; procedureCode: string },
  pathwayIds: readonly string[],
  trust?: TrustOptimisation,
  today = todayInLondon(),
): Promise<void> {
  if (pathwayIds.length === 0) return;
  const settings = trust ?? (await trustOptimisation(tx, list.trustCode));
  await lockList(tx, list.trustCode, list.procedureCode);
  const ids = sql`${`{${pathwayIds.join(',')}}`}::uuid[]`;
  const pathways = await queryRows<PathwayValues>(
    tx,
    sql`select p.id, p.trust_code, p.procedure_code, p.clinical, p.lab_dates,
        (p.created_at at time zone 'Europe/London')::date::text as listed_on
      from pathways p where p.id = any(${ids}) and p.trust_code = ${list.trustCode}
        and p.procedure_code = ${list.procedureCode}`,
  );
  const entries = await queryRows<EntriesRow>(
    tx,
    sql`select pathway_id, factor, (array_agg(status order by recorded_at desc, id desc))[1] as latest_status,
        max((recorded_at at time zone 'Europe/London')::date)::text as latest_on,
        min((recorded_at at time zone 'Europe/London')::date)::text as first_on
      from optimisation_entries where pathway_id = any(${ids}) group by pathway_id, factor`,
  );
  const briefs = new Map<string, EntriesInBrief>();
  for (const row of entries)
    briefs.set(`${row.pathway_id} ${row.factor}`, {
      latestStatus: row.latest_status,
      latestOn: row.latest_on,
      firstOn: row.first_on,
    });
  const rows: Record<string, unknown>[] = [];
  for (const pathway of pathways) {
    const found = factorsFound(
      { clinical: pathway.clinical as string, lab_dates: pathway.lab_dates as string | null },
      settings,
      today,
    );
    for (const code of optimisationFactors) {
      const state = factorStateOf(
        code,
        found.find((factor) => factor.code === code),
        briefs.get(`${pathway.id} ${code}`),
        pathway.listed_on,
        settings.maxAgeDays,
      );
      if (state)
        rows.push({
          pathway_id: pathway.id,
          factor: code,
          trust_code: list.trustCode,
          procedure_code: list.procedureCode,
          found: state.found,
          found_until: state.foundUntil,
          finding: state.finding,
          value: state.value,
          value_date: state.valueDate,
          latest_status: state.latestStatus,
          reopened: state.reopened,
          identified_on_found: state.identifiedOnFound,
          identified_on_otherwise: state.identifiedOnOtherwise,
        });
    }
  }
  await tx.execute(sql`delete from optimisation_factors where pathway_id = any(${ids})`);
  if (rows.length === 0) return;
  await tx.execute(sql`insert into optimisation_factors (pathway_id, factor, trust_code, procedure_code,
      found, found_until, finding, value, value_date, latest_status, reopened, identified_on_found,
      identified_on_otherwise)
    select pathway_id, factor, trust_code, procedure_code, found, found_until, finding, value, value_date,
      latest_status, reopened, identified_on_found, identified_on_otherwise
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(pathway_id uuid, factor text, trust_code text,
      procedure_code text, found boolean, found_until date, finding text, value float8, value_date date,
      latest_status text, reopened boolean, identified_on_found date, identified_on_otherwise date)`);
}

/** How many pathways one transaction of a whole list's refresh writes: short, so other requests go on. */
const refreshChunk = 2_000;

/**
 * What a list's rows were written from: the trust's rules and blood-result limit, and the list's
 * latest import. Rows written from another basis are written again before they are read.
 */
async function basisOf(db: Db, trustCode: string, procedureCode: string, trust: TrustOptimisation) {
  const [row] = await queryRows<{ batch: string | null; basis: string | null }>(
    db,
    sql`select (select b.id::text from import_batches b where b.trust_code = ${trustCode}
          and b.procedure_code = ${procedureCode} and b.status = 'IMPORTED'
          order by b.created_at desc limit 1) as batch,
        (select l.basis from optimisation_factor_lists l where l.trust_code = ${trustCode}
          and l.procedure_code = ${procedureCode}) as basis`,
  );
  const basis = JSON.stringify({
    rules: trust.rules,
    maxAgeDays: trust.maxAgeDays,
    batch: row?.batch ?? null,
  });
  return { basis, written: row?.basis ?? null };
}

/**
 * Makes a list's rows current before they are read: when its rules or latest import changed since
 * they were written (or they never were), every active pathway's rows are written again, a chunk
 * per short transaction. Returns the trust's settings, which the reader needs too.
 */
export async function ensureListFactors(
  db: Db,
  trustCode: string,
  procedureCode: string,
  today = todayInLondon(),
): Promise<TrustOptimisation> {
  const trust = await trustOptimisation(db, trustCode);
  const { basis, written } = await basisOf(db, trustCode, procedureCode, trust);
  if (basis === written) return trust;
  // The screens ask for a list's matrix and its page at once: one rewrite serves both.
  const key = `${trustCode} ${procedureCode} ${basis}`;
  let ofDatabase = listsBeingWritten.get(db);
  if (!ofDatabase) listsBeingWritten.set(db, (ofDatabase = new Map()));
  const underWay = ofDatabase;
  let writing = underWay.get(key);
  if (!writing) {
    writing = writeList(db, { trustCode, procedureCode }, trust, basis, today).finally(() =>
      underWay.delete(key),
    );
    underWay.set(key, writing);
  }
  await writing;
  return trust;
}

/** The rewrites under way in this process, per database, by list and basis. */
const listsBeingWritten = new WeakMap<Db, Map<string, Promise<void>>>();

async function writeList(
  db: Db,
  list: { trustCode: string; procedureCode: string },
  trust: TrustOptimisation,
  basis: string,
  today: string,
): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const chunk = await queryRows<{ id: string }>(
      db,
      sql`select id from pathways where trust_code = ${list.trustCode} and procedure_code = ${list.procedureCode}
        and is_active and id > ${after}::uuid order by id limit ${sql.raw(String(refreshChunk))}`,
    );
    if (chunk.length === 0) break;
    await db.transaction((tx) =>
      refreshFactorsOf(
        tx,
        list,
        chunk.map((row) => row.id),
        trust,
        today,
      ),
    );
    after = chunk.at(-1)!.id;
  }
  await db.execute(sql`insert into optimisation_factor_lists (trust_code, procedure_code, basis)
    values (${list.trustCode}, ${list.procedureCode}, ${basis})
    on conflict (trust_code, procedure_code) do update set basis = excluded.basis, refreshed_at = now()`);
}

/** A list's rows are written again at their next read (entries written in bulk, the demonstration's). */
export const forgetListFactors = (db: Db, trustCode: string, procedureCode: string) =>
  db.execute(sql`delete from optimisation_factor_lists
    where trust_code = ${trustCode} and procedure_code = ${procedureCode}`);
