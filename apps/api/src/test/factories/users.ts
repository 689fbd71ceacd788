import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RoleCode } from '@esr/contracts/roles';
import type { Db } from '../../platform/db/client.js';
import type { TestApp } from '../helper.js';
import { trusts, userRoles, users } from '../../platform/db/schema.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}${crypto.randomBytes(2).toString('hex')}`;

export async function createTrust(db: Db, overrides: Partial<typeof trusts.$inferInsert> = {}) {
  const code = overrides.trustCode ?? `T${unique().slice(-6).toUpperCase()}`;
  const [trust] = await db
    .insert(trusts)
    .values({
      trustCode: code,
      trustName: `Test Trust ${code}`,
      region: 'London',
      regionCode: 'Y56',
      country: 'England',
      ...overrides,
    })
    .returning();
  return trust!;
}

export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { roles?: RoleCode[]; trustCode: string },
) {
  const id = overrides.id ?? crypto.randomUUID();
  const suffix = unique();
  const { roles = ['cl'], ...values } = overrides;
  const [user] = await db
    .insert(users)
    .values({ id, firstName: 'Test', lastName: `User${suffix}`, email: `test.${suffix}@nhs.net`, ...values })
    .returning();
  if (roles.length > 0)
    await db.insert(userRoles).values(roles.map((roleCode) => ({ userId: id, roleCode })));
  return user!;
}

export async function setUserStatus(db: Db, userId: string, status: 0 | 1) {
  await db.update(users).set({ status }).where(eq(users.id, userId));
}

/**
 * A token for a new user of each role at the trust, one role each, for the tests that check who may
 * call what.
 */
export async function tokensForRoles<Role extends RoleCode>(
  t: TestApp,
  trustCode: string,
  roles: readonly Role[],
): Promise<Record<Role, string>> {
  const tokens = {} as Record<Role, string>;
  for (const role of roles)
    tokens[role] = await t.tokenFor((await createUser(t.app.db, { trustCode, roles: [role] })).id);
  return tokens;
}
