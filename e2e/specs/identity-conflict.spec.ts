import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { identityCorrectionMessages } from '@esr/contracts/patient-identity';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  chooseFile,
  chooseRadio,
  heading,
  isFocused,
  pathname,
  typeInto,
} from '../fixtures/keyboard.js';
import { poll, useApp } from '../fixtures/app.js';

// The right patient (docs/decisions/0055-identity-by-nhs-number-and-date-of-birth.md), with the
// keyboard alone: the trust's PAS corrected Carol Brown's date of birth, so this week's knee list
// gives her NHS number with another date of birth. The clerk meets it as a row with an error on the
// validation summary, with the way to her record; a clinician confirms the corrected date of birth
// from her risk summary; the clerk uploads the same files again and they validate.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let clerkContext: BrowserContext;
let clinicianContext: BrowserContext;
let clerk: Page;
let clinician: Page;

const demoLists = path.resolve('apps/api/src/data/demo-lists');
const carol = { line: '999 169 3939,RAN784617,Carol,BROWN,11/05/1958,', name: 'Carol BROWN' };
const work = mkdtempSync(path.join(os.tmpdir(), 'esr-identity-'));
// The demonstration knee list as the PAS exports it after the correction: 12 May, not 11 May.
const correctedList = path.join(work, 'knee-ptl-week-49.csv');
const bloodTests = path.join(demoLists, 'knee-blood-tests.csv');
let carolRow = 0;
let carolId = '';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

beforeAll(async () => {
  const lines = readFileSync(path.join(demoLists, 'knee-waiting-list.csv'), 'utf8').split('\n');
  const at = lines.findIndex((line) => line.startsWith(carol.line));
  expect(at).toBeGreaterThan(0);
  lines[at] = lines[at]!.replace('11/05/1958', '12/05/1958');
  carolRow = at + 1;
  writeFileSync(correctedList, lines.join('\n'));
  clerkContext = await app.newContext();
  clerk = await clerkContext.newPage();
});

async function uploadCorrectedList() {
  await clerk.goto('/upload-patient-list/knee');
  const next = button(clerk, 'Continue');
  // The demonstration lists are imported and scored at first start: Continue waits for them.
  await poll(() => next.isEnabled(), { timeout: 240_000, interval: 2_000 }).toBe(true);
  await activate(next);
  await poll(() => pathname(clerk)).toBe('/upload-patient-list/knee/upload');
  await chooseFile(clerk.getByLabel('Waiting list file', { exact: true }), correctedList);
  await chooseFile(clerk.getByLabel('Blood test file', { exact: true }), bloodTests);
  await activate(button(clerk, 'Continue'));
  await poll(() => clerk.getByRole('heading', { name: 'Confirm Upload Summary' }).isVisible(), {
    timeout: 120_000,
  }).toBe(true);
}

