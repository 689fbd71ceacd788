import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('development sign-in provider: signing out', () => {
  it('sends a sign-out confirmation whose session another tab already ended to the home page', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      // A browser's form post, which asks for a page.
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'xsrf=from-a-session-that-has-ended&logout=yes',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('http://localhost:3000/');
  });

  it('still shows other sign-in errors as an error page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=unknown-client',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('There is a problem signing in');
  });
});
