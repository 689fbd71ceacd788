/**
 * The demonstration trust's waiting-well history (decision 0071): once its demonstration lists are
 * imported and scored, some of the factors their values show are referred, some are in progress,
 * a few declined or met, dated over the weeks before the first start (decision 0054), so that
 * `npm start` shows the loop at work. Done once: nothing happens when the trust has any entry.
 * Then, once the demonstration outcomes are there, the operated patients' own history (decision
 * 0075), so that model monitoring's optimisation section has factors met before the operation.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '@esr/contracts/prioritisation';
import type { OptimisationFactor } from '@esr/contracts/optimisation';
import { queryRows, type Db } from '../../platform/db/client.js';
import { demonstrationState, recordOnceReady } from '../../platform/db/record-once.js';
import { demoUserNamed as userNamed } from '../../platform/db/seed.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { factorsFound, trustOptimisation } from './trust-optimisation.js';
import { forgetListFactors } from './factor-states.js';

const demoTrust = 'RAN';
const procedures = ['knee', 'hip', 'knee-hip'] as const;

const demoState = (db: Db) =>
  demonstrationState(
    db,
    demoTrust,
    procedures.length,
    sql`select count(*) from optimisation_entries where trust_code = ${demoTrust}`,
  );

interface DemoEntry {
  id: string;
  pathway_id: string;
  factor: OptimisationFactor;
  status: string;
  service: string | null;
  note: string | null;
  reason: string | null;
  finding: string | null;
  finding_date: string | null;
  value: number | null;
  user_id: string;
  recorded_by: string;
  recorded_at: string;
}

const declinedReasons = [
  'Prefers to wait for the operation date; will discuss with the GP',
  'Does not wish to attend the service at present',
];

/** The entries of one procedure's list: every third factor found is referred, some go further. */
async function entriesOf(db: Db, procedureCode: string, today: string): Promise<DemoEntry[]> {
  const clinician = userNamed('Olu');
  const listAdmin = userNamed('Wendy');
  const trust = await trustOptimisation(db, demoTrust);
  const pathways = await queryRows<{ id: string; clinical: unknown; lab_dates: unknown }>(
    db,
    sql`select id, clinical, lab_dates from pathways
      where trust_code = ${demoTrust} and procedure_code = ${procedureCode} and is_active
      order by clock_start nulls last, id`,
  );
  const entries: DemoEntry[] = [];
  let counter = 0;
  for (const pathway of pathways) {
    const found = factorsFound(
      { clinical: pathway.clinical as string, lab_dates: pathway.lab_dates as string | null },
      trust,
      today,
    );
    for (const factor of found) {
      counter += 1;
      if (counter % 3 !== 0) continue;
      const service = trust.services[factor.code][0]!;
      const referredDaysAgo = 10 + (counter % 40);
      const at = (daysAgo: number) =>
        `${addDays(today, -daysAgo)}T09:${String(10 + (daysAgo % 50)).padStart(2, '0')}:00Z`;
      const by = counter % 2 === 0 ? clinician : listAdmin;
      const base = {
        pathway_id: pathway.id,
        factor: factor.code,
        note: null,
        reason: null,
        finding: null,
        finding_date: null,
        value: null,
      };
      entries.push({
        ...base,
        id: timeOrderedUuid(),
        status: 'referred',
        service,
        finding: factor.finding,
        finding_date: factor.valueDate,
        value: factor.value,
        note: factor.code === 'anaemia' ? 'Iron studies, B12 and folate requested' : null,
        user_id: by.id,
        recorded_by: by.name,
        recorded_at: at(referredDaysAgo),
      });
      const next = counter % 9;
      // A third of the referrals stay referred, a third are in progress, a third met (not weight).
      if (next === 3)
        entries.push({
          ...base,
          id: timeOrderedUuid(),
          status: 'in_progress',
          service: null,
          note: factor.code === 'smoking' ? 'Attending weekly sessions' : 'First appointment attended',
          user_id: listAdmin.id,
          recorded_by: listAdmin.name,
          recorded_at: at(referredDaysAgo - 5),
        });
      if (next === 0 && factor.code !== 'weight')
        entries.push({
          ...base,
          id: timeOrderedUuid(),
          status: 'met',
          service: null,
          reason:
            factor.code === 'smoking'
              ? 'Stopped smoking 6 weeks ago; carbon monoxide reading 2 ppm'
              : 'Treated; reviewed in pre-operative assessment clinic',
          user_id: clinician.id,
          recorded_by: clinician.name,
          recorded_at: at(referredDaysAgo - 8),
        });
      if (counter % 21 === 0)
        entries.push({
          ...base,
          id: timeOrderedUuid(),
          status: 'declined',
          service: null,
          reason: declinedReasons[counter % declinedReasons.length]!,
          user_id: listAdmin.id,
          recorded_by: listAdmin.name,
          recorded_at: at(referredDaysAgo - 3),
        });
    }
  }
  return entries;
}

/** One list's entries in one statement, handed as one JSON value (a statement a row would hold the embedded database). */
async function seedList(db: Db, procedureCode: string, today: string) {
  await insertEntries(db, await entriesOf(db, procedureCode, today));
}

/** The file name the demonstration outcomes are recorded with (the outcomes module's). */
const demoOutcomesFile = 'Theatre outcomes (demonstration)';

/**
 * The operated history waits for the list's (so that the list's "any entry" test above never
 * sees these first) and for the demonstration outcomes; done once any of their pathways has one.
 */
