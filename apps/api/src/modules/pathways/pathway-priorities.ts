/**
 * A pathway's prioritisation as the clinicians change it (docs/prioritisation.md): its priority, its
 * validations and harm reviews, a postponement waiting for review, a risk adjustment. Their history
 * is the prioritisation entries, written beside each change by modules/prioritisation.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/** A new priority, dated today and set by `setBy`. */
export async function setPriority(
  tx: Db,
  pathwayId: string,
  priority: { code: string; today: string; setBy: string },
): Promise<void> {
  await tx.execute(sql`update pathways set priority = ${priority.code}, priority_date = ${priority.today}::date,
      priority_set_by = ${priority.setBy}, priority_set_on = ${priority.today}::date, updated_at = now()
    where id = ${pathwayId}`);
}

/**
 * The priority a postponement at the patient's request replaced, kept while a clinician's review is
 * due (decision 0056); cleared (null) once a clinician decides.
 */
export async function setPostponedFrom(
  tx: Db,
  pathwayId: string,
  postponedFrom: { priority: string | null; priorityDate: string | null } | null,
): Promise<void> {
  await tx.execute(
    postponedFrom
      ? sql`update pathways set postponed_from_priority = ${postponedFrom.priority},
          postponed_from_priority_date = ${postponedFrom.priorityDate}::date
        where id = ${pathwayId}`
      : sql`update pathways set postponed_from_priority = null, postponed_from_priority_date = null
        where id = ${pathwayId}`,
  );
}

/** A validation recorded today (the latest day is kept). */
export async function recordValidationDay(tx: Db, pathwayId: string, today: string): Promise<void> {
  await tx.execute(sql`update pathways set last_validated_on = greatest(last_validated_on, ${today}::date),
      updated_at = now() where id = ${pathwayId}`);
}

/** A harm review recorded today at its level. */
export async function recordHarmReview(
  tx: Db,
  pathwayId: string,
  today: string,
  level: string,
): Promise<void> {
  await tx.execute(sql`update pathways set last_harm_review_on = ${today}::date, last_harm_review_level = ${level},
      updated_at = now() where id = ${pathwayId}`);
}

/** The clinician's view of the risk beside the model's, or none (null). */
export async function setAdjustedPrediction(
  tx: Db,
  pathwayId: string,
  prediction: string | null,
): Promise<void> {
  await tx.execute(sql`update pathways set adjusted_prediction = ${prediction}, updated_at = now()
      where id = ${pathwayId}`);
}

/** A prioritisation history's latest values (the demonstration lists'), each kept where it is newer or set. */
export interface PrioritisationHistoryUpdate {
  id: string;
  last_validated_on?: string | null;
  last_harm_review_on?: string | null;
  last_harm_review_level?: string | null;
  priority?: string | null;
  priority_date?: string | null;
  priority_set_by?: string | null;
  priority_set_on?: string | null;
  adjusted_prediction?: string | null;
}

/** Applies a history's latest values to its pathways in one statement, handed its rows as one JSON value. */
export async function applyPrioritisationHistory(
  db: Db,
  updates: readonly PrioritisationHistoryUpdate[],
): Promise<void> {
  await db.execute(sql`update pathways p set
      last_validated_on = greatest(p.last_validated_on, u.last_validated_on),
      last_harm_review_on = coalesce(u.last_harm_review_on, p.last_harm_review_on),
      last_harm_review_level = coalesce(u.last_harm_review_level, p.last_harm_review_level),
      priority = coalesce(u.priority, p.priority),
      priority_date = coalesce(u.priority_date, p.priority_date),
      priority_set_by = coalesce(u.priority_set_by, p.priority_set_by),
      priority_set_on = coalesce(u.priority_set_on, p.priority_set_on),
      adjusted_prediction = coalesce(u.adjusted_prediction, p.adjusted_prediction)
    from json_to_recordset(${JSON.stringify(updates)}::json) as u(id uuid, last_validated_on date,
      last_harm_review_on date, last_harm_review_level text, priority text, priority_date date,
      priority_set_by text, priority_set_on date, adjusted_prediction text)
    where p.id = u.id`);
}
