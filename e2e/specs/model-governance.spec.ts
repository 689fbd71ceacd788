import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import { modelMessages } from '@esr/contracts/models';
import { launchBrowser, newContext, signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, pathname, serverWait, chooseRadio } from '../fixtures/keyboard.js';
import { startServer, type RunningServer } from '../fixtures/server.js';

// Model governance end to end (decision 0046), with the keyboard alone and axe on every screen, on
// the demonstration trust: a technical admin recalibrates the knee model on the trust's outcomes,
// cannot activate the version they made, a second technical admin reads its card and activates it,
// then rolls back to the uploaded version.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number; interval?: number } = serverWait) =>
  expect.poll(read, options);
const button = (name: string) => page.getByRole('button', { name, exact: true });
const main = () => page.locator('main');
const secondAdmin = { email: 'sam.reid@nhs.net', name: 'Sam Reid' };

async function token(): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
    return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
  });
}

async function api<T>(
  route: string,
  init: { method?: string; body?: object } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.baseUrl}${route}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function signInFresh(sign: (page: Page) => Promise<void>): Promise<void> {
  await context?.close();
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  await sign(page);
}

/** The development provider's sign-in by e-mail address, for a user who is not a demo user. */
async function signInByEmail(p: Page, email: string): Promise<void> {
  await p.goto('/');
  await p.getByRole('link', { name: 'NHS Login' }).click();
  await p.waitForURL(/\/oidc\/interaction\//);
  await p.getByLabel(/sign in as another registered user/).fill(email);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(() => p.getByRole('button', { name: 'Log out' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

const versionsTable = () => page.getByRole('table', { name: /Every version of the knee replacement model/ });
/** A version's row: its first cell reads "Version N" (with the heading narrow screens show). */
const versionRow = (version: number) =>
  versionsTable()
    .locator('tbody tr')
    .filter({
      has: page.locator('td:first-child', { hasText: new RegExp(`^\\s*(Version\\s*)?${version}(?!\\d)`) }),
    });

beforeAll(async () => {
  server = await startServer({ SEED_DEMO_WAITING_LISTS: 'true' });
  browser = await launchBrowser();
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('model governance', () => {
  it('adds a second technical admin to the trust (the trust admin)', { timeout: 300_000 }, async () => {
    await signInAs(page, 'Tom Hughes');
    const created = await api('/api/users/', {
      method: 'POST',
      body: {
        firstName: 'Sam',
        lastName: 'Reid',
        email: secondAdmin.email,
        trustCode: 'RAN',
        roles: [{ code: 'tca' }],
      },
    });
    expect(created.status).toBe(201);
  });

  it(
    'shows the technical admin every knee version with its local performance',
    { timeout: 300_000 },
    async () => {
      await signInFresh((p) => signInAs(p, 'Ravi Patel'));
      await poll(
        async () => (await api<ModelPerformance>('/api/trusts/RAN/procedures/knee/model-performance')).body.n,
        { timeout: 280_000, interval: 3_000 },
      ).toBeGreaterThan(0);
      await page.goto('/upload-model?procedure=knee');
      await poll(() => versionsTable().locator('tbody tr').count(), serverWait).toBe(1);
      await poll(() => versionRow(1).textContent()).toMatch(/O\/E [\d.]+, AUROC [\d.]+/);
      await visit(page, 'model-versions');
    },
  );

  it('recalibrates the knee model on the trust’s outcomes, as an inactive version the same admin cannot activate', async () => {
    await activate(versionRow(1).getByRole('link', { name: /^Recalibrate/ }));
    await poll(() => heading(page).textContent(), serverWait).toMatch(/Recalibrate/);
    await activate(button('Fit recalibrated version'));
    await poll(() => page.locator('.nhsuk-error-summary').textContent()).toMatch(/Select how to recalibrate/);
    await visit(page, 'recalibrate-errors');
    await chooseRadio(
      page.getByRole('group', { name: /How should the model be recalibrated/ }),
      'Adjust the overall level',
    );
    await activate(button('Fit recalibrated version'));
    await poll(() => pathname(page), serverWait).toMatch(
      /\/upload-model\/knee\/versions\/[0-9a-f-]{36}\/card$/,
    );
    await poll(() => page.locator('.nhsuk-notification-banner--success').textContent()).toMatch(
      /Recalibrated version 2 created/,
    );
    await poll(() => main().textContent()).toMatch(/logit\(p′\) = a \+ b·logit\(p\)/);
    await visit(page, 'model-card-recalibrated');
    await page.goto('/upload-model?procedure=knee');
    await activate(versionRow(2).getByRole('link', { name: /^Activate recalibrated version/ }));
    await poll(() => heading(page).textContent(), serverWait).toMatch(/Make version 2 active\?/);
    await activate(button('Make version 2 active'));
    await poll(() => page.locator('.nhsuk-error-summary').textContent()).toContain(
      modelMessages.secondAdminNeeded,
    );
    await visit(page, 'activate-refused');
  });

  it('lets a second technical admin read the card and activate the recalibrated version', async () => {
    await signInFresh((p) => signInByEmail(p, secondAdmin.email));
    await page.goto('/upload-model?procedure=knee');
    await activate(versionRow(2).getByRole('link', { name: /^View card/ }));
    await poll(() => main().textContent(), serverWait).toMatch(/Intended use/);
    await page.goto('/upload-model?procedure=knee');
    await activate(versionRow(2).getByRole('link', { name: /^Activate recalibrated version/ }));
    await activate(button('Make version 2 active'));
    await poll(() => pathname(page), serverWait).toBe('/upload-model');
    await poll(() => page.locator('.nhsuk-notification-banner--success').textContent()).toContain(
      'Version 2 is now active',
    );
    await poll(() => versionRow(2).textContent()).toMatch(/Active/);
    await visit(page, 'versions-after-activation');
  });

  it('rolls back to the uploaded version', async () => {
    await activate(versionRow(1).getByRole('link', { name: /^Make active/ }));
    await poll(() => heading(page).textContent(), serverWait).toMatch(/Make version 1 active\?/);
    await visit(page, 'rollback-confirm');
    await activate(button('Make version 1 active'));
    await poll(() => page.locator('.nhsuk-notification-banner--success').textContent(), serverWait).toContain(
      'Version 1 is now active',
    );
    await poll(() => versionRow(1).textContent()).toMatch(/Active/);
  });
});
