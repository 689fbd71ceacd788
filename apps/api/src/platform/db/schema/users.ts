import { pgTable, integer, text, smallint, uuid, primaryKey, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './column-types.js';
import { trusts } from './trusts.js';
import { roles } from './roles.js';

/** Bits of users.role_mask, fixed by migration 0006 (cso added by migration 0036). */
export const roleMaskBits = { sa: 1, ta: 2, cu: 4, cl: 8, tca: 16, wa: 32, cso: 64 } as const;

const userRoleMaskExpression = Object.entries(roleMaskBits)
  .map(([code, bit]) => `(CASE WHEN '${code}' = ANY ("users"."role_codes") THEN ${bit} ELSE 0 END)`)
  .join(' | ');

/**
 * docs/requirements.md §3 User. A user is bound to their identity provider account on first sign-in
 * (security baseline: bind to issuer/tenant + subject, never e-mail alone afterwards).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    trustCode: text('trust_code')
      .notNull()
      .references(() => trusts.trustCode),
    status: smallint('status').notNull().default(1),
    identityIssuer: text('identity_issuer'),
    identitySubject: text('identity_subject'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * The user's role codes, sorted: a copy of user_roles kept by statement triggers on user_roles
     * (migration 0005), so that lists filter and show roles without joining user_roles (decision 0011).
     */
    roleCodes: text('role_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The same roles as bits (sa 1, ta 2, cu 4, cl 8, tca 16, wa 32), derived from role_codes by
     * PostgreSQL (migration 0006): list searches filter on it cheaply (decision 0013).
     */
    roleMask: integer('role_mask').notNull().generatedAlwaysAs(sql.raw(userRoleMaskExpression)),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_identity_unique').on(t.identityIssuer, t.identitySubject),
    index('users_trust_idx').on(t.trustCode),
    // Lists are ordered by lower-case full name in "C" order, so that one index serves both the
    // order and prefix searches (LIKE 'abc%'), on PGlite and PostgreSQL alike (decision 0011).
    index('users_sort_name_idx').on(sql`(lower(${t.firstName} || ' ' || ${t.lastName}) collate "C")`, t.id),
    index('users_trust_sort_name_idx').on(
      t.trustCode,
      sql`(lower(${t.firstName} || ' ' || ${t.lastName}) collate "C")`,
      t.id,
    ),
    // A search limited to one status (most often active users) reads only that status's names,
    // in list order, rather than stepping over the other status's (decision 0017).
    index('users_status_sort_name_idx').on(
      t.status,
      sql`(lower(${t.firstName} || ' ' || ${t.lastName}) collate "C")`,
      t.id,
    ),
    index('users_last_name_prefix_idx').on(sql`(lower(${t.lastName}) collate "C")`),
    index('users_email_prefix_idx').on(sql`(lower(${t.email}) collate "C")`),
    index('users_role_codes_idx').using('gin', t.roleCodes),
    // Migrations 0005, 0006 and 0008 build the sort-name and prefix indexes above with INCLUDE
    // columns (for index-only searches), and 0005 adds the partial index users_super_admins_idx:
    // drizzle-kit cannot declare either (decisions 0011, 0013).
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.code),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleCode] }), index('user_roles_role_idx').on(t.roleCode)],
);
