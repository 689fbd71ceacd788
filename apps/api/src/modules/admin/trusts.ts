import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { adminMessages, messages } from '@esr/contracts/messages';
import type {
  CreateTrustBody,
  Trust,
  TrustLookup,
  TrustOption,
  TrustsPage,
  TrustsQuery,
  UpdateTrustBody,
} from '@esr/contracts/trusts';
import { queryRows, type Db } from '../../platform/db/client.js';
import { trustDirectory, trusts } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import { installDefaultModels } from '../models/index.js';
import type { Principal } from '../identity/index.js';
import {
  allOf,
  containsPattern,
  isUniqueViolation,
  offsetOf,
  prefixPattern,
} from '../../platform/db/list-queries.js';

type TrustRow = typeof trusts.$inferSelect;

const normaliseCode = (code: string) => code.trim().toUpperCase();

function toTrust(row: TrustRow, assignedUsers: number): Trust {
  return {
    trustCode: row.trustCode,
    trustName: row.trustName,
    trustRoleDescription: row.trustRoleDescription,
    region: row.region,
    regionCode: row.regionCode,
    country: row.country,
    status: row.status === 1 ? 1 : 0,
    trustTenantId: row.trustTenantId,
    assignedUsers,
    primaryContactFirstName: row.primaryContactFirstName,
    primaryContactLastName: row.primaryContactLastName,
    primaryContactEmail: row.primaryContactEmail,
    primaryContactTelCode: row.primaryContactTelCode,
    primaryContactTelNumber: row.primaryContactTelNumber,
  };
}

/** The fields a change-log entry compares (docs/requirements.md §3 Trust, without the counter). */
const auditFields = (row: TrustRow) => ({
  trustName: row.trustName,
  status: row.status,
  trustTenantId: row.trustTenantId,
  primaryContactFirstName: row.primaryContactFirstName,
  primaryContactLastName: row.primaryContactLastName,
  primaryContactEmail: row.primaryContactEmail,
  primaryContactTelCode: row.primaryContactTelCode,
  primaryContactTelNumber: row.primaryContactTelNumber,
});

/** Users assigned to a trust, active or not, from the trigger-kept counters (decision 0011). */
async function assignedUsersOf(db: Db, trustCode: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(user_count), 0) as n from user_counts where trust_code = ${trustCode}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** GET /api/trusts/: active trusts for selectors. Trust admins get their own only (docs/requirements.md §6). */
export async function listTrustOptions(db: Db, principal: Principal): Promise<TrustOption[]> {
  requireAccess(principal, 'trusts:select');
  const own = !principal.roles.includes('sa');
  return db
    .select({ trustCode: trusts.trustCode, trustName: trusts.trustName })
    .from(trusts)
    .where(own ? and(eq(trusts.status, 1), eq(trusts.trustCode, principal.trustCode)) : eq(trusts.status, 1))
    .orderBy(asc(trusts.trustName));
}

interface TrustListRow extends Record<string, unknown> {
  total_count: number | string;
  trust_code: string | null;
}

