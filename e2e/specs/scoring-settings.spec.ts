import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scoringSettingsMessages } from '@esr/contracts/scoring-settings';
import { signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, isFocused, pathname, typeInto } from '../fixtures/keyboard.js';
import { poll, useApp } from '../fixtures/app.js';

// The oldest blood result the model may use (docs/decisions/0057-population-required-inputs-and-fresh-results.md),
// set by a trust admin with the keyboard alone: from the dashboard, a refused value with its error
// summary, then a saved one that the page keeps through a reload.
const app = useApp();
let page: Page;

beforeAll(async () => {
  page = await app.newPage();
});

describe('scoring settings, as a trust admin changes them', () => {
  const field = () => page.getByRole('textbox', { name: /oldest blood result/i });
  const save = () => page.getByRole('button', { name: 'Save', exact: true });

  it('opens from the trust admin dashboard, showing the 90-day default', async () => {
    await signInAs(page, 'Tom Hughes');
    await poll(() => pathname(page)).toBe('/trust-admin-dashboard');
    await activate(page.locator('.nhsuk-card', { hasText: 'Scoring settings' }).getByRole('link'));
    await poll(() => pathname(page)).toBe('/scoring-settings');
    await poll(() => heading(page).textContent()).toContain('Scoring settings');
    await poll(() => field().inputValue()).toBe('90');
    await visit(page, 'scoring-settings');
  });

  it('refuses a limit under a week with an error summary that links to the field', async () => {
    await typeInto(field(), '3');
    await activate(save());
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => summary.isVisible()).toBe(true);
    await poll(() => isFocused(summary)).toBe(true);
    expect(await summary.textContent()).toContain(scoringSettingsMessages.tooShort);
    expect(await page.locator('.nhsuk-error-message').textContent()).toContain(
      scoringSettingsMessages.tooShort,
    );
    await visit(page, 'scoring-settings-error');
    // The summary's link takes the keyboard user to the field.
    await activate(summary.getByRole('link'));
    await poll(() => isFocused(field())).toBe(true);
  });

  it('saves 60 days, says from when it applies, and keeps it through a reload', async () => {
    await typeInto(field(), '60');
    await activate(save());
    const banner = page.locator('.nhsuk-notification-banner--success');
    await poll(() => banner.textContent()).toContain('Oldest blood result saved');
    expect(await banner.textContent()).toContain('taken up to 60 days before it');
    expect(await page.locator('.nhsuk-error-summary').count()).toBe(0);
    await visit(page, 'scoring-settings-saved');
    await page.reload();
    await poll(() => field().inputValue()).toBe('60');
  });
});
