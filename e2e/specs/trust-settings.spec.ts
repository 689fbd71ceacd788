import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freshnessSettingsMessages } from '@esr/contracts/data-freshness';
import { scoringSettingsMessages } from '@esr/contracts/scoring-settings';
import { signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, isFocused, pathname, typeInto } from '../fixtures/keyboard.js';
import { poll, useApp } from '../fixtures/app.js';

// A trust's settings, set by a trust admin with the keyboard alone: from the dashboard, a refused
// value with its error summary, then a saved one that the page keeps through a reload. The oldest
// blood result the model may use (docs/decisions/0057-population-required-inputs-and-fresh-results.md);
// how often a waiting list is expected and how long the results feed may be silent, and the date
// of the list that the worklist and the lists show (docs/decisions/0068-data-freshness.md).
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

describe('data freshness, as a trust admin sets it', () => {
  const save = () => page.getByRole('button', { name: 'Save', exact: true });
  const openCard = async (title: string, path: string) => {
    await page.goto('/trust-admin-dashboard');
    await poll(() => heading(page).textContent()).toContain('Trust admin dashboard');
    await activate(page.locator('.nhsuk-card', { hasText: title }).getByRole('link'));
    await poll(() => pathname(page)).toBe(path);
    await poll(() => heading(page).textContent()).toContain(title);
  };

  it('refuses a list expected less than daily, then saves fortnightly and keeps it', async () => {
    const field = () => page.getByRole('textbox', { name: /how often a waiting list is expected/i });
    await openCard('Waiting list uploads', '/waiting-list-uploads');
    await poll(() => field().inputValue()).toBe('7');
    await visit(page, 'waiting-list-freshness');
    await typeInto(field(), '0');
    await activate(save());
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => isFocused(summary)).toBe(true);
    expect(await summary.textContent()).toContain(freshnessSettingsMessages.extractTooShort);
    await visit(page, 'waiting-list-freshness-error');
    await activate(summary.getByRole('link'));
    await poll(() => isFocused(field())).toBe(true);
    await typeInto(field(), '14');
    await activate(save());
    const banner = page.locator('.nhsuk-notification-banner--success');
    await poll(() => banner.textContent()).toContain('How often a waiting list is expected saved');
    expect(await banner.textContent()).toContain('once 14 days have passed');
    await page.reload();
    await poll(() => field().inputValue()).toBe('14');
  });

  it('saves how long the results feed may be silent', async () => {
    const field = () => page.getByRole('textbox', { name: /how long the results feed may be silent/i });
    await openCard('Results feed', '/results-feed');
    await poll(() => field().inputValue()).toBe('24');
    await typeInto(field(), 'a day');
    await activate(save());
    await poll(() => page.locator('.nhsuk-error-message').textContent()).toContain(
      freshnessSettingsMessages.feedNotNumber,
    );
    await typeInto(field(), '12');
    await activate(save());
    await poll(() => page.locator('.nhsuk-notification-banner--success').textContent()).toContain(
      'no blood results have come for 12 hours',
    );
    await visit(page, 'results-feed-freshness-saved');
  });
});
