import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import { modelMessages } from '@esr/contracts/models';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  chooseFile,
  heading,
  isFocused,
  pathname,
  serverWait,
  typeInto,
} from '../fixtures/keyboard.js';
import { poll, readApi, useApp } from '../fixtures/app.js';

// Model governance end to end (decisions 0046 and 0060), with the keyboard alone and axe on every
// screen, on the demonstration trust: a technical admin uploads a knee model, which waits for
// approval while version 1 stays active; the clinical safety officer reviews it, is asked why when
// declining without a reason, and approves it, and the table shows it active. A user holding both
// roles proposes a rollback and cannot approve their own proposal; the safety officer declines it,
// saying why, and the table shows the reason.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let page: Page;

const button = (name: string) => page.getByRole('button', { name, exact: true });
const main = () => page.locator('main');
const successBanner = () => page.locator('.nhsuk-notification-banner--success');
const bothRoles = { email: 'jo.reid@nhs.net', name: 'Jo Reid' };
const kneeModel = path.resolve('models/default/knee/model.pkl');
const kneeWrapper = path.resolve('models/default/knee/wrapper.pkl');
const declineReason = 'The rollback loses the recalibration the outcomes asked for.';

const api = <T>(route: string, init: { method?: string; body?: object } = {}) =>
  readApi<T>(page, route, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function signInFresh(sign: (page: Page) => Promise<void>): Promise<void> {
  await page?.context().close();
  page = await app.newPage();
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

/**
 * The versions table fits the page's column on a laptop screen (1280 pixels wide): the page does
 * not scroll sideways, and every action link of the table is inside the column.
 */
async function expectFitsPage(table: Locator): Promise<void> {
  const layout = await table.evaluate((element) => {
    const column = element.closest('.nhsuk-width-container')!.getBoundingClientRect();
    const links = Array.from(element.querySelectorAll('a'), (link) => link.getBoundingClientRect().right);
    return {
      columnRight: column.right,
      tableWidth: element.getBoundingClientRect().width,
      linksRight: Math.max(...links),
      pageWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
    };
  });
  expect(layout.pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(layout.viewportWidth);
  // The design system draws the table 2 pixels beyond each side for its header's border.
  expect(layout.tableWidth).toBeLessThanOrEqual(964);
  expect(layout.linksRight, 'every action in the column').toBeLessThanOrEqual(layout.columnRight);
}

/** The success banner holds the focus, so that a screen reader says what was just done. */
const bannerHasFocus = () => isFocused(page.locator('.app-focus-target'));

beforeAll(async () => {
  page = await app.newPage();
});

describe('model governance', () => {
  it('adds a user holding both the technical admin and the safety officer roles (the trust admin)', async () => {
    await signInAs(page, 'Tom Hughes');
    const created = await api('/api/users/', {
      method: 'POST',
      body: {
        firstName: 'Jo',
        lastName: 'Reid',
        email: bothRoles.email,
        trustCode: 'RAN',
        roles: [{ code: 'tca' }, { code: 'cso' }],
      },
    });
    expect(created.status).toBe(201);
  });

  it(
    'shows the technical admin every knee version and the open CUSUM signals, in a table that fits the page',
    { timeout: 300_000 },
    async () => {
      await signInFresh((p) => signInAs(p, 'Ravi Patel'));
      const figures = (procedure: string) =>
        api<ModelPerformance>(`/api/trusts/RAN/procedures/${procedure}/model-performance`);
      await poll(async () => (await figures('knee')).body.n, {
        timeout: 280_000,
        interval: 3_000,
      }).toBeGreaterThan(0);
      // The demonstration hip history drifts: its CUSUM signals, and no one has acknowledged it.
      await poll(async () => (await figures('hip')).body.openSignals.length).toBeGreaterThan(0);
      await page.goto('/upload-model?procedure=knee');
      await poll(() => versionsTable().locator('tbody tr').count(), serverWait).toBe(1);
      await poll(() => versionRow(1).textContent()).toMatch(/Active.*O\/E [\d.]+, AUROC [\d.]+/);
      const signals = page.getByRole('region', { name: 'Important' });
      await poll(() => signals.textContent()).toMatch(
        /The CUSUM for hip replacement signalled on \d{2}-[A-Z][a-z]{2}-\d{4}(, \d{2}-[A-Z][a-z]{2}-\d{4})*( and \d{2}-[A-Z][a-z]{2}-\d{4})?: (more|fewer) complications than the model predicts\. A clinical safety officer must acknowledge (it|them) on Model performance for hip replacement\./,
      );
      const link = signals.getByRole('link', { name: 'Model performance for hip replacement' });
      expect(await link.getAttribute('href')).toBe('/model-performance?procedure=hip');
      await expectFitsPage(versionsTable());
      await visit(page, 'model-versions');
      // The hip model's card says the open signal too, first among what is known of the model here.
      await page.goto('/upload-model?procedure=hip');
      const card = page.getByRole('link', { name: 'View card (version 1)' });
      await poll(() => card.count(), serverWait).toBe(1);
      await activate(card);
      await poll(() => main().textContent(), serverWait).toMatch(
        /The CUSUM signalled on \d{2}-[A-Z][a-z]{2}-\d{4}: (more|fewer) complications than the model predicts on this trust’s outcomes; the clinical safety officer has not yet reviewed and acknowledged it\./,
      );
      await visit(page, 'model-card-hip-open-signal');
      // Back to the knee versions, where the next steps upload.
      await page.goto('/upload-model?procedure=knee');
      await poll(() => versionsTable().locator('tbody tr').count(), serverWait).toBe(1);
    },
  );

  it('uploads a knee model with the keyboard: it waits for approval while version 1 stays active', async () => {
    await chooseFile(page.getByLabel('Model file'), kneeModel);
    await chooseFile(page.getByLabel('Wrapper file'), kneeWrapper);
    await activate(button('Submit'));
    await poll(() => successBanner().textContent(), serverWait).toContain(
      'Version 2 uploaded. It is awaiting approval by a clinical safety officer; version 1 stays active until then.',
    );
    await poll(bannerHasFocus).toBe(true);
    await poll(() => versionRow(2).textContent(), serverWait).toMatch(
      /Awaiting approval.*Proposed by Ravi Patel/,
    );
    expect(await versionRow(1).textContent()).toMatch(/Active/);
    // Proposed already: only its card, and no approving for a technical admin.
    expect(await versionRow(2).getByRole('link').allTextContents()).toEqual(['View card (version 2)']);
    await expectFitsPage(versionsTable());
    await visit(page, 'model-uploaded-awaiting-approval');
  });

  it('lets the clinical safety officer review it, asks why when declining without a reason, and approve it', async () => {
    await signInFresh((p) => signInAs(p, 'Sam Okafor'));
    await poll(() => pathname(page)).toBe('/model-performance');
    await page.goto('/upload-model');
    await poll(() => heading(page).textContent(), serverWait).toBe('Model versions');
    expect(await page.getByLabel('Model file').count()).toBe(0);
    await poll(() => versionRow(2).textContent(), serverWait).toMatch(/Awaiting approval/);
    await expectFitsPage(versionsTable());
    await visit(page, 'model-versions-safety-officer');

    await activate(versionRow(2).getByRole('link', { name: /^Review and approve/ }));
    await poll(() => heading(page).textContent(), serverWait).toMatch(/Review version 2$/);
    expect(await main().textContent()).toContain('Proposed by');
    await visit(page, 'review-version');

    await activate(button('Decline version 2'));
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => summary.textContent()).toContain('Enter why you are not approving this version');
    expect(await page.locator('#decline-reason-error').textContent()).toContain(
      'Enter why you are not approving this version',
    );
    await visit(page, 'decline-errors');

    await activate(button('Approve version 2'));
    await poll(() => pathname(page), serverWait).toBe('/upload-model');
    await poll(() => successBanner().textContent(), serverWait).toContain(
      'Version 2 approved: it is now the active version. The list is being re-scored.',
    );
    await poll(bannerHasFocus).toBe(true);
    await poll(() => versionRow(2).textContent(), serverWait).toMatch(/Active.*Made active by Sam Okafor/);
    expect(await versionRow(1).textContent()).toMatch(/Superseded/);
    await visit(page, 'versions-after-approval');
  });

  it('tells a user holding both roles that they cannot approve the rollback they proposed', async () => {
    await signInFresh((p) => signInByEmail(p, bothRoles.email));
    await poll(() => pathname(page)).toBe('/upload-model');
    await page.goto('/upload-model?procedure=knee');
    await activate(versionRow(1).getByRole('link', { name: /^Propose making active/ }));
    await poll(() => heading(page).textContent(), serverWait).toMatch(/Propose making version 1 active\?$/);
    await visit(page, 'propose-rollback');
    await activate(button('Propose version 1'));
    await poll(() => successBanner().textContent(), serverWait).toContain(
      'Version 1 proposed. It is awaiting approval by a clinical safety officer; version 2 stays active until then.',
    );
    await poll(() => versionRow(1).textContent()).toMatch(/Awaiting approval.*Proposed by Jo Reid/);

    await activate(page.getByRole('button', { name: /change role/ }));
    await activate(button('Clinical Safety Officer'));
    await poll(() => pathname(page)).toBe('/model-performance');
    await page.goto('/upload-model');
    await activate(versionRow(1).getByRole('link', { name: /^Review and approve/ }));
    await poll(() => main().textContent(), serverWait).toContain(modelMessages.proposerCannotApprove);
    expect(await button('Approve version 1').count()).toBe(0);
    await visit(page, 'review-own-proposal');
  });

  it('lets the clinical safety officer decline the rollback, saying why: the table shows the reason', async () => {
    await signInFresh((p) => signInAs(p, 'Sam Okafor'));
    await page.goto('/upload-model');
    await activate(versionRow(1).getByRole('link', { name: /^Review and approve/ }));
    await poll(() => heading(page).textContent(), serverWait).toMatch(/Review version 1$/);
    await typeInto(page.getByLabel('Why are you not approving this version?'), declineReason);
    await activate(button('Decline version 1'));
    await poll(() => successBanner().textContent(), serverWait).toContain(
      'Version 1 declined. Version 2 stays active.',
    );
    await poll(bannerHasFocus).toBe(true);
    await poll(() => versionRow(1).textContent()).toMatch(/Declined.*Declined by Sam Okafor/);
    expect(await versionRow(1).textContent()).toContain(`Reason: ${declineReason}`);
    await visit(page, 'versions-after-decline');
  });
});
