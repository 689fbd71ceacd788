import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';

const app = useApp({ IDLE_TIMEOUT_MS: '5000' });

// The product's timeout is 15 minutes (docs/requirements.md §9); the setting is shortened here so the test is quick.

describe('idle logout', () => {
  it('logs out to the root after the timeout without activity, in every tab', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await signInAs(page, 'Claire Evans');
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect
      .poll(() => second.getByRole('button', { name: 'Log out' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const signIns: string[] = [];
    for (const tab of [page, second])
      tab.on('request', (request) => {
        if (/\/oidc\/(auth|token)\b/.test(request.url())) signIns.push(request.url());
      });
    // Each tab must end on the landing page, signed out; the poll reports where a tab stopped.
    const whereIs = async (tab: Page) =>
      `${new URL(tab.url()).pathname} ${
        (await tab.getByRole('link', { name: 'NHS Login' }).isVisible()) ? 'signed out' : 'not signed out'
      } ${
        (await tab
          .locator('h1')
          .first()
          .textContent({ timeout: 500 })
          .catch(() => null)) ?? ''
      }`.trim();
    await expect.poll(() => whereIs(page), { timeout: 25_000 }).toMatch(/^\/ signed out/);
    await expect.poll(() => whereIs(second), { timeout: 25_000 }).toMatch(/^\/ signed out/);
    // Neither tab signs in again behind the user's back.
    expect(signIns).toEqual([]);
    await context.close();
  });

  it('activity in one tab keeps the user signed in', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await signInAs(page, 'Claire Evans');
    for (let i = 0; i < 8; i += 1) {
      await page.mouse.move(100 + i * 10, 200);
      await page.waitForTimeout(1000);
    }
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await context.close();
  });
});
