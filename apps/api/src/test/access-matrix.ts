import crypto from 'node:crypto';
import type { RoleCode } from '@esr/contracts/roles';
import type { Db } from '../platform/db/client.js';
import { demoIntegrationClients } from '../platform/db/seed.js';
import { createUser } from './factories/users.js';
import { createDirectoryEntry, randomGuid, trustRow } from './factories/trusts.js';

/** What a case may use to build its request. */
export interface MatrixContext {
  db: Db;
  /** The callers' trust (the demo users are all in RAN). */
  ownTrust: string;
  /** A trust none of the callers belongs to. */
  otherTrust: string;
  /** Trusts made while running, for the caller to remove. */
  madeTrusts: string[];
}

export type Target = 'own' | 'other';

export interface AccessCase {
  method: 'GET' | 'POST' | 'PUT';
  /** The route as registered, for the coverage check. */
  route: string;
  /** Roles that may call it (docs/requirements.md §6). */
  allowed: readonly RoleCode[];
  /**
   * True when the call is about one trust: then it is tried for the caller's own trust and for
   * another, and only roles allowed any trust (Super Admin) may reach the other.
   */
  trustScoped: boolean;
  okStatus: 200 | 201;
  build(ctx: MatrixContext, target: Target): Promise<{ url: string; body?: unknown }>;
}

const trustOf = (ctx: MatrixContext, target: Target) => (target === 'own' ? ctx.ownTrust : ctx.otherTrust);
const clientTrustOf = (target: Target) =>
  demoIntegrationClients.find((client) => client.trustCode === (target === 'own' ? 'RAN' : 'RL1'))!;
const uniqueEmail = () => `matrix.${crypto.randomBytes(5).toString('hex')}@nhs.net`;

const contact = {
  primaryContactFirstName: 'Mira',
  primaryContactLastName: 'Jones',
  primaryContactEmail: 'mira.jones@nhs.net',
  primaryContactTelCode: '+44',
  primaryContactTelNumber: '2071234567',
};

/**
 * Every restricted admin endpoint with who may call it (docs/requirements.md §6, §7). The access test runs each
 * case for every role, for the caller's own trust and another; a route added here is covered at
 * once, and the coverage test fails for an /api route that is in neither this table nor the
 * exemptions below.
 */
