import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Matrix, PathwayPrioritisation, Worklist } from '@esr/contracts/prioritisation';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  heading,
  pathname,
  serverWait,
  tabTo,
  typeInto,
  chooseRadio,
} from '../fixtures/keyboard.js';
import { pollWithin, readApiOk, useApp } from '../fixtures/app.js';

// The prioritisation worklist end to end (decision 0044), with the keyboard alone and axe on every
// screen, on the demonstration trust: a clinician goes from the risk × wait matrix to a patient,
// records a harm review that moves the priority up and a risk adjustment, and comes back to a
// worklist that shows both; a waiting list admin lands on the worklist and records a validation;
// the equity tables and the trust admin's thresholds.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let context: BrowserContext;
let page: Page;
let trustCode = '';

const poll = pollWithin({ timeout: 15_000 });
const button = (name: string) => page.getByRole('button', { name, exact: true });

/** Calls the API as the signed-in user, as the screens do. */
const api = <T>(route: string) => readApiOk<T>(page, route);

/** Ticks a checkbox reached with Tab. */
async function tick(box: Locator): Promise<void> {
  await tabTo(box);
  await page.keyboard.press('Space');
  await poll(() => box.isChecked()).toBe(true);
}

const summaryRows = (list: Locator) =>
  list
    .locator('.nhsuk-summary-list__row')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector('dt')?.textContent?.trim() ?? '',
          row.querySelector('dd')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        ]),
      ),
    );

beforeAll(async () => {
  context = await app.newContext();
  page = await context.newPage();
});

/** The pathway the clinician works on: a P4, high-risk long waiter, found from the matrix. */
let chosen: { id: string; name: string } = { id: '', name: '' };

