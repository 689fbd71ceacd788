import { sql } from 'drizzle-orm';
import type { SuperAdminDashboard, TrustAdminDashboard } from '@esr/contracts/admin';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';

/** GET /api/super-admin/dashboard/ (docs/requirements.md §2): active trusts and active users, from counters. */
export async function superAdminDashboard(db: Db, principal: Principal): Promise<SuperAdminDashboard> {
  requireAccess(principal, 'dashboard:super-admin');
  const [row] = await queryRows<{ active_trusts: number | string; active_users: number | string }>(
    db,
    sql`select (select count(*) from trusts where status = 1) as active_trusts,
               (select coalesce(sum(user_count), 0) from user_counts where status = 1) as active_users`,
  );
  return {
    counters: { activeTrusts: Number(row?.active_trusts ?? 0), activeUsers: Number(row?.active_users ?? 0) },
  };
}

/**
 * GET /api/trust-admin/dashboard (docs/requirements.md §2): active users of the caller's own trust, without
 * super admins, matching the users list a trust admin sees (decision 0010).
 */
export async function trustAdminDashboard(db: Db, principal: Principal): Promise<TrustAdminDashboard> {
  requireAccess(principal, 'dashboard:trust-admin', principal.trustCode);
  const [row] = await queryRows<{ active_users: number | string }>(
    db,
    sql`select (select coalesce(sum(user_count), 0) from user_counts where trust_code = ${principal.trustCode} and status = 1)
             - (select count(*) from users u join user_roles s on s.user_id = u.id and s.role_code = 'sa'
                where u.trust_code = ${principal.trustCode} and u.status = 1) as active_users`,
  );
  return { counters: { activeUsers: Number(row?.active_users ?? 0) } };
}
