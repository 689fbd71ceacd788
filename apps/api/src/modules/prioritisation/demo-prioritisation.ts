/**
 * The demonstration trust's prioritisation history (decision 0044): once its demonstration lists
 * have been imported and scored, some validations, harm reviews (one moving a priority up) and
 * clinicians' risk adjustments are recorded, dated over the weeks before the first start (whose day
 * the lists' dates follow, decision 0054), so that `npm start` shows a worklist with work done as
 * well as work due. Done once: nothing happens when the trust has any entry already.
 */
import crypto from 'node:crypto';
import { bandOfStored } from '@esr/contracts/risk-band';
import { sql } from 'drizzle-orm';
import { addDays, priorityMovedUp, type PriorityCode } from '@esr/contracts/prioritisation';
import { queryRows, type Db } from '../../platform/db/client.js';
import { demonstrationState, recordOnceReady } from '../../platform/db/record-once.js';
import { demoUserNamed as userNamed } from '../../platform/db/seed.js';
import { demoFirstStartDay } from '../waiting-list/index.js';
import { applyPrioritisationHistory } from '../pathways/index.js';
import { addDemoEntries } from './prioritisation-entries.js';

const demoTrust = 'RAN';
const procedures = ['knee', 'hip', 'knee-hip'] as const;

interface DemoPathway extends Record<string, unknown> {
  id: string;
  priority: string | null;
  days: number | null;
  prediction: string | null;
  status: string;
}

const demoState = (db: Db) =>
  demonstrationState(
    db,
    demoTrust,
    procedures.length,
    sql`select count(*) from prioritisation_entries where trust_code = ${demoTrust}`,
  );

/** An entry of the history as the demonstration records it. */
interface DemoEntry {
  id: string;
  pathway_id: string;
  kind: string;
  recorded_at: string;
  recorded_on: string;
  user_id: string;
  recorded_by: string;
  priority_code?: string | null;
  previous_priority_code?: string | null;
  reason?: string;
  outcome?: string;
  contact?: string;
  level?: string;
  /** A text array literal, `{a,b}`. */
  actions?: string;
  note?: string;
  prediction?: string;
  model_prediction?: string;
}

/** What the entries leave on their pathway: the latest of each kind. */
interface DemoPathwayUpdate {
  id: string;
  last_validated_on?: string;
  last_harm_review_on?: string;
  last_harm_review_level?: string;
  priority?: string;
  priority_date?: string;
  priority_set_by?: string;
  priority_set_on?: string;
  adjusted_prediction?: string;
}

const adjustmentReasons = [
  'Recent fall and new anticoagulation, not yet in the record',
  'Cardiology review since listing: heart failure well controlled',
  'BMI has risen since the weight in the record was taken',
];

/**
 * The demonstration history of one procedure's list: its entries and what they leave on each
 * pathway, dated back from `today`, the day of the first start.
 */