describe('prioritisation', () => {
  it('waits for the demonstration lists and their history', { timeout: 240_000 }, async () => {
    await signInAs(page, 'Olu Adeyemi');
    await poll(() => pathname(page)).toBe('/patient-lookup');
    trustCode = (await api<{ trust: { code: string } }>('/api/me/')).trust.code;
    const history = async () => {
      const matrix = await api<Matrix>(
        `/api/trusts/${trustCode}/waiting-list/procedures/knee/prioritisation/matrix`,
      );
      const adjusted = await api<Worklist>(
        `/api/trusts/${trustCode}/waiting-list/procedures/knee/prioritisation/worklist?sort=highest_risk`,
      );
      return matrix.total > 0 &&
        matrix.cells.every((cell) => cell.risk !== 'not_processed' || cell.count === 0)
        ? adjusted.items.length
        : 0;
    };
    await poll(history, { timeout: 220_000, interval: 2_000 }).toBeGreaterThan(0);
  });

  it('goes from the lookup to the worklist of knee replacements, with the keyboard', async () => {
    await page.reload();
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup');
    await activate(page.getByRole('link', { name: 'Prioritise the waiting list' }));
    await poll(() => pathname(page)).toBe('/prioritisation');
    await visit(page, 'prioritisation-choose');
    await chooseRadio(page.getByRole('group'), 'Knee replacement');
    await activate(button('Continue'));
    await poll(() => pathname(page), serverWait).toBe('/prioritisation/knee');
    await poll(
      () => page.getByRole('table', { name: /Active pathways by risk and wait/ }).isVisible(),
      serverWait,
    ).toBe(true);
    // The list's date under the heading (decision 0068), and no warning: the demonstration lists are today's.
    expect(await page.locator('.app-data-as-at').textContent()).toMatch(
      /^Data as at \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} \(when the waiting list was uploaded\)/,
    );
    expect(await page.getByText('The data may be out of date').count()).toBe(0);
    await visit(page, 'prioritisation-worklist');
  });

  it('opens the high-risk patients from the matrix, the most urgent priority first, then sorts them by the longest wait', async () => {
    const matrix = page.getByRole('table', { name: /Active pathways by risk and wait/ });
    // Every high-risk patient, in NHS England's order: the most urgent priority first (decision 0056).
    const cell = matrix.getByRole('row', { name: /^High risk/ }).getByRole('link', { name: /: high risk$/ });
    await activate(cell);
    await poll(() => new URL(page.url()).searchParams.get('risk')).toBe('high');
    const worklist = page.getByRole('table', { name: /worklist/i });
    const count = () =>
      page.getByRole('status').filter({ hasText: 'pathways match the filters' }).textContent();
    await poll(count, serverWait).toMatch(/, most urgent priority first, then the longest wait$/);
    const priorities = async () =>
      (await worklist.locator('tbody tr').allTextContents()).map(
        (row) => /Priority (P1a|P1b|P[2-6])/.exec(row)?.[1] ?? 'None',
      );
    const shown = await priorities();
    const rank = (code: string) => ['P1a', 'P1b', 'P2', 'P3', 'P4', 'P5', 'P6', 'None'].indexOf(code);
    expect(shown.map(rank)).toEqual([...shown.map(rank)].sort((a, b) => a - b));
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('priority');
    await visit(page, 'prioritisation-worklist-filtered');
    // The longest wait stays a choice, made with the keyboard.
    await tabTo(page.getByRole('combobox', { name: 'Sort by' }));
    await page.keyboard.press('ArrowDown');
    await poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('longest_wait');
    await activate(button('Sort'));
    await poll(() => new URL(page.url()).searchParams.get('sort')).toBe('longest_wait');
    // The rows of the last order stay while the new ones load: the count says when they have come.
    await poll(count, serverWait).toMatch(/, longest wait first$/);
    // The first P4 in the list: its harm review will move it up one category.
    const rows = worklist.locator('tbody tr');
    const shownRows = await rows.count();
    for (let i = 0; i < shownRows; i += 1) {
      const text = (await rows.nth(i).textContent()) ?? '';
      if (/Priority P4(?!\d)/.test(text)) {
        const link = rows.nth(i).getByRole('link').first();
        chosen = { id: '', name: ((await link.textContent()) ?? '').trim() };
        await activate(link);
        break;
      }
    }
    expect(chosen.name, 'a P4 patient in the cell').not.toBe('');
    await poll(() => pathname(page), serverWait).toMatch(/^\/patient-lookup\/[0-9a-f-]{36}$/);
    chosen.id = pathname(page).split('/')[2]!;
    await poll(() => heading(page).textContent(), serverWait).toContain('Risk summary');
    const section = page.getByRole('region', { name: 'Waiting list priority' });
    await poll(() => section.isVisible(), serverWait).toBe(true);
    await visit(page, 'prioritisation-summary');
  });

  it('records a moderate harm review that moves the priority from P4 to P3', async () => {
    await activate(page.getByRole('link', { name: 'Record harm review' }));
    await poll(() => heading(page).textContent(), serverWait).toContain('Record harm review');
    await visit(page, 'prioritisation-harm-review');
    // Nothing chosen: the error summary says so and takes focus.
    await activate(button('Record harm review'));
    const errorSummary = page.locator('.nhsuk-error-summary');
    await poll(() => errorSummary.textContent()).toContain('Select the level of harm');
    await visit(page, 'prioritisation-harm-review-errors');
    await chooseRadio(page.getByRole('group', { name: 'Level of harm' }), 'Moderate harm');
    const actions = page.getByRole('group', { name: 'What was done' });
    await tick(actions.getByRole('checkbox', { name: /Moved up one priority category/ }));
    await tick(actions.getByRole('checkbox', { name: 'Patient told' }));
    await tick(actions.getByRole('checkbox', { name: 'GP told' }));
    await typeInto(
      page.getByRole('textbox', { name: /Note/ }),
      'Now walking with two sticks; sleep disturbed',
    );
    await activate(button('Record harm review'));
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${chosen.id}`);
    await poll(() => page.locator('.nhsuk-notification-banner--success').textContent(), serverWait).toMatch(
      /harm review/i,
    );
    const section = page.getByRole('region', { name: 'Waiting list priority' });
    await poll(async () => (await summaryRows(section))['Priority'] ?? '', serverWait).toMatch(/^P3/);
    await visit(page, 'prioritisation-summary-after-harm');
  });

  it('adjusts the risk, with the model’s band shown beside the choice', async () => {
    await activate(page.getByRole('link', { name: 'Adjust risk' }));
    await poll(() => heading(page).textContent(), serverWait).toContain('Adjust risk');
    expect(await page.locator('main').textContent()).toMatch(/The model’s prediction: High risk/);
    await chooseRadio(page.getByRole('group', { name: 'Your view of the risk' }), 'Moderate risk');
    await typeInto(
      page.getByRole('textbox', { name: /Reason/ }),
      'Anaemia corrected since the bloods were taken',
    );
    await visit(page, 'prioritisation-adjust-risk');
    await activate(button('Save adjustment'));
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${chosen.id}`);
    const section = page.getByRole('region', { name: 'Waiting list priority' });
    await poll(async () => JSON.stringify(await summaryRows(section)), serverWait).toMatch(
      /Clinician’s view: Moderate risk/,
    );
    const status = await api<PathwayPrioritisation>(
      `/api/trusts/${trustCode}/procedures/knee/patients/${chosen.id}/prioritisation`,
    );
    expect(status).toMatchObject({
      priority: 'P3',
      prediction: 'high',
      adjustment: { prediction: 'medium' },
    });
    expect(
      status.history
        .map((entry) => entry.kind)
        .slice(0, 3)
        .sort(),
    ).toEqual(['harm_review', 'priority', 'risk_adjustment']);
  });

  it('shows the history on the previous evaluations', async () => {
    await activate(page.getByRole('link', { name: /previous evaluations/i }));
    await poll(() => heading(page).textContent(), serverWait).toContain('Previous evaluations');
    const timeline = page.getByRole('region', { name: /Priority, validation and harm review history/ });
    await poll(() => timeline.textContent(), serverWait).toContain('Priority changed from P4 to P3');
    expect(await timeline.textContent()).toContain('Risk adjusted to Moderate risk (model: High risk)');
    await visit(page, 'prioritisation-history');
  });

  it('comes back to a worklist that shows the new priority and the clinician’s risk', async () => {
    await page.goto('/prioritisation/knee?priority=P3&sort=longest_wait');
    const worklist = page.getByRole('table', { name: /worklist/i });
    await poll(() => worklist.getByRole('row').count(), serverWait).toBeGreaterThan(1);
    // Filter to the patient by name's row: P3 and the clinician's band, labelled.
    await poll(async () => {
      const rows = await worklist.locator('tbody tr').allTextContents();
      return rows.find((row) => row.includes(chosen.name)) ?? '';
    }, serverWait).toMatch(/Clinician: Moderate risk[\s\S]*Priority P3/);
  });

  it('lets a waiting list admin land on the worklist and record a validation', async () => {
    const admin = await context
      .browser()!
      .newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    const previous = page;
    page = await admin.newPage();
    try {
      await signInAs(page, 'Wendy Clarke');
      await poll(() => pathname(page), serverWait).toBe('/prioritisation');
      await chooseRadio(page.getByRole('group'), 'Knee replacement');
      await activate(button('Continue'));
      await activate(page.getByRole('link', { name: 'Show these pathways (validation due)' }));
      await poll(() => new URL(page.url()).searchParams.get('flag'), serverWait).toBe('validation_due');
      // The count leads to the pathways it counted: their heading, which says what they are, holds
      // the focus and is in view, far below the matrix.
      await poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), serverWait).toBe(
        'Worklist: validation due',
      );
      const top = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(900);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      const worklist = page.getByRole('table', { name: /worklist/i });
      await poll(() => worklist.getByRole('row').count(), serverWait).toBeGreaterThan(1);
      await activate(worklist.locator('tbody tr').first().getByRole('link').first());
      await poll(() => heading(page).textContent(), serverWait).toContain('Record validation');
      // The lookup and the risk summary are not theirs to open: their crumbs are text, not links.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await poll(() => crumbs.getByRole('listitem').count()).toBe(4);
      expect(await crumbs.getByRole('link').allTextContents()).toEqual([expect.stringContaining('NHS')]);
      // So the page has its own way back: to the worklist as they left it, still filtered.
      const back = page.getByRole('link', { name: 'Back to the prioritisation worklist' });
      expect(await back.getAttribute('href')).toMatch(/^\/prioritisation\/knee\?.*flag=validation_due/);
      await visit(page, 'prioritisation-validation');
      await chooseRadio(page.getByRole('group', { name: /outcome/i }), 'Remain on the waiting list');
      await chooseRadio(page.getByRole('group', { name: /contacted/i }), 'Phone');
      await activate(button('Record validation'));
      await poll(() => pathname(page), serverWait).toBe('/prioritisation/knee');
      // Back to the worklist as it was: still filtered to the validations due.
      expect(new URL(page.url()).searchParams.get('flag')).toBe('validation_due');
      await poll(() => page.locator('.nhsuk-notification-banner--success').textContent(), serverWait).toMatch(
        /validation/i,
      );
      // What was recorded is said where the user is: the banner holds the focus, in view.
      await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Success/);
      const bannerTop = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
      expect(bannerTop).toBeGreaterThanOrEqual(0);
      expect(bannerTop).toBeLessThan(450);
      await visit(page, 'prioritisation-worklist-after-validation');
    } finally {
      await admin.close();
      page = previous;
    }
  });

  it('shows the equity tables with what each figure means', async () => {
    await page.goto('/prioritisation/knee');
    await activate(page.getByRole('link', { name: 'See waits by sex, ethnic group and age band' }));
    await poll(() => pathname(page), serverWait).toBe('/prioritisation/knee/equity');
    await poll(() => page.getByRole('table').count(), serverWait).toBeGreaterThan(0);
    await poll(() => page.locator('main').textContent(), serverWait).toMatch(/median/i);
    await visit(page, 'prioritisation-equity');
    await activate(page.getByRole('link', { name: 'Ethnic group' }));
    await poll(() => new URL(page.url()).searchParams.get('by'), serverWait).toBe('ethnicGroup');
    await poll(() => page.locator('main').textContent(), serverWait).toContain('White');
    await visit(page, 'prioritisation-equity-ethnic');
  });

  it('lets the trust admin set the harm-review thresholds, refusing a bad list', async () => {
    const admin = await context
      .browser()!
      .newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    const previous = page;
    page = await admin.newPage();
    try {
      await signInAs(page, 'Tom Hughes');
      await activate(page.locator('.nhsuk-card', { hasText: 'Prioritisation settings' }).getByRole('link'));
      await poll(() => pathname(page), serverWait).toBe('/prioritisation-settings');
      const field = page.getByRole('textbox', { name: /thresholds/i });
      await poll(() => field.inputValue(), serverWait).toBe('52, 78, 104');
      await visit(page, 'prioritisation-settings');
      await typeInto(field, '52, 52');
      await activate(button('Save thresholds'));
      await poll(() => page.locator('.nhsuk-error-summary').textContent(), serverWait).toContain(
        'Enter 1 to 5 whole numbers',
      );
      await visit(page, 'prioritisation-settings-error');
      await typeInto(field, '40, 52, 78, 104');
      await activate(button('Save thresholds'));
      await poll(
        () => page.locator('.nhsuk-notification-banner--success, .nhsuk-panel').count(),
        serverWait,
      ).toBeGreaterThan(0);
    } finally {
      await admin.close();
      page = previous;
    }
  });
});
