import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs, visit } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';

const app = useApp({ DEV_ACCESS_TOKEN_TTL_SECONDS: '65' });

// Access tokens live 10 minutes in the product; here 65 s, so renewal (60 s before expiry) comes quickly.

const storedAccessToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });

describe('session renewal', () => {
  it('renews the access token silently in the background and the user stays signed in', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    let popups = 0;
    context.on('page', () => (popups += 1));
    await signInAs(page, 'Olu Adeyemi');
    const first = await storedAccessToken(page);
    expect(first).toBeTruthy();
    await expect.poll(() => storedAccessToken(page), { timeout: 30_000, interval: 1000 }).not.toBe(first);
    const renewed = await storedAccessToken(page);
    const status = await page.evaluate(
      async (token) => (await fetch('/api/me/', { headers: { authorization: `Bearer ${token}` } })).status,
      renewed,
    );
    expect(status).toBe(200);
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/patient-lookup');
    expect(popups).toBe(0);
    await context.close();
  });

  it('falls back to a popup when silent renewal fails', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await signInAs(page, 'Olu Adeyemi');
    const first = await storedAccessToken(page);
    // Break the hidden iframe's request only (prompt=none): the popup is another page.
    await page.route(/\/oidc\/auth\?.*prompt=none/, (route) => route.abort());
    const renew = page.getByRole('button', { name: 'Continue session' });
    await expect.poll(() => renew.isVisible(), { timeout: 40_000, interval: 1000 }).toBe(true);
    await visit(page, 'session-renewal-needed');
    const visited: string[] = [];
    context.on('page', (opened) => opened.on('framenavigated', (frame) => visited.push(frame.url())));
    const [popup] = await Promise.all([context.waitForEvent('page'), renew.click()]);
    await expect.poll(() => storedAccessToken(page), { timeout: 30_000, interval: 1000 }).not.toBe(first);
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
    expect(visited.some((url) => url.includes('/auth/silent-callback.html'))).toBe(true);
    expect(await renew.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await context.close();
  });
});
