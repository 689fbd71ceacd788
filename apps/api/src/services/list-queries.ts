import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so that a search for "50%" or "o_brien" means what it says. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A case-insensitive prefix pattern. The columns it is compared with are `lower(x) collate "C"`,
 * which their indexes hold, so PostgreSQL turns `LIKE 'abc%'` into an index range (decision 0011).
 */
export const prefixPattern = (value: string) => `${escapeLike(value.trim().toLowerCase())}%`;
export const containsPattern = (value: string) => `%${escapeLike(value.trim().toLowerCase())}%`;

export const offsetOf = (pageNumber: number, pageSize: number) => (pageNumber - 1) * pageSize;

/** AND of the conditions; `true` when there are none. */
export function allOf(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** The PostgreSQL error under a driver or Drizzle wrapper, if any. */
function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    current = candidate.cause;
  }
  return undefined;
}

/** A unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}