async function operatedState(db: Db): Promise<'done' | 'ready' | 'waiting'> {
  const [row] = await queryRows<{
    operated: number | string;
    outcomes: number | string;
    entries: number | string;
  }>(
    db,
    sql`select (select count(*) from optimisation_entries e
          join pathway_outcomes o on o.pathway_id = e.pathway_id and o.file_name = ${demoOutcomesFile}
          where e.trust_code = ${demoTrust}) as operated,
        (select count(*) from pathway_outcomes where trust_code = ${demoTrust} and file_name = ${demoOutcomesFile}) as outcomes,
        (select count(*) from optimisation_entries where trust_code = ${demoTrust}) as entries`,
  );
  if (Number(row?.operated ?? 0) > 0) return 'done';
  return Number(row?.outcomes ?? 0) > 0 && Number(row?.entries ?? 0) > 0 ? 'ready' : 'waiting';
}

/**
 * The operated patients' entries: each factor the values of their judged prediction showed, every
 * second one referred some weeks before the operation, half of those met before it and a few
 * declined. Whether a complication followed was drawn from the model's risk alone, so the section
 * shows what an association without an effect looks like.
 */
async function operatedEntries(db: Db): Promise<DemoEntry[]> {
  const clinician = userNamed('Olu');
  const listAdmin = userNamed('Wendy');
  const trust = await trustOptimisation(db, demoTrust);
  const operated = await queryRows<{
    pathway_id: string;
    operated_on: string;
    inputs: unknown;
    lab_dates: unknown;
    evaluated_on: string;
  }>(
    db,
    sql`select o.pathway_id, o.date_of_operation::text as operated_on, e.inputs, e.lab_dates,
        (e.created_at at time zone 'Europe/London')::date::text as evaluated_on
      from pathway_outcomes o join evaluations e on e.id = o.evaluation_id
      where o.trust_code = ${demoTrust} and o.file_name = ${demoOutcomesFile} and o.is_current
      order by o.date_of_operation, o.pathway_id`,
  );
  const entries: DemoEntry[] = [];
  let counter = 0;
  for (const pathway of operated) {
    const found = factorsFound(
      { clinical: pathway.inputs as string, lab_dates: pathway.lab_dates as string | null },
      trust,
      pathway.evaluated_on,
    );
    for (const factor of found) {
      counter += 1;
      if (counter % 2 !== 0) continue;
      const referredOn = addDays(pathway.operated_on, -(40 + (counter % 50)));
      const at = (day: string) => `${day}T10:${String(10 + (counter % 50)).padStart(2, '0')}:00Z`;
      const base = {
        pathway_id: pathway.pathway_id,
        factor: factor.code,
        note: null,
        reason: null,
        finding: null,
        finding_date: null,
        value: null,
      };
      entries.push({
        ...base,
        id: timeOrderedUuid(),
        status: 'referred',
        service: trust.services[factor.code][0]!,
        finding: factor.finding,
        finding_date: factor.valueDate,
        value: factor.value,
        user_id: listAdmin.id,
        recorded_by: listAdmin.name,
        recorded_at: at(referredOn),
      });
      // Met at most 34 days after a referral at least 40 days before the operation.
      if (counter % 4 === 0 && factor.code !== 'weight')
        entries.push({
          ...base,
          id: timeOrderedUuid(),
          status: 'met',
          service: null,
          reason: 'Treated; reviewed in pre-operative assessment clinic',
          user_id: clinician.id,
          recorded_by: clinician.name,
          recorded_at: at(addDays(referredOn, 10 + (counter % 25))),
        });
      else if (counter % 10 === 6)
        entries.push({
          ...base,
          id: timeOrderedUuid(),
          status: 'declined',
          service: null,
          reason: declinedReasons[counter % declinedReasons.length]!,
          user_id: listAdmin.id,
          recorded_by: listAdmin.name,
          recorded_at: at(addDays(referredOn, 7)),
        });
    }
  }
  return entries;
}

/** Entries in one statement, handed as one JSON value (a statement a row would hold the embedded database). */
async function insertEntries(db: Db, entries: DemoEntry[]) {
  if (entries.length === 0) return;
  await db.execute(sql`insert into optimisation_entries (id, pathway_id, trust_code, factor, status, service,
      note, reason, finding, finding_date, value, user_id, recorded_by, recorded_at)
    select e.id, e.pathway_id, ${demoTrust}, e.factor, e.status, e.service, e.note, e.reason, e.finding,
      e.finding_date, e.value, e.user_id, e.recorded_by, e.recorded_at
    from json_to_recordset(${JSON.stringify(entries)}::json) as e(id uuid, pathway_id uuid, factor text,
      status text, service text, note text, reason text, finding text, finding_date date, value float8,
      user_id uuid, recorded_by text, recorded_at timestamptz)`);
  // The lists' factor rows are written again at their next read, with these entries.
  for (const procedureCode of procedures) await forgetListFactors(db, demoTrust, procedureCode);
}

/** Records the history once the demonstration lists are scored (`recordOnceReady`), then the operated one's. */
export const startDemoOptimisation = (
  db: Db,
  log: { error(obj: object, msg?: string): void },
  /** The day of the first start, which the demonstration lists are dated by (the waiting-list module's). */
  demoFirstStartDay: (db: Db) => Promise<string>,
) => {
  const stopList = recordOnceReady(db, log, {
    what: 'optimisation history',
    state: demoState,
    record: (db) =>
      db.transaction(async (tx) => {
        const today = await demoFirstStartDay(tx);
        for (const procedureCode of procedures) await seedList(tx, procedureCode, today);
      }),
  });
  const stopOperated = recordOnceReady(db, log, {
    what: 'optimisation history of the operated patients',
    state: operatedState,
    record: (db) => db.transaction(async (tx) => insertEntries(tx, await operatedEntries(tx))),
  });
  return () => {
    stopList();
    stopOperated();
  };
};
