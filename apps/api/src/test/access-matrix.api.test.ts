import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@esr/contracts/roles';
import { demoUsers } from '../platform/db/seed.js';
import { bearer, createTestApp, type TestApp } from './helper.js';
import { createTrust } from './factories/users.js';
import { removeTrusts } from './factories/trusts.js';
import {
  accessMatrix,
  accessMatrixExemptions,
  exemptRoutePatterns,
  type MatrixContext,
  type Target,
} from './access-matrix.js';

let t: TestApp;
let ctx: MatrixContext;
const tokens = new Map<RoleCode, string>();

// One demo user per role, all in RAN (db/seed.ts).
const callerFor: Record<RoleCode, string> = {
  sa: demoUsers[0].id,
  ta: demoUsers[1].id,
  cu: demoUsers[2].id,
  cl: demoUsers[3].id,
  tca: demoUsers[4].id,
  wa: demoUsers[5].id,
  cso: demoUsers[8].id,
};

beforeAll(async () => {
  t = await createTestApp();
  const other = await createTrust(t.app.db);
  ctx = { db: t.app.db, ownTrust: 'RAN', otherTrust: other.trustCode, madeTrusts: [other.trustCode] };
  for (const [role, id] of Object.entries(callerFor)) tokens.set(role as RoleCode, await t.tokenFor(id));
});
afterAll(async () => {
  if (ctx) await removeTrusts(t.app.db, ctx.madeTrusts);
  await t?.close();
});

const roles = Object.keys(callerFor) as RoleCode[];
const cases = accessMatrix.flatMap((entry) =>
  (entry.trustScoped ? (['own', 'other'] as Target[]) : (['own'] as Target[])).flatMap((target) =>
    roles.map((role) => {
      // docs/requirements.md §6: allowed roles reach their own trust; only Super Admin reaches any trust.
      const allowed = entry.allowed.includes(role) && (target === 'own' || role === 'sa');
      return { entry, target, role, allowed };
    }),
  ),
);

describe('access matrix (docs/requirements.md §6): every admin endpoint × every role × own and other trust', () => {
  it.each(
    cases.map(
      (c) =>
        [
          `${c.entry.method} ${c.entry.route}`,
          c.target,
          c.role,
          c.allowed ? 'allowed' : 'refused',
          c,
        ] as const,
    ),
  )('%s for %s trust as %s: %s', async (_name, _target, _role, _verdict, c) => {
    const request = await c.entry.build(ctx, c.target);
    const response = await t.app.inject({
      method: c.entry.method,
      url: request.url,
      headers: bearer(tokens.get(c.role)!),
      ...(request.body !== undefined ? { payload: request.body as object } : {}),
    });
    expect(response.statusCode, response.body).toBe(c.allowed ? c.entry.okStatus : 403);
  });

  it('without a token every admin endpoint answers 401', async () => {
    for (const entry of accessMatrix) {
      const request = await entry.build(ctx, 'own');
      const response = await t.app.inject({
        method: entry.method,
        url: request.url,
        ...(request.body !== undefined ? { payload: request.body as object } : {}),
      });
      expect(response.statusCode, `${entry.method} ${entry.route}`).toBe(401);
    }
  });

  it('covers every /api route (a new route joins the matrix or names its exemption)', () => {
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /(\/api\/[^\s(]*)\s*\(([^)]*)\)/.exec(line))
      .filter((match): match is RegExpExecArray => Boolean(match))
      .flatMap((match) =>
        match[2]!
          .split(',')
          .map((method) => method.trim())
          .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
          .map((method) => ({ method, path: match[1]! })),
      )
      .filter(({ path }) => !path.startsWith('/api/docs'));
    const covered = new Set(accessMatrix.map((entry) => `${entry.method} ${entry.route.replace(/\/$/, '')}`));
    const missing = registered.filter(
      ({ method, path }) =>
        !covered.has(`${method} ${path.replace(/\/$/, '')}`) &&
        !Object.keys(accessMatrixExemptions).some((p) => p.replace(/\/$/, '') === path.replace(/\/$/, '')) &&
        !exemptRoutePatterns.some((pattern) => pattern.test(path)),
    );
    expect(registered.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
