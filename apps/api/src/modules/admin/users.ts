import { eq, sql, type SQL } from 'drizzle-orm';
import { parseBracketFilters, type RawQuery } from '@esr/contracts/bracket-query';
import { adminMessages, messages } from '@esr/contracts/messages';
import { roleCodes, roleNames, type RoleCode } from '@esr/contracts/roles';
import {
  userFilterNames,
  userFiltersSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type UserDetails,
  type UserFilters,
  type UsersPage,
} from '@esr/contracts/users';
import crypto from 'node:crypto';
import { queryRows, type Db } from '../../platform/db/client.js';
import { roleMaskBits, trusts, userRoles, users } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { hasAccess, requireAccess } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import {
  allOf,
  containsPattern,
  isUniqueViolation,
  offsetOf,
  startsWith,
} from '../../platform/db/list-queries.js';

const isSuperAdmin = (principal: Principal) => principal.roles.includes('sa');
const sortRoles = (codes: readonly string[]) =>
  roleCodes.filter((code) => codes.includes(code)).map((code) => ({ code, name: roleNames[code] }));

/** Reads the bracket-style filters of docs/requirements.md §7 (contracts/bracket-query.ts); 400 on anything odd. */
export function readUserFilters(query: RawQuery): UserFilters {
  const parsed = parseBracketFilters(query, userFilterNames);
  if (!parsed.ok) throw badRequest(adminMessages.validationFailed, parsed.errors);
  const checked = userFiltersSchema.safeParse(parsed.values);
  if (!checked.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of checked.error.issues) {
      const key = `filters[${issue.path.map(String).join('][')}]`.replace(/\[(\d+)\]$/, '[]');
      (errors[key] ??= []).push(issue.message);
    }
    throw badRequest(adminMessages.validationFailed, errors);
  }
  return checked.data;
}

export interface UsersListQuery {
  pageNumber: number;
  pageSize: number;
  trustCode?: string | undefined;
  hideSuperAdminRole?: '0' | '1' | undefined;
  raw: RawQuery;
}

/**
 * Who the caller may list (docs/requirements.md §6): super admins any trust; trust admins their own trust, and
 * never users holding Super Admin (decision 0010).
 */
function listScope(principal: Principal, trustCode: string | undefined, filters: UserFilters, hide?: string) {
  const scopeCode = trustCode?.trim().toUpperCase() || undefined;
  const filterCode = filters.trustCode?.toUpperCase();
  requireAccess(principal, 'users:read', scopeCode);
  if (filterCode) requireAccess(principal, 'users:read', filterCode);
  const superAdmin = isSuperAdmin(principal);
  return {
    trustCode: superAdmin ? scopeCode : principal.trustCode,
    filterCode,
    hideSuperAdmins: !superAdmin || hide === '1',
  };
}

interface UserRow extends Record<string, unknown> {
  total_count: number | string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  trust_code: string;
  trust_name: string;
  status: number;
  roles: string[] | null;
  created_at: string | Date;
}

// users.role_codes is user_roles copied by triggers (migration 0005). The literal (not a bind
// parameter) lets the planner use the partial index users_super_admins_idx to count them.
const holdsSuperAdmin = sql.raw(`u.role_codes @> '{sa}'::text[]`);
// users.role_mask is role_codes as bits (migration 0006): the cheap test for every candidate row.
const lacksSuperAdmin = sql.raw(`(u.role_mask & ${roleMaskBits.sa}) = 0`);
const maskOf = (codes: readonly RoleCode[]) => codes.reduce((mask, code) => mask | roleMaskBits[code], 0);
const sortName = sql`(lower(u.first_name || ' ' || u.last_name) collate "C")`;

/**
 * The user-name search as two alternatives that exclude each other: the start of the full name
 * "first last" (which is the start of the first name too, and more when the search holds a space),
 * or else the start of the last name. The first is a range of the name-ordered index itself, so its
 * matches come out in list order; the second is a range of the last-name index (decisions 0011, 0013).
 */
