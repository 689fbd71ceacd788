import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, signInAs } from '../fixtures/browser.js';
import { startServer, type RunningServer } from '../fixtures/server.js';

let server: RunningServer;
let browser: Browser;

// The product's timeout is 15 minutes (spec §9); the setting is shortened here so the test is quick.
beforeAll(async () => {
  server = await startServer({ IDLE_TIMEOUT_MS: '5000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('idle logout', () => {
  it('logs out to the root after the timeout without activity, in every tab', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signInAs(page, 'Claire Evans');
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect
      .poll(() => second.getByRole('button', { name: 'Log out' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    await expect
      .poll(() => page.getByRole('link', { name: 'NHS Login' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 20_000 }).toBe('/');
    await context.close();
  });

  it('activity in one tab keeps the user signed in', async () => {
    const context = await newContext(browser, server.baseUrl);
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
