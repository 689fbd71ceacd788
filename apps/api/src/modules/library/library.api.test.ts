import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../platform/db/seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(demoUsers[3].id);
});
afterAll(async () => t?.close());

const get = (url: string, auth = true) =>
  t.app.inject({ method: 'GET', url, headers: auth ? bearer(token) : {} });

describe('library endpoints', () => {
  it('GET /api/procedures lists knee, hip and knee-hip with names and categories', async () => {
    const response = await get('/api/procedures');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 'knee', name: 'Knee replacement', category: 'joint replacement' },
      { code: 'hip', name: 'Hip replacement', category: 'joint replacement' },
      { code: 'knee-hip', name: 'Knee and hip replacement', category: 'joint replacement' },
    ]);
  });

  it('GET /api/roles lists every role with its code', async () => {
    const response = await get('/api/roles');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((r: { code: string }) => r.code)).toEqual([
      'sa',
      'ta',
      'cu',
      'cl',
      'tca',
      'wa',
      'cso',
    ]);
    expect(response.json()[0]).toEqual({ code: 'sa', name: 'Super Admin' });
    expect(response.json().at(-1)).toEqual({ code: 'cso', name: 'Clinical Safety Officer' });
  });

  it('GET /api/roles?hideSuperAdminRole=1 leaves out Super Admin', async () => {
    const response = await get('/api/roles?hideSuperAdminRole=1');
    expect(response.json().map((r: { code: string }) => r.code)).toEqual([
      'ta',
      'cu',
      'cl',
      'tca',
      'wa',
      'cso',
    ]);
  });

  it('GET /api/roles refuses a malformed hideSuperAdminRole with field errors', async () => {
    const response = await get('/api/roles?hideSuperAdminRole=yes');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('hideSuperAdminRole');
  });

  it('GET /api/form-data/surgical-risk-factors gives the surgery and social lists of docs/requirements.md §3', async () => {
    const body = (await get('/api/form-data/surgical-risk-factors')).json();
    expect(body.surgery.map((o: { value: string }) => o.value)).toEqual([
      'not_ready',
      'requires_review',
      'ready',
    ]);
    expect(body.social.map((o: { value: string }) => o.value)).toEqual([
      'no_social_concerns',
      'social_review_required',
      'social_concerns',
    ]);
  });

  it.each(['/api/procedures', '/api/roles', '/api/form-data/surgical-risk-factors'])(
    '%s needs a token',
    async (url) => {
      expect((await get(url, false)).statusCode).toBe(401);
    },
  );
});

describe('operations endpoints', () => {
  it('GET /api/health answers ok without a token', async () => {
    const response = await get('/api/health', false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/client-config tells the web app how to sign in', async () => {
    const body = (await get('/api/client-config', false)).json();
    expect(body.authority).toBe('http://localhost:3000/oidc');
    expect(body.idleTimeoutMs).toBe(900_000);
    expect(body.developmentSignIn).toBe(true);
    expect(body.readOnly).toBeNull();
    // Unnamed, a server with the development sign-in is a demonstration, never "production".
    expect(body.environment).toBe('demonstration');
  });

  it('sends security headers', async () => {
    const response = await get('/api/health', false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown API routes with a JSON 404 and no stack', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toContain('No route');
  });

  it('refuses an oversized JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/procedures',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('OpenAPI', () => {
  it('lists every implemented API route', async () => {
    const response = await get('/api/docs/openapi.json', false);
    expect(response.statusCode).toBe(200);
    const documented = Object.keys(response.json().paths);
    const implemented = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /(\/api\/[^\s(]*)/.exec(line)?.[1])
      .filter((path): path is string => Boolean(path) && !path!.startsWith('/api/docs'));
    expect(implemented.length).toBeGreaterThan(4);
    for (const path of new Set(implemented)) {
      const openapiPath = path.replace(/:(\w+)/g, '{$1}');
      expect(
        documented.some((p) => p.replace(/\/$/, '') === openapiPath.replace(/\/$/, '')),
        path,
      ).toBe(true);
    }
  });
});
