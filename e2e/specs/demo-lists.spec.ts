import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, signInAs } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';

// `npm start` shows a populated product: at first start the demo trust's three lists are imported
// and scored through the import pipeline, from the example extracts, on the built server.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let page: Page;

beforeAll(async () => {
  page = await app.newPage();
});

const counter = (title: string) =>
  page
    .locator('.app-counter-card', { has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('.app-counter-card__value');

describe('the demonstration waiting lists', () => {
  it('are imported and scored at first start, and listed in the upload history', async () => {
    await signInAs(page, 'Claire Evans');
    await page.waitForURL(/\/dashboard$/);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator('.app-counter-card__value').first().textContent({ timeout: 10_000 });
        },
        { timeout: 180_000, interval: 2_000 },
      )
      .toBe('4,900');
    // Every pathway is scored: with a band (processed), or without one because a required input is
    // missing (Incomplete) or the operation is outside the model's population (Not scored, decision 0057).
    const count = async (title: string) =>
      Number(((await counter(title).textContent({ timeout: 10_000 })) ?? '').replace(/,/g, ''));
    const scored = async () => {
      await page.reload();
      return (await count('Processed records')) + (await count('Incomplete')) + (await count('Not scored'));
    };
    await expect.poll(scored, { timeout: 180_000, interval: 2_000 }).toBe(4900);
    const risk = await Promise.all(['High risk', 'Moderate risk', 'Low risk'].map(count));
    expect(risk.reduce((sum, n) => sum + n, 0)).toBe(await count('Processed records'));
    // Real extracts lack some inputs: the demonstration lists hold incomplete pathways, not a majority.
    const incomplete = await count('Incomplete');
    expect(incomplete).toBeGreaterThan(0);
    expect(incomplete).toBeLessThan(4900 / 2);
    expect(Math.min(...risk)).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.goto('/data-upload-history');
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(7);
    for (const name of ['knee-waiting-list.csv', 'hip-waiting-list.xlsx', 'knee-hip-blood-tests.csv']) {
      await expect
        .poll(() => page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }).textContent())
        .toMatch(/Imported.*Claire Evans/);
    }
  });
});
