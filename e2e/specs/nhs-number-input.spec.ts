import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signInAs, visit } from '../fixtures/browser.js';
import { heading, isFocused, pathname, tabTo } from '../fixtures/keyboard.js';
import { useApp } from '../fixtures/app.js';

// The NHS number's three boxes on patient lookup (docs/requirements.md §2 patient lookup), with the
// keyboard alone: whatever is typed or pasted into any box keeps one number of at most 10 digits.
const app = useApp();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await app.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  page = await context.newPage();
});

const box = (name: 'First 3 digits' | 'Next 3 digits' | 'Last 4 digits') =>
  page.getByRole('textbox', { name, exact: true });
const boxes = () =>
  Promise.all([box('First 3 digits'), box('Next 3 digits'), box('Last 4 digits')].map((b) => b.inputValue()));

/** Moves focus to a box with Tab or Shift+Tab, from the box that has it. */
async function goToBox(index: 1 | 2 | 3): Promise<void> {
  for (let presses = 0; presses < 4; presses += 1) {
    const at = Number(
      (await page.evaluate(() => document.activeElement?.id ?? '')).replace('nhsNumber-', ''),
    );
    if (at === index) return;
    await page.keyboard.press(at > index ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`box ${index} never had the focus`);
}

/** Puts text on the clipboard and pastes it with the keyboard, into the box that has the focus. */
async function paste(text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

describe('the NHS number input', () => {
  it('opens patient lookup for a clinician, titled, with "an NHS number"', async () => {
    await signInAs(page, 'Olu Adeyemi');
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/patient-lookup');
    await expect.poll(() => heading(page).textContent()).toBe('Patient lookup');
    expect(await page.title()).toBe('Patient lookup – Elective Surgical Risk');
    expect(
      await page
        .getByRole('checkbox', { name: "My patient doesn't have an NHS number", exact: true })
        .count(),
    ).toBe(1);
  });

  it('flows typing on through the boxes and keeps 10 digits when the first box is typed over', async () => {
    await tabTo(box('First 3 digits'));
    await page.keyboard.type('9434765919');
    expect(await boxes()).toEqual(['943', '476', '5919']);
    expect(await isFocused(box('Last 4 digits'))).toBe(true);

    // Back to the first box, and a new number typed from its start.
    await goToBox(1);
    await page.keyboard.press('Home');
    await page.keyboard.type('9129345679');
    expect(await boxes()).toEqual(['912', '934', '5679']);

    // More digits at the end of the first box, then of the last: still 10 digits, 4 in the last box.
    await goToBox(1);
    await page.keyboard.press('End');
    await page.keyboard.type('4104748');
    expect((await boxes()).join('')).toHaveLength(10);
    await goToBox(3);
    await page.keyboard.press('End');
    await page.keyboard.type('12345');
    const [, , last] = await boxes();
    expect(last).toHaveLength(4);
    expect((await boxes()).join('')).toHaveLength(10);
  });

  it('fills all three boxes from a whole number pasted into any box', async () => {
    for (const [index, pasted] of [
      [1, '943 476 5919'],
      [2, '9434765919'],
      [3, '943-476-5919'],
    ] as const) {
      await goToBox(1);
      await page.keyboard.press('Home');
      await page.keyboard.type('9129345679');
      expect(await boxes()).toEqual(['912', '934', '5679']);
      await goToBox(index);
      await paste(pasted);
      expect(await boxes(), `${pasted} into box ${index}`).toEqual(['943', '476', '5919']);
      expect(await isFocused(box('Last 4 digits'))).toBe(true);
    }
    await visit(page, 'nhs-number-input');
  });
});
