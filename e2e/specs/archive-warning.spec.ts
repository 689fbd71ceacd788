import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { archiveCountMessages } from '@esr/contracts/archive-warning';
import { signInAs, visit } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';
import {
  activate,
  chooseFile,
  heading,
  isFocused,
  pathname,
  serverWait,
  tabTo,
  typeInto,
} from '../fixtures/keyboard.js';

// Nothing destructive on one click (docs/decisions/0053-archive-warning-on-confirm.md), with the
// keyboard alone: a clerk uploads a four-patient extract over the demonstration knee list of
// thousands; the summary warns that confirming takes nearly all of them off the list, and Confirm
// asks for that number, refusing none typed and a wrong one, before it confirms.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let page: Page;

// A PAS tracking list of four patients, none of them on the demonstration list.
const fourPatients = path.resolve('packages/import-files/test/files', 'pas-extract-cp1252.csv');
const bloodTests = path.resolve('e2e/files', 'knee-blood-tests.csv');
const button = (name: string) => page.getByRole('button', { name, exact: true });
const countField = () => page.getByLabel(archiveCountMessages.label, { exact: true });

beforeAll(async () => {
  page = await app.newPage();
});

describe('an upload that would archive most of the list', () => {
  let sentence = '';
  let archived = '';

  it('is warned of on the summary, with the number, of how many, and the share', async () => {
    await signInAs(page, 'Claire Evans');
    await page.goto('/upload-patient-list/knee');
    // The demonstration lists are imported and scored at first start: Continue waits for them.
    const next = button('Continue');
    await expect.poll(() => next.isEnabled(), { timeout: 240_000, interval: 2_000 }).toBe(true);
    await activate(next);
    await expect.poll(() => pathname(page)).toBe('/upload-patient-list/knee/upload');
    await chooseFile(page.getByLabel('Waiting list file', { exact: true }), fourPatients);
    await chooseFile(page.getByLabel('Blood test file', { exact: true }), bloodTests);
    await activate(button('Continue'));

    const changes = page.getByRole('region', { name: 'What confirming will do' });
    await expect.poll(() => changes.isVisible(), { timeout: 90_000 }).toBe(true);
    const callout = changes.locator('.nhsuk-warning-callout');
    expect(await callout.getByRole('heading').textContent()).toBe('Important: Check this is the whole list');
    sentence = (await callout.locator('p').first().textContent()) ?? '';
    const said =
      /^Confirming will take ([\d,]+) of ([\d,]+) patients \((\d+\.\d)%\) off the knee replacement waiting list\.$/.exec(
        sentence,
      );
    expect(said, sentence).not.toBeNull();
    archived = said![1]!;
    const [take, of] = [said![1]!, said![2]!].map((n) => Number(n.replaceAll(',', '')));
    // Four patients new to the list: every pathway of the demonstration list leaves it.
    expect(take).toBe(of);
    expect(take).toBeGreaterThan(1_000);
    expect(said![3]).toBe('100.0');
    // The counts' row says the same number.
    expect(
      await changes
        .locator('.nhsuk-summary-list__row', { hasText: 'Patients archived (not on the new list)' })
        .locator('dd')
        .textContent(),
    ).toBe(archived);
    expect(await countField().isVisible()).toBe(true);
    expect(await page.locator('#archive-count-hint').textContent()).toBe(archiveCountMessages.hint);
    // Confirm stays enabled, as a warning button.
    const confirm = button('Confirm');
    expect(await confirm.isEnabled()).toBe(true);
    expect(await confirm.getAttribute('class')).toContain('nhsuk-button--warning');
    await visit(page, 'archive-warning-summary');
  });

  it('refuses Confirm without the number, in the error summary and on the field', async () => {
    await activate(button('Confirm'));
    const summary = page.locator('.nhsuk-error-summary');
    await expect.poll(() => summary.textContent()).toContain(archiveCountMessages.missing);
    await expect.poll(() => isFocused(summary)).toBe(true);
    expect(await summary.getByRole('link', { name: archiveCountMessages.missing }).getAttribute('href')).toBe(
      '#archive-count',
    );
    expect(await page.locator('#archive-count-error').textContent()).toContain(archiveCountMessages.missing);
    expect(await countField().getAttribute('aria-invalid')).toBe('true');
    expect(pathname(page)).toBe('/upload-patient-list/knee/upload');
    await visit(page, 'archive-warning-number-missing');
  });

  it('refuses a wrong number, sent with Enter from the field', async () => {
    await typeInto(countField(), String(Number(archived.replaceAll(',', '')) - 1));
    await page.keyboard.press('Enter');
    const summary = page.locator('.nhsuk-error-summary');
    await expect.poll(() => summary.textContent()).toContain(archiveCountMessages.wrong);
    await expect.poll(() => isFocused(summary)).toBe(true);
    expect(await page.locator('#archive-count-error').textContent()).toContain(archiveCountMessages.wrong);
    expect(pathname(page)).toBe('/upload-patient-list/knee/upload');
    await visit(page, 'archive-warning-number-wrong');
  });

  it('confirms with the number typed as the warning shows it, and archives the list', async () => {
    await typeInto(countField(), archived);
    await tabTo(button('Confirm'));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathname(page), serverWait).toBe('/upload-patient-list/knee/upload/complete');
    await expect.poll(() => heading(page).textContent()).toBe('Upload complete');
    await expect
      .poll(() => page.getByRole('region', { name: 'What the upload changed' }).textContent(), {
        timeout: 90_000,
      })
      .toContain(`${archived} patients were archived: they were not on the new list.`);
    expect(sentence).toContain(archived);
    await visit(page, 'archive-warning-complete');
  });
});