/** GET /api/trusts/?listType=paginated (docs/requirements.md §2 Manage active trusts, §7). */
export async function listTrustsPage(db: Db, principal: Principal, query: TrustsQuery): Promise<TrustsPage> {
  requireAccess(principal, 'trusts:read');
  const conditions = [];
  if (query.trustName) conditions.push(sql`lower(t.trust_name) like ${containsPattern(query.trustName)}`);
  if (query.trustCode) conditions.push(sql`lower(t.trust_code) like ${prefixPattern(query.trustCode)}`);
  if (query.region) conditions.push(sql`lower(t.region) like ${containsPattern(query.region)}`);
  if (query.regionCode) conditions.push(sql`lower(t.region_code) = ${query.regionCode.trim().toLowerCase()}`);
  if (query.country) conditions.push(sql`lower(t.country) like ${containsPattern(query.country)}`);
  if (query.status !== undefined) conditions.push(sql`t.status = ${Number(query.status)}`);
  const where = allOf(conditions);
  // A few hundred trusts at most: one statement gives the page and the total, even past the end.
  const rows = await queryRows<TrustListRow>(
    db,
    sql`select c.total_count, p.* from (select count(*) as total_count from trusts t where ${where}) c
        left join lateral (
          select t.*, coalesce((select sum(uc.user_count) from user_counts uc where uc.trust_code = t.trust_code), 0) as assigned_users
          from trusts t where ${where}
          order by lower(t.trust_name), t.trust_code
          limit ${query.pageSize} offset ${offsetOf(query.pageNumber, query.pageSize)}
        ) p on true`,
  );
  return {
    items: rows
      .filter((row) => row.trust_code !== null)
      .map((row) => ({
        trustCode: String(row.trust_code),
        trustName: String(row.trust_name),
        trustRoleDescription: String(row.trust_role_description),
        region: String(row.region),
        regionCode: String(row.region_code),
        country: String(row.country),
        status: Number(row.status) === 1 ? 1 : 0,
        trustTenantId: (row.trust_tenant_id as string | null) ?? null,
        assignedUsers: Number(row.assigned_users),
        primaryContactFirstName: String(row.primary_contact_first_name),
        primaryContactLastName: String(row.primary_contact_last_name),
        primaryContactEmail: String(row.primary_contact_email),
        primaryContactTelCode: String(row.primary_contact_tel_code),
        primaryContactTelNumber: String(row.primary_contact_tel_number),
      })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: Number(rows[0]?.total_count ?? 0),
  };
}

/** GET /api/trusts/{trustCode} (docs/requirements.md §2 Trust details). */
export async function getTrust(db: Db, principal: Principal, trustCode: string): Promise<Trust> {
  const code = normaliseCode(trustCode);
  requireAccess(principal, 'trusts:read', code);
  const [row] = await db.select().from(trusts).where(eq(trusts.trustCode, code)).limit(1);
  if (!row) throw notFound('Trust not found');
  return toTrust(row, await assignedUsersOf(db, code));
}

/** GET /api/trusts/lookup/: NHS trusts not added yet (docs/requirements.md §2 Add new trust). */
export async function listTrustLookups(db: Db, principal: Principal): Promise<TrustLookup[]> {
  requireAccess(principal, 'trusts:write');
  return db
    .select({
      trustCode: trustDirectory.trustCode,
      trustName: trustDirectory.trustName,
      trustRoleDescription: trustDirectory.trustRoleDescription,
      region: trustDirectory.region,
      regionCode: trustDirectory.regionCode,
      country: trustDirectory.country,
    })
    .from(trustDirectory)
    .where(sql`not exists (select 1 from trusts t where t.trust_code = ${trustDirectory.trustCode})`)
    .orderBy(asc(trustDirectory.trustName));
}

const tenantTaken = () =>
  badRequest(adminMessages.validationFailed, { trustTenantId: [adminMessages.tenantIdTaken] });

/** Editable fields, trimmed; a blank tenant id means none (decision 0012). */
function editableFields(body: CreateTrustBody) {
  const tenant = body.trustTenantId.trim().toLowerCase();
  return {
    trustTenantId: tenant === '' ? null : tenant,
    primaryContactFirstName: body.primaryContactFirstName.trim(),
    primaryContactLastName: body.primaryContactLastName.trim(),
    primaryContactEmail: body.primaryContactEmail.trim(),
    primaryContactTelCode: body.primaryContactTelCode.trim(),
    primaryContactTelNumber: body.primaryContactTelNumber.replace(/\s+/g, ''),
  };
}

function checkPathMatchesBody(pathCode: string, body: { trustCode: string }) {
  if (normaliseCode(body.trustCode) !== pathCode)
    throw badRequest(adminMessages.validationFailed, { trustCode: [adminMessages.trustCodeMismatch] });
}

async function checkTenantFree(db: Db, tenantId: string | null, exceptCode?: string) {
  if (!tenantId) return;
  const [other] = await db
    .select({ trustCode: trusts.trustCode })
    .from(trusts)
    .where(
      exceptCode
        ? and(eq(trusts.trustTenantId, tenantId), ne(trusts.trustCode, exceptCode))
        : eq(trusts.trustTenantId, tenantId),
    )
    .limit(1);
  if (other) throw tenantTaken();
}

/** POST /api/trusts/{trustCode}/create (docs/requirements.md §7, §8): identity from the NHS trust list. */
export async function createTrust(
  db: Db,
  principal: Principal,
  trustCode: string,
  body: CreateTrustBody,
  options: { demonstrationModels: boolean } = { demonstrationModels: false },
): Promise<Trust> {
  const code = normaliseCode(trustCode);
  requireAccess(principal, 'trusts:write');
  checkPathMatchesBody(code, body);
  const fields = editableFields(body);
  try {
    const created = await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(trustDirectory)
        .where(eq(trustDirectory.trustCode, code))
        .limit(1);
      if (!entry)
        throw badRequest(adminMessages.validationFailed, { trustCode: [adminMessages.trustNotInDirectory] });
      const [existing] = await tx
        .select({ trustCode: trusts.trustCode })
        .from(trusts)
        .where(eq(trusts.trustCode, code))
        .limit(1);
      if (existing) throw conflict(messages.trustExists);
      await checkTenantFree(tx as unknown as Db, fields.trustTenantId);
      const [row] = await tx
        .insert(trusts)
        .values({ ...entry, ...fields, status: 1 })
        .returning();
      await recordChange(tx as unknown as Db, {
        principal,
        trustCode: row!.trustCode,
        trustName: row!.trustName,
        action: `Created trust ${row!.trustName}`,
        entityType: 'trust',
        entityId: row!.trustCode,
        before: null,
        after: { trustCode: row!.trustCode, ...auditFields(row!) },
      });
      // In the demonstration, a new trust can see predictions at once: the demonstration model of
      // every procedure. In a trust's own service it has none until one is approved (decision 0060).
      if (options.demonstrationModels) await installDefaultModels(tx as unknown as Db, [row!.trustCode]);
      return row!;
    });
    return toTrust(created, 0);
  } catch (error) {
    // Two admins adding the same trust at once: the database has the last word.
    if (isUniqueViolation(error, 'trusts_pkey')) throw conflict(messages.trustExists);
    if (isUniqueViolation(error, 'trusts_tenant_id_unique')) throw tenantTaken();
    throw error;
  }
}

