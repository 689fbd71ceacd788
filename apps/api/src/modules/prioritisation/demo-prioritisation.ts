/**
 * The demonstration trust's prioritisation history (decision 0044): once its demonstration lists
 * have been imported and scored, some validations, harm reviews (one moving a priority up) and
 * clinicians' risk adjustments are recorded, dated over the past weeks, so that `npm start` shows
 * a worklist with work done as well as work due. Done once: nothing happens when the trust has any
 * entry already.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, priorityMovedUp, type PriorityCode } from '@esr/contracts/prioritisation';
import { todayInLondon } from '@esr/contracts/london-dates';
import { queryRows, type Db } from '../../platform/db/client.js';
import { demoUsers } from '../../platform/db/seed.js';

const demoTrust = 'RAN';
const procedures = ['knee', 'hip', 'knee-hip'] as const;
const userNamed = (firstName: string) => {
  const user = demoUsers.find((candidate) => candidate.firstName === firstName)!;
  return { id: user.id, name: `${user.firstName} ${user.lastName}` };
};

interface DemoPathway extends Record<string, unknown> {
  id: string;
  priority: string | null;
  days: number | null;
  prediction: string | null;
  status: string;
}

const bandOf = (stored: string | null) =>
  stored === 'High' ? 'high' : stored === 'Moderate' ? 'medium' : stored === 'Low' ? 'low' : null;

/** The lists are in and scored: every procedure has active pathways and none is waiting. */
async function listsReady(db: Db): Promise<boolean> {
  const [row] = await queryRows<{
    procedures: number | string;
    waiting: number | string;
    entries: number | string;
  }>(
    db,
    sql`select (select count(distinct procedure_code) from pathways where trust_code = ${demoTrust} and is_active) as procedures,
      (select count(*) from pathways where trust_code = ${demoTrust} and is_active and status = 'waiting') as waiting,
      (select count(*) from prioritisation_entries where trust_code = ${demoTrust}) as entries`,
  );
  if (Number(row?.entries ?? 0) > 0) throw new Error('already seeded');
  return Number(row?.procedures ?? 0) === procedures.length && Number(row?.waiting ?? 0) === 0;
}

async function entry(
  db: Db,
  pathwayId: string,
  daysAgo: number,
  by: { id: string; name: string },
  values: Record<string, string | string[] | null>,
) {
  const on = addDays(todayInLondon(), -daysAgo);
  await db.execute(sql`insert into prioritisation_entries (id, pathway_id, trust_code, kind, recorded_at, recorded_on,
      user_id, recorded_by, priority_code, previous_priority_code, reason, outcome, contact, level, actions, note,
      prediction, model_prediction)
    values (${crypto.randomUUID()}, ${pathwayId}, ${demoTrust}, ${values.kind as string},
      ${`${on}T10:${String(10 + (daysAgo % 50)).padStart(2, '0')}:00Z`}::timestamptz, ${on}::date, ${by.id}::uuid, ${by.name},
      ${(values.priorityCode as string | undefined) ?? null}, ${(values.previousPriorityCode as string | undefined) ?? null},
      ${(values.reason as string | undefined) ?? null}, ${(values.outcome as string | undefined) ?? null},
      ${(values.contact as string | undefined) ?? null}, ${(values.level as string | undefined) ?? null},
      ${`{${((values.actions as string[] | undefined) ?? []).join(',')}}`}::text[], ${(values.note as string | undefined) ?? null},
      ${(values.prediction as string | undefined) ?? null}, ${(values.modelPrediction as string | undefined) ?? null})`);
  return on;
}

const adjustmentReasons = [
  'Recent fall and new anticoagulation, not yet in the record',
  'Cardiology review since listing: heart failure well controlled',
  'BMI has risen since the weight in the record was taken',
];