export const accessMatrix: readonly AccessCase[] = [
  {
    method: 'GET',
    route: '/api/super-admin/dashboard/',
    allowed: ['sa'],
    trustScoped: false,
    okStatus: 200,
    build: async () => ({ url: '/api/super-admin/dashboard/' }),
  },
  {
    method: 'GET',
    route: '/api/trust-admin/dashboard',
    allowed: ['ta'],
    trustScoped: false,
    okStatus: 200,
    build: async () => ({ url: '/api/trust-admin/dashboard' }),
  },
  {
    method: 'GET',
    route: '/api/trusts/',
    allowed: ['sa', 'ta'],
    trustScoped: false,
    okStatus: 200,
    build: async () => ({ url: '/api/trusts/' }),
  },
  {
    method: 'GET',
    route: '/api/trusts/',
    allowed: ['sa'],
    trustScoped: false,
    okStatus: 200,
    build: async () => ({ url: '/api/trusts/?listType=paginated&pageNumber=1&pageSize=15' }),
  },
  {
    method: 'GET',
    route: '/api/trusts/lookup/',
    allowed: ['sa'],
    trustScoped: false,
    okStatus: 200,
    build: async () => ({ url: '/api/trusts/lookup/' }),
  },
  {
    method: 'GET',
    route: '/api/trusts/:trustCode',
    allowed: ['sa'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({ url: `/api/trusts/${trustOf(ctx, target)}` }),
  },
  {
    method: 'POST',
    route: '/api/trusts/:trustCode/create',
    allowed: ['sa'],
    trustScoped: false,
    okStatus: 200,
    build: async (ctx) => {
      const entry = await createDirectoryEntry(ctx.db);
      ctx.madeTrusts.push(entry.trustCode);
      return {
        url: `/api/trusts/${entry.trustCode}/create`,
        body: { trustCode: entry.trustCode, trustTenantId: randomGuid(), ...contact },
      };
    },
  },
  {
    method: 'PUT',
    route: '/api/trusts/:trustCode/update',
    allowed: ['sa'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => {
      // The same values again: the call is allowed or refused without changing the trust.
      const code = trustOf(ctx, target);
      const row = (await trustRow(ctx.db, code))!;
      return {
        url: `/api/trusts/${code}/update`,
        body: {
          trustCode: code,
          trustTenantId: row.trustTenantId ?? '',
          status: 1,
          ...(row.primaryContactEmail
            ? {
                primaryContactFirstName: row.primaryContactFirstName,
                primaryContactLastName: row.primaryContactLastName,
                primaryContactEmail: row.primaryContactEmail,
                primaryContactTelCode: row.primaryContactTelCode,
                primaryContactTelNumber: row.primaryContactTelNumber,
              }
            : contact),
        },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/users/',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({
      url: `/api/users/?pageNumber=1&pageSize=15&trustCode=${trustOf(ctx, target)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/users/:userId/',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => {
      const user = await createUser(ctx.db, { trustCode: trustOf(ctx, target), roles: ['cu'] });
      return { url: `/api/users/${user.id}/` };
    },
  },
  {
    method: 'POST',
    route: '/api/users/',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 201,
    build: async (ctx, target) => ({
      url: '/api/users/',
      body: {
        firstName: 'Matrix',
        lastName: 'Case',
        email: uniqueEmail(),
        trustCode: trustOf(ctx, target),
        roles: [{ code: 'cl' }],
      },
    }),
  },
  {
    method: 'PUT',
    route: '/api/users/:userId/',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => {
      const trustCode = trustOf(ctx, target);
      const user = await createUser(ctx.db, { trustCode, roles: ['cu'] });
      return {
        url: `/api/users/${user.id}/`,
        body: {
          firstName: 'Changed',
          lastName: user.lastName,
          email: user.email,
          trustCode,
          status: 1,
          roles: [{ code: 'cu' }, { code: 'cl' }],
        },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/admin/changelog',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({
      url: `/api/admin/changelog?pageNumber=1&pageSize=15&trustCode=${trustOf(ctx, target)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/trusts/:trust/access-log',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({
      url: `/api/trusts/${trustOf(ctx, target)}/access-log/?nhsNumber=9434765919`,
    }),
  },
  {
    method: 'GET',
    route: '/api/trusts/:trust/access-log/export',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({
      url: `/api/trusts/${trustOf(ctx, target)}/access-log/export?nhsNumber=9434765919`,
    }),
  },
  {
    method: 'GET',
    route: '/api/trusts/:trust/integration-clients',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({ url: `/api/trusts/${trustOf(ctx, target)}/integration-clients` }),
  },
  {
    method: 'GET',
    route: '/api/trusts/:trust/integration-clients/messages',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({
      url: `/api/trusts/${trustOf(ctx, target)}/integration-clients/messages?pageNumber=1`,
    }),
  },
  // A client keeps its trust from being removed, so the calls that make or touch one use the demo
  // trusts and their demo clients (db/seed.ts): RL1 is a trust none of the callers belongs to.
  {
    method: 'POST',
    route: '/api/trusts/:trust/integration-clients',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 201,
    build: async (_ctx, target) => ({
      url: `/api/trusts/${clientTrustOf(target).trustCode}/integration-clients`,
      body: {
        name: 'Matrix client',
        issuer: 'development',
        clientId: `matrix-${crypto.randomBytes(5).toString('hex')}`,
      },
    }),
  },
  {
    method: 'PUT',
    route: '/api/trusts/:trust/integration-clients/:id/status',
    allowed: ['sa', 'ta'],
    trustScoped: true,
    okStatus: 200,
    // Active again: the call is allowed or refused without changing the client.
    build: async (_ctx, target) => {
      const client = clientTrustOf(target);
      return {
        url: `/api/trusts/${client.trustCode}/integration-clients/${client.id}/status`,
        body: { status: 1 },
      };
    },
  },
  // Decision 0057: the oldest blood result the model may use, the trust admin's to read and set.
  {
    method: 'GET',
    route: '/api/trusts/:trust/scoring/settings',
    allowed: ['ta'],
    trustScoped: true,
    okStatus: 200,
    build: async (ctx, target) => ({ url: `/api/trusts/${trustOf(ctx, target)}/scoring/settings` }),
  },
  {
    method: 'PUT',
    route: '/api/trusts/:trust/scoring/settings',
    allowed: ['ta'],
    trustScoped: true,
    okStatus: 200,
    // The default limit: the call is allowed or refused without changing what scoring uses.
    build: async (ctx, target) => ({
      url: `/api/trusts/${trustOf(ctx, target)}/scoring/settings`,
      body: { bloodResultMaxAgeDays: 90 },
    }),
  },
];

/** /api routes outside the matrix, each with the reason. */
export const accessMatrixExemptions: Record<string, string> = {
  '/api/health': 'public: readiness-style check kept for compatibility',
  '/api/health/live': 'public: liveness probe, covered by health.api.test.ts',
  '/api/health/ready': 'public: readiness probe, covered by health.api.test.ts',
  '/api/client-config': 'public: what the web app needs before sign-in',
  '/api/me/': 'every signed-in role; covered by me.api.test.ts',
  '/api/procedures': 'every signed-in role (library:read); covered by library.api.test.ts',
  '/api/roles': 'every signed-in role (library:read); covered by library.api.test.ts',
  '/api/form-data/surgical-risk-factors':
    'every signed-in role (library:read); covered by library.api.test.ts',
  '/api/model-performance':
    'super admins only (model-performance:national); outcomes.api.test.ts tries a super admin and a technical admin',
  '/api/waiting-list/procedures/:type/manage/records/active/fields':
    'clerical users (waiting-list:read), no trust data; covered by open-pathways.api.test.ts',
  ...Object.fromEntries(
    [
      '/api/trusts/:trust/patients',
      ...[
        '',
        '/risk-summary',
        '/risk-summary/history',
        '/risk-summary/export',
        '/history/:historyId',
        '/history/:historyId/export',
        '/mark/anomaly',
        '/surgical-risk-factors',
      ].map((suffix) => `/api/trusts/:trust/procedures/:type/patients/:id${suffix}`),
    ].map((route) => [
      route,
      'clerical users and clinicians (patients:read, patients:write) of the trust; they need imported, scored pathways, so patients.api.test.ts tries every other role and another trust on each',
    ]),
  ),
  ...Object.fromEntries(
    ['', '/lift'].map((suffix) => [
      `/api/trusts/:trust/procedures/:type/prediction-suspension${suffix}`,
      'clinical safety officers (predictions:suspend) of the trust, reading by model-performance:read; a suspension holds for the rest of a run, so prediction-suspension.api.test.ts tries every other role, a safety officer of another trust and the bad requests on its own list',
    ]),
  ),
  '/api/trusts/:trust/procedures/:type/patients/:id/review-changes':
    'clinicians acting as Clinician (patients:review-changes) of the trust, decision 0056; it needs a remodel by a clerical user, so clerical-changes.api.test.ts tries every other role, a clinician acting as Clerical User and another trust',
};

/** Model routes belong to the model-upload capability and are covered by its own tests. */
export const exemptRoutePatterns: readonly RegExp[] = [/^\/api\/trusts\/:[^/]+\/machine-learning\//];
