import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, pathname, tabTo } from '../fixtures/keyboard.js';
import { callApi, poll, useApp } from '../fixtures/app.js';

// Inputs a clinician can trust (docs/decisions/0057-population-required-inputs-and-fresh-results.md),
// end to end with the keyboard alone: a clinician finds the incomplete pathways of the demonstration
// knee list from the worklist's matrix, opens one, and reads on its risk summary which required
// inputs are missing, with no band, and the probability labelled as made with default values.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let page: Page;

/** From the demonstration knee list: no blood results in the knee blood-test extract. */
const roger = { nhsNumber: '9994935526', name: 'Roger WATSON', listName: 'WATSON, Roger' };

/** The text as shown, one space between blocks (textContent runs a heading into its paragraph). */
const words = async (locator: ReturnType<Page['locator']>) =>
  (await locator.first().innerText()).replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  page = await app.newPage();
});

describe('an incomplete pathway, as a clinician meets it', () => {
  it('waits for the demonstration knee list to be scored', { timeout: 240_000 }, async () => {
    await signInAs(page, 'Olu Adeyemi');
    const busy = async () => {
      const me = (await (await callApi(page, '/api/me/')).json()) as { trust: { code: string } };
      const response = await callApi(
        page,
        `/api/trusts/${me.trust.code}/patients/?nhsNumber=${roger.nhsNumber}`,
      );
      return response.status === 200
        ? ((await response.json()) as { patients: unknown[] }).patients.length
        : 0;
    };
    await poll(busy, { timeout: 200_000, interval: 2_000 }).toBeGreaterThan(0);
  });

  it('finds the incomplete pathways from the matrix, each saying what is missing where the band would be', async () => {
    await page.goto('/prioritisation/knee');
    await poll(() => heading(page).textContent()).toContain('Prioritisation worklist');
    const matrix = page.getByRole('table', { name: /risk and wait/i });
    await poll(() => matrix.isVisible()).toBe(true);
    const incompleteTotal = matrix.getByRole('link', { name: /pathways: incomplete$/ });
    await poll(() => incompleteTotal.count(), { timeout: 120_000, interval: 2_000 }).toBe(1);
    await tabTo(incompleteTotal);
    await activate(incompleteTotal);
    await poll(() => new URL(page.url()).searchParams.get('risk')).toBe('incomplete');
    const worklist = page.getByRole('table', { name: /worklist/i });
    // The worklist shows the filtered rows once its new page has loaded.
    const rowTexts = () => worklist.locator('tbody tr').allTextContents();
    await poll(async () => {
      const texts = await rowTexts();
      return texts.length > 0 && texts.every((row) => row.includes('Incomplete'));
    }).toBe(true);
    const rows = await rowTexts();
    // Every row of the filtered worklist is incomplete: no band and no probability where the risk is.
    for (const row of rows) {
      expect(row).toContain('Incomplete');
      expect(row).toMatch(/not recorded/);
      expect(row).not.toMatch(/(High|Moderate|Low) risk/);
    }
    await visit(page, 'incomplete-worklist');
  });

  it('opens one, whose summary names the missing inputs beside the prediction, with no band', async () => {
    await page.goto(`/prioritisation/knee?risk=incomplete&nhsNumber=${roger.nhsNumber}`);
    const worklist = page.getByRole('table', { name: /worklist/i });
    await poll(() => worklist.locator('tbody tr').count()).toBe(1);
    const link = worklist.getByRole('link', { name: roger.listName });
    await tabTo(link);
    await activate(link);
    await poll(() => pathname(page)).toMatch(/^\/patient-lookup\/[0-9a-f-]+$/);
    await poll(() => heading(page).textContent()).toBe(`${roger.name} - Risk summary`);
    const card = page.locator('.app-risk-card');
    await poll(() => words(card)).toContain('Incomplete Haemoglobin and eGFR not recorded');
    expect(await words(card)).toContain('Probability made with default values');
    expect(await words(card)).not.toMatch(/(High|Moderate|Low) risk/);
    const note = page.locator('.nhsuk-warning-callout', { hasText: 'Some details are not recorded' });
    expect(await words(note)).toContain('Haemoglobin: 135 g/L (not recorded)');
    // The note sits beside the prediction, above the page's fold.
    const box = await note.boundingBox();
    expect(box!.y).toBeLessThan(900);
    await visit(page, 'incomplete-summary');
  });
});