async function historyOf(db: Db, procedureCode: string, today: string) {
  const clerk = userNamed('Claire');
  const listAdmin = userNamed('Wendy');
  const clinician = userNamed('Olu');
  const pathways = await queryRows<DemoPathway>(
    db,
    sql`select p.id, p.priority, (${today}::date - p.clock_start) as days, p.prediction, p.status
      from pathways p where p.trust_code = ${demoTrust} and p.procedure_code = ${procedureCode} and p.is_active
      order by p.clock_start nulls last, p.id`,
  );
  const entries: DemoEntry[] = [];
  const updates = new Map<string, DemoPathwayUpdate>();
  const update = (id: string, values: Omit<DemoPathwayUpdate, 'id'>) =>
    updates.set(id, { ...(updates.get(id) ?? { id }), ...values });
  const entry = (
    pathwayId: string,
    daysAgo: number,
    by: { id: string; name: string },
    values: Omit<DemoEntry, 'id' | 'pathway_id' | 'recorded_at' | 'recorded_on' | 'user_id' | 'recorded_by'>,
  ) => {
    const on = addDays(today, -daysAgo);
    entries.push({
      id: crypto.randomUUID(),
      pathway_id: pathwayId,
      recorded_at: `${on}T10:${String(10 + (daysAgo % 50)).padStart(2, '0')}:00Z`,
      recorded_on: on,
      user_id: by.id,
      recorded_by: by.name,
      ...values,
    });
    return on;
  };
  // Validations: one in three of those waiting over 12 weeks, by phone or letter, in the last 10 weeks.
  const waitingLong = pathways.filter((p) => p.days !== null && Number(p.days) >= 84);
  for (const [index, pathway] of waitingLong.entries()) {
    if (index % 3 !== 1) continue;
    const on = entry(pathway.id, 3 + ((index * 11) % 70), index % 2 ? clerk : listAdmin, {
      kind: 'validation',
      outcome: 'remain',
      contact: index % 4 === 1 ? 'letter' : 'phone',
      note:
        index % 4 === 1 ? 'Letter returned: still wishes to proceed' : 'Still wishes to proceed; no change',
    });
    update(pathway.id, { last_validated_on: on });
  }
  // Harm reviews: every other pathway over 52 weeks; the longest waiter with moderate harm moves up.
  const overYear = pathways.filter((p) => p.days !== null && Number(p.days) > 364);
  for (const [index, pathway] of overYear.entries()) {
    if (index % 2 !== 0) continue;
    const current = pathway.priority as PriorityCode | null;
    const movedTo = index === 0 && current ? priorityMovedUp(current) : null;
    const moves = movedTo !== null && movedTo !== current;
    const level = moves ? 'moderate' : index % 4 === 2 ? 'mild' : 'none';
    const daysAgo = 5 + ((index * 7) % 40);
    const on = entry(pathway.id, daysAgo, clinician, {
      kind: 'harm_review',
      level,
      actions: moves
        ? '{moved_up_category,patient_told,gp_told}'
        : level === 'mild'
          ? '{patient_told}'
          : '{}',
      note: moves ? 'Now using two sticks; sleep disturbed by pain' : 'Reviewed in clinic; pain managed',
      ...(moves ? { priority_code: movedTo, previous_priority_code: current } : {}),
    });
    update(pathway.id, { last_harm_review_on: on, last_harm_review_level: level });
    if (moves) {
      entry(pathway.id, daysAgo, clinician, {
        kind: 'priority',
        priority_code: movedTo,
        previous_priority_code: current,
        reason: 'Moved up after a harm review: moderate harm',
      });
      update(pathway.id, {
        priority: movedTo,
        priority_date: on,
        priority_set_by: clinician.name,
        priority_set_on: on,
      });
    }
  }
  // The clinician's view of the risk on three scored pathways, one band up.
  const scored = pathways.filter((p) => p.status === 'processed' && bandOfStored(p.prediction) !== 'high');
  for (const [index, pathway] of scored
    .filter((_, i) => i % 17 === 5)
    .slice(0, 3)
    .entries()) {
    const model = bandOfStored(pathway.prediction)!;
    const adjusted = model === 'low' ? 'medium' : 'high';
    entry(pathway.id, 2 + index * 4, clinician, {
      kind: 'risk_adjustment',
      prediction: adjusted,
      model_prediction: model,
      reason: adjustmentReasons[index % adjustmentReasons.length]!,
    });
    update(pathway.id, { adjusted_prediction: adjusted });
  }
  return { entries, updates: [...updates.values()] };
}

/**
 * Records one list's history in two statements, each handed its rows as one JSON value: on the
 * embedded database a statement a row would keep its one thread from everyone else for seconds.
 */
async function seedList(db: Db, procedureCode: string, today: string) {
  const { entries, updates } = await historyOf(db, procedureCode, today);
  if (entries.length === 0) return;
  await addDemoEntries(db, demoTrust, entries);
  await applyPrioritisationHistory(db, updates);
}

/** Records the history once the demonstration lists are scored (`recordOnceReady`). */
export const startDemoPrioritisation = (db: Db, log: { error(obj: object, msg?: string): void }) =>
  recordOnceReady(db, log, {
    what: 'prioritisation history',
    state: demoState,
    record: (db) =>
      db.transaction(async (tx) => {
        const today = await demoFirstStartDay(tx);
        for (const procedureCode of procedures) await seedList(tx, procedureCode, today);
      }),
  });
