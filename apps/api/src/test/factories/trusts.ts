import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { mlModels, trustDirectory, trusts, userRoles, users } from '../../platform/db/schema.js';

/**
 * A made-up entry of the NHS trust list with a code no real trust has (real ODS trust codes are
 * three characters), so that tests can add trusts without using up the real list.
 */
export async function createDirectoryEntry(
  db: Db,
  overrides: Partial<typeof trustDirectory.$inferInsert> = {},
) {
  const code = overrides.trustCode ?? `Z${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const [entry] = await db
    .insert(trustDirectory)
    .values({
      trustCode: code,
      trustName: `Test Directory Trust ${code}`,
      trustRoleDescription: 'NHS Trust',
      region: 'South West',
      regionCode: 'Y58',
      country: 'England',
      ...overrides,
    })
    .returning();
  return entry!;
}

/** Removes trusts made by a test, with their users, models and directory entries (change log entries stay). */
export async function removeTrusts(db: Db, codes: string[]) {
  if (codes.length === 0) return;
  const members = await db.select({ id: users.id }).from(users).where(inArray(users.trustCode, codes));
  if (members.length > 0) {
    const ids = members.map((m) => m.id);
    await db.delete(userRoles).where(inArray(userRoles.userId, ids));
    await db.delete(users).where(inArray(users.id, ids));
  }
  await db.delete(mlModels).where(inArray(mlModels.trustCode, codes));
  await db.delete(trusts).where(inArray(trusts.trustCode, codes));
  await db
    .delete(trustDirectory)
    .where(sql`${trustDirectory.trustCode} in ${codes} and ${trustDirectory.trustCode} like 'Z%'`);
}

export const randomGuid = () => crypto.randomUUID();

export async function trustRow(db: Db, code: string) {
  const [row] = await db.select().from(trusts).where(eq(trusts.trustCode, code)).limit(1);
  return row;
}
