import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readOnlyMessage } from '@esr/contracts/read-only';
import { signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, isFocused, pathname, tabTo } from '../fixtures/keyboard.js';
import { poll, readApi, useApp } from '../fixtures/app.js';

// Read-only mode for downtime (docs/decisions/0067-read-only-mode-for-downtime.md), end to end with
// the keyboard alone: the demonstration lists are imported and scored by a server as usual; it is
// restarted on the same data with READ_ONLY=true; a clinician signs in, meets the banner on every
// screen, opens the worklist and a patient's summary, and a flag as anomaly answers in the banner's words.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let context: BrowserContext;
let page: Page;

const until = '2026-12-07T18:00:00Z';
const message = readOnlyMessage(until);
/** From the demonstration knee list (apps/api/src/data/demo-lists/knee-waiting-list.csv). */
const carol = { nhsNumber: '9991693939', name: 'Carol BROWN', listName: 'BROWN, Carol' };
let carolId = '';

const banner = () => page.getByRole('region', { name: 'Important' }).filter({ hasText: message });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const errorSummary = () => page.locator('.nhsuk-error-summary');

const api = <T>(route: string) => readApi<T>(page, route);

/** Signs in from the landing page with the keyboard: its link, then the user on the provider's list. */
async function signInWithKeyboard(userName: string): Promise<void> {
  await page.goto('/');
  await activate(page.getByRole('link', { name: 'NHS Login' }));
  await page.waitForURL(/\/oidc\/interaction\//);
  await activate(page.getByRole('button', { name: new RegExp(`^${userName}`) }));
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/auth/callback');
  await poll(() => button('Log out').isVisible()).toBe(true);
}

beforeAll(async () => {
  context = await app.newContext();
  page = await context.newPage();
});

describe('read-only mode for downtime', () => {
  it('starts read-only on data a server wrote as usual', { timeout: 300_000 }, async () => {
    await signInAs(page, 'Claire Evans');
    const trustCode = (await api<{ trust: { code: string } }>('/api/me/')).body.trust.code;
    const status = async () => {
      const found = await api<{ patients: { id: string; operationType: string }[] }>(
        `/api/trusts/${trustCode}/patients/?nhsNumber=${carol.nhsNumber}`,
      );
      if (found.status !== 200) return `search ${found.status}`;
      carolId = found.body.patients.find((patient) => patient.operationType === 'knee')?.id ?? '';
      if (!carolId) return 'no knee pathway';
      const summary = await api<{ status: string }>(
        `/api/trusts/${trustCode}/procedures/knee/patients/${carolId}/risk-summary/`,
      );
      return summary.body.status;
    };
    await poll(status, { timeout: 240_000, interval: 2_000 }).toBe('processed');
    await context.close();
    await app.restart({ READ_ONLY: 'true', READ_ONLY_UNTIL: until });
    context = await app.newContext();
    page = await context.newPage();
  });

  it('shows the banner before sign-in and signs a clinician in', async () => {
    await page.goto('/');
    await poll(() => banner().isVisible()).toBe(true);
    await visit(page, 'read-only-landing');
    await signInWithKeyboard('Olu Adeyemi');
    await poll(() => banner().isVisible()).toBe(true);
  });

  it('lets the clinician open the worklist and the patient’s summary, with the banner on each', async () => {
    await page.goto('/prioritisation/knee');
    const worklist = page.getByRole('table', { name: /worklist/i });
    await poll(() => worklist.locator('tbody tr').count()).toBeGreaterThan(0);
    await poll(() => banner().isVisible()).toBe(true);
    await visit(page, 'read-only-worklist');
    await page.goto(`/patient-lookup/${carolId}?type=knee`);
    await poll(() => heading(page).textContent()).toBe(`${carol.name} - Risk summary`);
    await poll(() => banner().isVisible()).toBe(true);
    await visit(page, 'read-only-summary');
  });

  it('answers a flag as anomaly with the read-only message in the error summary', async () => {
    await poll(() => button('Flag as anomaly').isVisible()).toBe(true);
    // The button is not disabled (NHS.UK: do not disable buttons): it opens the reason's form as ever.
    expect(await button('Flag as anomaly').isDisabled()).toBe(false);
    await activate(button('Flag as anomaly'));
    const reasonField = page.getByRole('textbox', { name: 'Why is this result an anomaly? (optional)' });
    await poll(() => isFocused(reasonField)).toBe(true);
    await tabTo(button('Flag as anomaly'));
    await page.keyboard.press('Enter');
    await poll(() => errorSummary().textContent()).toContain(message);
    await poll(() => isFocused(errorSummary())).toBe(true);
    expect(pathname(page)).toBe(`/patient-lookup/${carolId}`);
    await visit(page, 'read-only-flag-refused');
  });
});
