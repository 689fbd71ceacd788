import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { procedures } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';

/** The procedure's name (docs/requirements.md §3), or 404 for a code the product does not know. */
export async function procedureName(db: Db, code: string): Promise<string> {
  const [row] = await db
    .select({ name: procedures.name })
    .from(procedures)
    .where(eq(procedures.code, code))
    .limit(1);
  if (!row) throw notFound(`Unknown procedure ${code}`);
  return row.name;
}
