/**
 * The one writer of prioritisation entries, the history of a pathway's prioritisation
 * (docs/prioritisation.md): each change a clinician makes adds one, beside the change to the
 * pathway itself (modules/pathways). eslint.boundaries.js fails on any other file that writes them.
 */
import { sql } from 'drizzle-orm';
import type { PrioritisationEntry } from '@esr/contracts/prioritisation';
import type { Db } from '../../platform/db/client.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { principalName, type Principal } from '../identity/index.js';

export interface EntryValues {
  kind: PrioritisationEntry['kind'];
  priorityCode?: string | null;
  previousPriorityCode?: string | null;
  reason?: string | null;
  outcome?: string | null;
  contact?: string | null;
  level?: string | null;
  actions?: readonly string[];
  note?: string | null;
  prediction?: string | null;
  modelPrediction?: string | null;
}

/** One entry of the pathway's history, recorded today by the caller. */
export async function addEntry(
  db: Db,
  principal: Principal,
  pathway: { id: string; trust_code: string },
  today: string,
  entry: EntryValues,
) {
  await db.execute(sql`insert into prioritisation_entries (id, pathway_id, trust_code, kind, recorded_on,
      user_id, recorded_by, priority_code, previous_priority_code, reason, outcome, contact, level, actions, note,
      prediction, model_prediction)
    values (${timeOrderedUuid()}, ${pathway.id}, ${pathway.trust_code}, ${entry.kind}, ${today}::date,
      ${principal.userId}::uuid, ${principalName(principal)}, ${entry.priorityCode ?? null},
      ${entry.previousPriorityCode ?? null}, ${entry.reason ?? null}, ${entry.outcome ?? null},
      ${entry.contact ?? null}, ${entry.level ?? null}, ${`{${(entry.actions ?? []).join(',')}}`}::text[],
      ${entry.note ?? null}, ${entry.prediction ?? null}, ${entry.modelPrediction ?? null})`);
}

/**
 * A demonstration history's entries in one statement, handed its rows as one JSON value: on the
 * embedded database a statement a row would keep its one thread from everyone else for seconds.
 */
export async function addDemoEntries(db: Db, trustCode: string, entries: readonly object[]): Promise<void> {
  await db.execute(sql`insert into prioritisation_entries (id, pathway_id, trust_code, kind, recorded_at, recorded_on,
      user_id, recorded_by, priority_code, previous_priority_code, reason, outcome, contact, level, actions, note,
      prediction, model_prediction)
    select r.id, r.pathway_id, ${trustCode}, r.kind, r.recorded_at, r.recorded_on, r.user_id, r.recorded_by,
      r.priority_code, r.previous_priority_code, r.reason, r.outcome, r.contact, r.level,
      coalesce(r.actions, '{}')::text[], r.note, r.prediction, r.model_prediction
    from json_to_recordset(${JSON.stringify(entries)}::json) as r(id uuid, pathway_id uuid, kind text,
      recorded_at timestamptz, recorded_on date, user_id uuid, recorded_by text, priority_code text,
      previous_priority_code text, reason text, outcome text, contact text, level text, actions text, note text,
      prediction text, model_prediction text)`);
}