/** PUT /api/trusts/{trustCode}/update (docs/requirements.md §7): tenant id, status and contact only. */
export async function updateTrust(
  db: Db,
  principal: Principal,
  trustCode: string,
  body: UpdateTrustBody,
): Promise<Trust> {
  const code = normaliseCode(trustCode);
  requireAccess(principal, 'trusts:write', code);
  checkPathMatchesBody(code, body);
  const fields = { ...editableFields(body), status: body.status };
  try {
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(trusts)
        .where(eq(trusts.trustCode, code))
        .for('update')
        .limit(1);
      if (!before) throw notFound('Trust not found');
      await checkTenantFree(tx as unknown as Db, fields.trustTenantId, code);
      const [after] = await tx
        .update(trusts)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(trusts.trustCode, code))
        .returning();
      await recordChange(tx as unknown as Db, {
        principal,
        trustCode: code,
        trustName: after!.trustName,
        action: `Updated trust ${after!.trustName}`,
        entityType: 'trust',
        entityId: code,
        before: auditFields(before),
        after: auditFields(after!),
      });
      return after!;
    });
    return toTrust(updated, await assignedUsersOf(db, code));
  } catch (error) {
    if (isUniqueViolation(error, 'trusts_tenant_id_unique')) throw tenantTaken();
    throw error;
  }
}
