import type { Db } from '../db/client.js';
import { changeLog } from '../db/schema.js';
import { principalName, type Principal } from './identity.js';

export interface ChangeEntry {
  principal: Principal;
  trustCode: string | null;
  trustName: string;
  /** Human-readable, shown in the change log's Action column, e.g. "Updated user Jane Smith". */
  action: string;
  entityType: 'trust' | 'user' | 'model' | 'patient' | 'import';
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Only the fields that changed, as {before, after} (security baseline: audit before/after). */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}

/**
 * Appends a change log entry (spec §3; append-only). Call it inside the transaction that makes
 * the change, so the change and its record commit together.
 */
export async function recordChange(db: Db, entry: ChangeEntry): Promise<void> {
  await db.insert(changeLog).values({
    createdByUserId: entry.principal.userId,
    createdBy: principalName(entry.principal),
    trustCode: entry.trustCode,
    trustName: entry.trustName,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    changes: diffFields(entry.before, entry.after),
  });
}
