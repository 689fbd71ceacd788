import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeaders from './security-headers.js';

async function appWith(https: boolean) {
  const app = Fastify();
  await app.register(securityHeaders, { https });
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/auth/silent-callback', async (_request, reply) => reply.type('text/html').send('<html></html>'));
  app.get('/', async (_request, reply) => reply.type('text/html').send('<html></html>'));
  return app;
}

describe('security headers', () => {
  it('sends the same headers on every response, and no-store on API answers', async () => {
    const app = await appWith(false);
    for (let call = 0; call < 2; call += 1) {
      const api = await app.inject({ method: 'GET', url: '/api/thing' });
      expect(api.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self' data:;" +
          "connect-src 'self';frame-src 'self';frame-ancestors 'none';form-action 'self';base-uri 'self';object-src 'none'",
      );
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(api.headers['referrer-policy']).toBe('no-referrer');
      expect(api.headers['cache-control']).toBe('no-store');
      expect(api.headers['strict-transport-security']).toBeUndefined();
      expect(api.json()).toEqual({ ok: true });
    }
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBeUndefined();
    await app.close();
  });

  it('sends HSTS when served over HTTPS', async () => {
    const app = await appWith(true);
    const response = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('lets only the app itself frame the silent sign-in page', async () => {
    const app = await appWith(false);
    const response = await app.inject({ method: 'GET', url: '/auth/silent-callback' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