/** Records the demonstration history on one procedure's list. */
async function seedList(db: Db, procedureCode: string) {
  const clerk = userNamed('Claire');
  const listAdmin = userNamed('Wendy');
  const clinician = userNamed('Olu');
  const today = todayInLondon();
  const pathways = await queryRows<DemoPathway>(
    db,
    sql`select p.id, p.priority, (${today}::date - p.clock_start) as days, p.prediction, p.status
      from pathways p where p.trust_code = ${demoTrust} and p.procedure_code = ${procedureCode} and p.is_active
      order by p.clock_start nulls last, p.id`,
  );
  // Validations: one in three of those waiting over 12 weeks, by phone or letter, in the last 10 weeks.
  const waitingLong = pathways.filter((p) => p.days !== null && Number(p.days) >= 84);
  for (const [index, pathway] of waitingLong.entries()) {
    if (index % 3 !== 1) continue;
    const daysAgo = 3 + ((index * 11) % 70);
    const on = await entry(db, pathway.id, daysAgo, index % 2 ? clerk : listAdmin, {
      kind: 'validation',
      outcome: 'remain',
      contact: index % 4 === 1 ? 'letter' : 'phone',
      note:
        index % 4 === 1 ? 'Letter returned: still wishes to proceed' : 'Still wishes to proceed; no change',
    });
    await db.execute(sql`update pathways set last_validated_on = greatest(last_validated_on, ${on}::date)
      where id = ${pathway.id}`);
  }
  // Harm reviews: every other pathway over 52 weeks; the longest waiter with moderate harm moves up.
  const overYear = pathways.filter((p) => p.days !== null && Number(p.days) > 364);
  for (const [index, pathway] of overYear.entries()) {
    if (index % 2 !== 0) continue;
    const moderate =
      index === 0 && pathway.priority !== null && priorityMovedUp(pathway.priority as PriorityCode);
    const daysAgo = 5 + ((index * 7) % 40);
    const level = moderate ? 'moderate' : index % 4 === 2 ? 'mild' : 'none';
    const movedTo = moderate ? priorityMovedUp(pathway.priority as PriorityCode) : null;
    const moves = movedTo !== null && movedTo !== pathway.priority;
    const on = await entry(db, pathway.id, daysAgo, clinician, {
      kind: 'harm_review',
      level,
      actions: moves
        ? ['moved_up_category', 'patient_told', 'gp_told']
        : level === 'mild'
          ? ['patient_told']
          : [],
      note: moves ? 'Now using two sticks; sleep disturbed by pain' : 'Reviewed in clinic; pain managed',
      ...(moves ? { priorityCode: movedTo, previousPriorityCode: pathway.priority } : {}),
    });
    await db.execute(sql`update pathways set last_harm_review_on = ${on}::date, last_harm_review_level = ${level}
      where id = ${pathway.id}`);
    if (moves) {
      await entry(db, pathway.id, daysAgo, clinician, {
        kind: 'priority',
        priorityCode: movedTo,
        previousPriorityCode: pathway.priority,
        reason: 'Moved up after a harm review: moderate harm',
      });
      await db.execute(sql`update pathways set priority = ${movedTo}, priority_date = ${on}::date,
          priority_set_by = ${clinician.name}, priority_set_on = ${on}::date
        where id = ${pathway.id}`);
    }
  }
  // The clinician's view of the risk on three scored pathways, one band up.
  const scored = pathways.filter((p) => p.status === 'processed' && bandOf(p.prediction) !== 'high');
  for (const [index, pathway] of scored
    .filter((_, i) => i % 17 === 5)
    .slice(0, 3)
    .entries()) {
    const model = bandOf(pathway.prediction)!;
    const adjusted = model === 'low' ? 'medium' : 'high';
    await entry(db, pathway.id, 2 + index * 4, clinician, {
      kind: 'risk_adjustment',
      prediction: adjusted,
      modelPrediction: model,
      reason: adjustmentReasons[index % adjustmentReasons.length]!,
    });
    await db.execute(sql`update pathways set adjusted_prediction = ${adjusted} where id = ${pathway.id}`);
  }
}

/**
 * Waits, off the request path, for the demonstration lists to be scored, then records their
 * history once. Returns a function that stops waiting (when the server closes).
 */
export function startDemoPrioritisation(db: Db, log: { error(obj: object, msg?: string): void }): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (tries: number) => {
    if (stopped) return;
    try {
      if (await listsReady(db)) {
        await db.transaction(async (tx) => {
          for (const procedureCode of procedures) await seedList(tx, procedureCode);
        });
        return;
      }
    } catch (error) {
      if (error instanceof Error && error.message === 'already seeded') return;
      if (!stopped) log.error({ err: error }, 'the demonstration prioritisation history was not recorded');
      return;
    }
    // The lists take about a minute to import and score on a first start; give up after an hour.
    if (tries < 720 && !stopped) timer = setTimeout(() => void attempt(tries + 1), 5_000);
  };
  timer = setTimeout(() => void attempt(0), 1_000);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