describe('an upload that gives a patient on the list another date of birth', () => {
  it('shows the clerk a row with an error naming both dates, and the way to the patient on the list', async () => {
    await signInAs(clerk, 'Claire Evans');
    await uploadCorrectedList();
    const rows = clerk.getByRole('table', { name: /^Rows with errors in the waiting list file/ });
    await poll(() => rows.isVisible()).toBe(true);
    const row = rows.locator('tbody tr').first();
    const said = ((await row.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(said).toContain(String(carolRow));
    expect(said).toContain(
      'NHS number 999 169 3939 is on the list for a patient born 11-May-1958 (RAN784617); this row says 12-May-1958 (RAN784617).',
    );
    expect(said).toContain(
      "ask a clinician to confirm the corrected date of birth from the patient's risk summary",
    );
    expect(await button(clerk, 'Confirm').isEnabled()).toBe(false);
    const link = clerk.getByRole('link', { name: `The patient on the list for row ${carolRow}` });
    carolId = new URL((await link.getAttribute('href'))!, app.baseUrl).pathname.split('/')[2]!;
    expect(carolId).toMatch(/^[0-9a-f-]{36}$/);
    await visit(clerk, 'identity-conflict-summary');
    // The clerk can open the patient's record, and is told a clinician confirms a correction.
    await activate(link);
    await poll(() => heading(clerk).textContent()).toBe(`${carol.name} - Risk summary`);
    const callout = clerk.locator('.nhsuk-warning-callout', { hasText: 'another date of birth' });
    await poll(() => callout.textContent()).toContain('A clinician can confirm a corrected date of birth');
    expect(await clerk.getByRole('link', { name: 'Confirm a corrected date of birth' }).count()).toBe(0);
    await visit(clerk, 'identity-conflict-clerk-record');
  });

  it('lets a clinician confirm the corrected date of birth from the risk summary, with a reason', async () => {
    clinicianContext = await app.newContext();
    clinician = await clinicianContext.newPage();
    await signInAs(clinician, 'Olu Adeyemi');
    await clinician.goto(`/patient-lookup/${carolId}?type=knee`);
    await poll(() => heading(clinician).textContent()).toBe(`${carol.name} - Risk summary`);
    const callout = clinician.locator('.nhsuk-warning-callout', { hasText: 'another date of birth' });
    await poll(() => callout.textContent()).toContain('born 12-May-1958, hospital number RAN784617');
    await visit(clinician, 'identity-conflict-clinician-summary');
    await activate(clinician.getByRole('link', { name: 'Confirm a corrected date of birth' }));
    await poll(() => pathname(clinician)).toBe(`/patient-lookup/${carolId}/confirm-corrected-date-of-birth`);
    await poll(() => heading(clinician).textContent()).toBe(
      `${carol.name} - Confirm a corrected date of birth`,
    );
    await visit(clinician, 'identity-conflict-form');

    // Sent empty: the error summary takes the focus and names both questions.
    const submit = button(clinician, 'Confirm corrected date of birth');
    await activate(submit);
    const summary = clinician.locator('.nhsuk-error-summary');
    await poll(() => summary.textContent()).toContain(identityCorrectionMessages.dateRequired);
    expect(await summary.textContent()).toContain(identityCorrectionMessages.reasonRequired);
    await poll(() => isFocused(summary)).toBe(true);
    await visit(clinician, 'identity-conflict-form-errors');

    // The date the pathway already has is not a correction.
    await typeInto(clinician.getByLabel('Day', { exact: true }), '11');
    await typeInto(clinician.getByLabel('Month', { exact: true }), '5');
    await typeInto(clinician.getByLabel('Year', { exact: true }), '1958');
    await typeInto(
      clinician.getByLabel('How do you know it is the same patient?'),
      'PAS record checked with the patient at pre-op clinic: date of birth was mistyped at registration',
    );
    await activate(submit);
    await poll(() => summary.textContent()).toContain(identityCorrectionMessages.dateSame);

    await typeInto(clinician.getByLabel('Day', { exact: true }), '12');
    await activate(submit);
    await poll(() => pathname(clinician)).toBe(`/patient-lookup/${carolId}`);
    const banner = clinician.locator('.nhsuk-notification-banner--success');
    await poll(() => banner.textContent()).toContain(identityCorrectionMessages.confirmed);
    await poll(() => callout.count()).toBe(0);
    expect(await clinician.locator('main').textContent()).toContain(
      'A clinician confirmed a corrected date of birth for this patient, 12-May-1958.',
    );
    await visit(clinician, 'identity-conflict-confirmed');
  });

  it('lets the clerk upload the same files again, which then validate', async () => {
    await uploadCorrectedList();
    const rows = clerk.getByRole('table', { name: /^Rows with errors in the waiting list file/ });
    expect(await rows.count()).toBe(0);
    const changes = clerk.getByRole('region', { name: 'What confirming will do' });
    await poll(() => changes.isVisible(), { timeout: 60_000 }).toBe(true);
    await poll(() => button(clerk, 'Confirm').isEnabled()).toBe(true);
    await visit(clerk, 'identity-conflict-validates');
  });

  it('lets a trust admin say, on the integration clients screen, that the laboratory never sends a date of birth', async () => {
    const adminContext = await app.newContext();
    try {
      const admin = await adminContext.newPage();
      await signInAs(admin, 'Tom Hughes');
      await admin.goto('/integration-clients');
      const section = admin.getByRole('region', { name: 'Dates of birth in results' });
      await poll(() => section.isVisible()).toBe(true);
      const always = section.getByRole('radio', { name: 'Yes, they always send one' });
      // Off unless an admin says otherwise: results without a date of birth are refused.
      await poll(() => always.isChecked()).toBe(true);
      await visit(admin, 'identity-conflict-lab-setting');
      await chooseRadio(section.getByRole('group'), 'No, they never send one');
      await activate(section.getByRole('button', { name: 'Save', exact: true }));
      const banner = admin.locator('.nhsuk-notification-banner--success');
      await poll(() => banner.textContent()).toContain(
        'Results without a date of birth will be matched by NHS number alone',
      );
      await poll(() => isFocused(admin.locator('.app-focus-target', { has: banner }))).toBe(true);
      await visit(admin, 'identity-conflict-lab-setting-saved');
      await admin.reload();
      await poll(() => section.getByRole('radio', { name: 'No, they never send one' }).isChecked()).toBe(
        true,
      );
    } finally {
      await adminContext.close();
    }
  });
});
