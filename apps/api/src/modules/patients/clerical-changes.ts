/**
 * Changes by clerical staff made visible to clinicians (docs/decisions/0056-changes-by-clerical-staff-reviewed.md).
 * A remodel by someone not acting as a clinician marks the evaluation it made, and the pathway, as
 * waiting for a clinician's review; the risk summary, its PDF and the previous evaluations say so,
 * and the worklist flags the pathway, until a clinician marks the change reviewed.
 */
import { sql } from 'drizzle-orm';
import type { ClericalChange } from '@esr/contracts/clerical-changes';
import type { AnomalyRemoval } from '@esr/contracts/patients';
import { queryRows, type Db } from '../../platform/db/client.js';
import { actsAsClinician, principalName, type Principal } from '../identity/index.js';
import { markClericalChange, reviewClericalChanges } from '../evaluations/index.js';
import { setClericalChangeUnreviewed } from '../pathways/index.js';

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An evaluation's columns this file reads, under these names. */
export interface ClericalChangeColumns extends Record<string, unknown> {
  id: string;
  clerical_change: boolean;
  created_by: string;
  created_at: string | Date;
  reviewed_by: string | null;
  reviewed_at: string | Date | null;
}

/** The change a clerical user made that an evaluation came from, with its review; null for any other. */
export const clericalChangeOf = (row: ClericalChangeColumns): ClericalChange | null =>
  row.clerical_change
    ? {
        evaluationId: row.id,
        changedBy: row.created_by,
        changedAt: iso(row.created_at),
        reviewedBy: row.reviewed_by,
        reviewedAt: row.reviewed_at === null ? null : iso(row.reviewed_at),
      }
    : null;

const columns = sql`e.id, e.clerical_change, e.created_by, e.created_at, e.reviewed_by, e.reviewed_at`;

/** The clerical changes of a pathway that no clinician has reviewed, earliest first. */
export async function unreviewedClericalChanges(db: Db, pathwayId: string): Promise<ClericalChange[]> {
  const rows = await queryRows<ClericalChangeColumns>(
    db,
    sql`select ${columns} from evaluations e
      where e.pathway_id = ${pathwayId} and e.clerical_change and e.reviewed_at is null
      order by e.created_at, e.id`,
  );
  return rows.map(clericalChangeOf).filter((change) => change !== null);
}

/** The clerical change one evaluation came from, as a list of none or one. */
export async function clericalChangesOfEvaluation(db: Db, evaluationId: string): Promise<ClericalChange[]> {
  const rows = await queryRows<ClericalChangeColumns>(
    db,
    sql`select ${columns} from evaluations e where e.id = ${evaluationId}`,
  );
  return rows.map(clericalChangeOf).filter((change) => change !== null);
}

/**
 * After a remodel: when its author was not acting as a clinician, the evaluation it wrote and its
 * pathway wait for a clinician's review. A clinician's own remodel reviews nothing: a change still
 * waiting stays, since the clinician may have changed one value without reading the rest.
 */
export async function noteClericalChange(
  db: Db,
  principal: Principal,
  pathwayId: string,
  evaluationId: string,
): Promise<void> {
  if (actsAsClinician(principal)) return;
  await markClericalChange(db, evaluationId);
  await setClericalChangeUnreviewed(db, pathwayId, true);
}

/**
 * Marks every unreviewed clerical change of the pathway reviewed by the clinician, and clears the
 * pathway's flag; answers the changes as they now are (none when nothing waited).
 */
export async function markClericalChangesReviewed(
  db: Db,
  principal: Principal,
  pathwayId: string,
): Promise<ClericalChange[]> {
  const rows = await reviewClericalChanges<ClericalChangeColumns>(
    db,
    pathwayId,
    principalName(principal),
    columns,
  );
  if (rows.length > 0) await setClericalChangeUnreviewed(db, pathwayId, false);
  return rows
    .map(clericalChangeOf)
    .filter((change) => change !== null)
    .sort((a, b) => a.changedAt.localeCompare(b.changedAt));
}

/** An evaluation's columns of a removed anomaly flag (decision 0056). */
export interface AnomalyRemovalColumns extends Record<string, unknown> {
  is_anomaly: boolean;
  anomaly_removed_reason: string | null;
  anomaly_removed_by: string | null;
  anomaly_removed_at: string | Date | null;
}

/** Why a flag was last removed from an evaluation not flagged now; null while flagged, or never unflagged. */
export const anomalyRemovalOf = (row: AnomalyRemovalColumns): AnomalyRemoval | null =>
  !row.is_anomaly && row.anomaly_removed_reason !== null && row.anomaly_removed_at !== null
    ? {
        reason: row.anomaly_removed_reason,
        by: row.anomaly_removed_by ?? '',
        at: iso(row.anomaly_removed_at),
      }
    : null;