function userNameAlternatives(userName: string): {
  any: SQL;
  alternatives: { condition: SQL; inListOrder: boolean }[];
} {
  const full = startsWith(sortName, userName);
  const last = startsWith(sql`(lower(u.last_name) collate "C")`, userName);
  return {
    any: sql`(${full} or ${last})`,
    alternatives: [
      { condition: full, inListOrder: true },
      { condition: sql`${last} and not ${full}`, inListOrder: false },
    ],
  };
}

/** GET /api/users/ (docs/requirements.md §2 user lists, §7): filtered, ordered by name, 15 a page. */
export async function listUsers(db: Db, principal: Principal, query: UsersListQuery): Promise<UsersPage> {
  const filters = readUserFilters(query.raw);
  const scope = listScope(principal, query.trustCode, filters, query.hideSuperAdminRole);

  // Conditions on trust and status alone can be counted from the counters (decision 0011).
  const trustConditions: SQL[] = [];
  if (scope.trustCode) trustConditions.push(sql`u.trust_code = ${scope.trustCode}`);
  if (scope.filterCode) trustConditions.push(sql`u.trust_code = ${scope.filterCode}`);
  if (filters.trustName)
    trustConditions.push(
      sql`u.trust_code in (select tn.trust_code from trusts tn where lower(tn.trust_name) like ${containsPattern(filters.trustName)})`,
    );
  if (filters.status !== undefined) trustConditions.push(sql`u.status = ${filters.status}`);

  const name = filters.userName ? userNameAlternatives(filters.userName) : undefined;
  const searchConditions: SQL[] = [];
  if (filters.email) searchConditions.push(startsWith(sql`(lower(u.email) collate "C")`, filters.email));
  if (filters.assignedRoles?.length)
    searchConditions.push(sql`(u.role_mask & ${maskOf(filters.assignedRoles)}::integer) <> 0`);

  const searching = searchConditions.length > 0 || name !== undefined;
  // A search tests every candidate, so it tests the mask; a trust's page keeps the array test,
  // whose selectivity the planner knows (it has no statistics on the mask expression).
  const hidden = scope.hideSuperAdmins ? [searching ? lacksSuperAdmin : sql`not ${holdsSuperAdmin}`] : [];
  const where = allOf([...trustConditions, ...searchConditions, ...hidden]);

  const offset = offsetOf(query.pageNumber, query.pageSize);
  const columns = sql`u.id as user_id, u.first_name, u.last_name, u.email, u.trust_code, t.trust_name, u.status, u.created_at,
    u.role_codes as roles`;
  let rows: UserRow[];
  if (!searching) {
    // Trust and status alone: the total from the counters, the page from the name-ordered index.
    // The counters table is aliased `u` so that the conditions on trust_code and status apply as written.
    const counted = sql`(select coalesce(sum(u.user_count), 0) from user_counts u where ${allOf(trustConditions)})`;
    const hiddenCount = scope.hideSuperAdmins
      ? sql`(select count(*) from users u where ${allOf([...trustConditions, holdsSuperAdmin])})`
      : sql`0`;
    rows = await queryRows<UserRow>(
      db,
      sql`select c.total_count, p.* from (select ${counted} - ${hiddenCount} as total_count) c
          left join lateral (
            select ${columns} from users u join trusts t on t.trust_code = u.trust_code
            where ${where} order by ${sortName}, u.id limit ${query.pageSize} offset ${offset}
          ) p on true`,
    );
  } else {
    // A search: each alternative is counted from its own covering index, and gives its first
    // offset + pageSize matches in list order; the page is the first of those. The name-ordered
    // alternative is read in index order and stops early. Any other is reached through its own
    // index and sorted (`|| ''` keeps the planner from walking the whole name index for it).
    const alternatives = name?.alternatives ?? [{ condition: sql`true`, inListOrder: false }];
    const total = sql.join(
      alternatives.map(
        ({ condition }) => sql`(select count(*) from users u where ${condition} and ${where})`,
      ),
      sql` + `,
    );
    const candidates = sql.join(
      alternatives.map(
        ({ condition, inListOrder }) =>
          sql`(select u.id, ${sortName} as sort_name from users u where ${condition} and ${where}
               order by ${inListOrder ? sortName : sql`${sortName} || ''`}, u.id limit ${offset + query.pageSize})`,
      ),
      sql` union all `,
    );
    rows = await queryRows<UserRow>(
      db,
      sql`with page as (
            select m.id from (${candidates}) m order by m.sort_name, m.id limit ${query.pageSize} offset ${offset}
          )
          select ${total} as total_count, ${columns} from page join users u on u.id = page.id
          join trusts t on t.trust_code = u.trust_code order by ${sortName}, u.id`,
    );
    if (rows.length === 0 && offset > 0) {
      const [counted] = await queryRows<{ total_count: number | string }>(
        db,
        sql`select count(*) as total_count from users u where ${allOf(name ? [name.any, where] : [where])}`,
      );
      rows = [{ total_count: counted?.total_count ?? 0, user_id: null } as UserRow];
    }
  }
  return {
    items: rows
      .filter((row) => row.user_id !== null)
      .map((row) => ({
        userId: row.user_id!,
        userName: `${row.first_name} ${row.last_name}`,
        email: row.email,
        trustName: row.trust_name,
        trustCode: row.trust_code,
        assignedRoles: sortRoles(row.roles ?? []),
        status: Number(row.status) === 1 ? 1 : 0,
      })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: Number(rows[0]?.total_count ?? 0),
  };
}

async function loadUser(db: Db, userId: string, lock = false): Promise<UserRow | undefined> {
  // Anything that is not a UUID cannot be a user id; answer 404 rather than a database error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return undefined;
  const rows = await queryRows<UserRow>(
    db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.trust_code, t.trust_name, u.status, u.created_at,
          (select array_agg(r.role_code) from user_roles r where r.user_id = u.id) as roles, 0 as total_count
        from users u join trusts t on t.trust_code = u.trust_code where u.id = ${userId}
        ${lock ? sql`for update of u` : sql``}`,
  );
  return rows[0];
}

function toDetails(row: UserRow): UserDetails {
  return {
    userId: row.user_id!,
    userName: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    trustName: row.trust_name,
    trustCode: row.trust_code,
    assignedRoles: sortRoles(row.roles ?? []),
    status: Number(row.status) === 1 ? 1 : 0,
    createdDate: new Date(row.created_at).toISOString(),
  };
}

/** A user holding Super Admin is out of a trust admin's sight and reach (decision 0010). */
function requireSeesUser(principal: Principal, row: UserRow, permission: 'users:read' | 'users:write') {
  requireAccess(principal, permission, row.trust_code);
  if ((row.roles ?? []).includes('sa')) requireAccess(principal, 'users:super-admins');
}

/** GET /api/users/{userId}/ (docs/requirements.md §2 User details). */
export async function getUser(db: Db, principal: Principal, userId: string): Promise<UserDetails> {
  requireAccess(principal, 'users:read');
  const row = await loadUser(db, userId);
  if (!row) throw notFound('User not found');
  requireSeesUser(principal, row, 'users:read');
  return toDetails(row);
}

const auditFields = (row: {
  first_name: string;
  last_name: string;
  email: string;
  trust_code: string;
  status: number;
  roles: readonly string[];
}) => ({
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  trustCode: row.trust_code,
  status: Number(row.status),
  roles: sortRoles(row.roles).map((r) => r.code),
});

/** A user as created or updated: what the change log records of it afterwards. */
interface ChangedUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  trustCode: string;
  status: number;
  roles: RoleCode[];
}

/**
 * The change log's entry for a user created (`before` null) or updated, in the caller's transaction.
 * An entry about a user who holds or held Super Admin is shown to super admins only.
 */
function recordUserChange(
  db: Db,
  principal: Principal,
  change: { verb: 'Created' | 'Updated'; trustName: string; user: ChangedUser; before: UserRow | null },
) {
  const { user, before } = change;
  return recordChange(db, {
    principal,
    trustCode: user.trustCode,
    trustName: change.trustName,
    action: `${change.verb} user ${user.firstName} ${user.lastName}`,
    entityType: 'user',
    entityId: user.id,
    before: before && auditFields({ ...before, roles: before.roles ?? [] }),
    after: auditFields({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      trust_code: user.trustCode,
      status: user.status,
      roles: user.roles,
    }),
    audience: [...user.roles, ...(before?.roles ?? [])].includes('sa') ? 'super-admin' : 'trust',
  });
}

function requestedRoles(principal: Principal, roles: { code: RoleCode }[]): RoleCode[] {
  const codes = [...new Set(roles.map((role) => role.code))];
  // docs/requirements.md §6: trust admins cannot grant Super Admin.
  if (codes.includes('sa') && !hasAccess(principal, 'users:super-admins'))
    throw forbidden(adminMessages.superAdminRoleRefused);
  return codes;
}

async function trustNameOf(db: Db, trustCode: string): Promise<string> {
  const [trust] = await db
    .select({ trustName: trusts.trustName })
    .from(trusts)
    .where(eq(trusts.trustCode, trustCode))
    .limit(1);
  if (!trust) throw badRequest(adminMessages.validationFailed, { trustCode: [adminMessages.trustNotFound] });
  return trust.trustName;
}

const userExists = () => conflict(messages.userExists);

/** POST /api/users/ (docs/requirements.md §7): 201 with the new user; 409 when the e-mail is taken (docs/requirements.md §8). */
export async function createUser(db: Db, principal: Principal, body: CreateUserBody): Promise<UserDetails> {
  const trustCode = body.trustCode.trim().toUpperCase();
  requireAccess(principal, 'users:write', trustCode);
  const roles = requestedRoles(principal, body.roles);
  const email = body.email.trim();
  const id = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const trustName = await trustNameOf(txDb, trustCode);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      if (taken) throw userExists();
      const values = {
        id,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        email,
        trustCode,
        status: 1,
      };
      await tx.insert(users).values(values);
      await tx.insert(userRoles).values(roles.map((roleCode) => ({ userId: id, roleCode })));
      await recordUserChange(txDb, principal, {
        verb: 'Created',
        trustName,
        user: { ...values, roles },
        before: null,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw userExists();
    throw error;
  }
  return toDetails((await loadUser(db, id))!);
}

/** PUT /api/users/{userId}/ (docs/requirements.md §7): names, trust, status and roles; the e-mail stays. */
export async function updateUser(
  db: Db,
  principal: Principal,
  userId: string,
  body: UpdateUserBody,
): Promise<UserDetails> {
  requireAccess(principal, 'users:write');
  const trustCode = body.trustCode.trim().toUpperCase();
  const roles = requestedRoles(principal, body.roles);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const before = await loadUser(txDb, userId, true);
    if (!before) throw notFound('User not found');
    requireSeesUser(principal, before, 'users:write');
    // Moving a user to another trust needs access to that trust too.
    requireAccess(principal, 'users:write', trustCode);
    if (body.email.trim().toLowerCase() !== before.email.toLowerCase())
      throw badRequest(adminMessages.validationFailed, { email: [adminMessages.emailCannotChange] });
    const trustName = await trustNameOf(txDb, trustCode);
    const next = {
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      trustCode,
      status: body.status,
    };
    await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, before.user_id!));
    await tx.delete(userRoles).where(eq(userRoles.userId, before.user_id!));
    await tx.insert(userRoles).values(roles.map((roleCode) => ({ userId: before.user_id!, roleCode })));
    await recordUserChange(txDb, principal, {
      verb: 'Updated',
      trustName,
      user: { ...next, id: before.user_id!, email: before.email, roles },
      before,
    });
  });
  return toDetails((await loadUser(db, userId))!);
}
