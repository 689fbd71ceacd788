import { asc, ne } from 'drizzle-orm';
import type { Procedure } from '@esr/contracts/procedures';
import type { Role } from '@esr/contracts/roles';
import type { SurgicalRiskFactors } from '@esr/contracts/library';
import type { Db } from '../../platform/db/client.js';
import { formOptions, procedures, roles } from '../../platform/db/schema.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';

export async function listProcedures(db: Db, principal: Principal): Promise<Procedure[]> {
  requireAccess(principal, 'library:read');
  const rows = await db.select().from(procedures).orderBy(asc(procedures.sortOrder));
  return rows.map(({ code, name, category }) => ({ code, name, category }) as Procedure);
}

/** docs/requirements.md §6: trust admins' role lists leave out Super Admin (hideSuperAdminRole). */
export async function listRoles(db: Db, principal: Principal, hideSuperAdminRole: boolean): Promise<Role[]> {
  requireAccess(principal, 'library:read');
  const query = db.select({ code: roles.code, name: roles.name }).from(roles);
  const rows = await (hideSuperAdminRole ? query.where(ne(roles.code, 'sa')) : query).orderBy(
    asc(roles.sortOrder),
  );
  return rows as Role[];
}

export async function surgicalRiskFactors(db: Db, principal: Principal): Promise<SurgicalRiskFactors> {
  requireAccess(principal, 'library:read');
  const rows = await db
    .select()
    .from(formOptions)
    .orderBy(asc(formOptions.listName), asc(formOptions.sortOrder));
  const pick = (list: string) =>
    rows.filter((r) => r.listName === list).map(({ value, label }) => ({ value, label }));
  return { surgery: pick('surgery'), social: pick('social') };
}
