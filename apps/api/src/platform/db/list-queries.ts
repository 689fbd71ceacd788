import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so that a search for "50%" or "o_brien" means what it says. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive LIKE prefix pattern, for small tables searched without an index. */
export const prefixPattern = (value: string) => `${escapeLike(value.trim().toLowerCase())}%`;
export const containsPattern = (value: string) => `%${escapeLike(value.trim().toLowerCase())}%`;

/**
 * The first string after every string that starts with `prefix`, in "C" (code point) order: the
 * prefix with its last character moved on by one. Undefined when there is none (U+10FFFF only).
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const characters = Array.from(prefix);
  while (characters.length > 0) {
    const last = characters.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Surrogate code points never stand alone in text: step over them.
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return characters.join('') + String.fromCodePoint(next);
    }
  }
  return undefined;
}

/**
 * A case-insensitive "starts with" on a `lower(x) collate "C"` expression, which the list indexes
 * hold (decision 0011), written as a range of two bind parameters rather than `LIKE 'abc%'`: a
 * prepared statement's generic plan can then use the index too (decision 0013).
 */
export function startsWith(lowerCaseColumn: SQL, value: string): SQL {
  const lowest = value.trim().toLowerCase();
  const above = prefixUpperBound(lowest);
  return above === undefined
    ? sql`${lowerCaseColumn} >= ${lowest}`
    : sql`(${lowerCaseColumn} >= ${lowest} and ${lowerCaseColumn} < ${above})`;
}

export const offsetOf = (pageNumber: number, pageSize: number) => (pageNumber - 1) * pageSize;

/**
 * A page's total count, from the `count(*) over ()` its rows carry as `total`; a page past the end
 * has no rows to carry it, so there the total is counted apart.
 */
export async function pageTotal(
  rows: readonly { total?: number | string | null }[],
  pageNumber: number,
  countApart: () => Promise<number>,
): Promise<number> {
  if (rows.length === 0 && pageNumber > 1) return countApart();
  return Number(rows[0]?.total ?? 0);
}

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
