import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { clericalChangeMessages } from '@esr/contracts/clerical-changes';
import { showLondonDate } from '@esr/contracts/london-dates';
import { signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, isFocused, pathname, tabTo, typeInto } from '../fixtures/keyboard.js';
import { poll, readApi, useApp } from '../fixtures/app.js';

// Changes by non-clinicians made visible to clinicians (docs/decisions/0056-changes-by-clerical-staff-reviewed.md),
// end to end with the keyboard alone: a clerk remodels a patient on the demonstration trust's list;
// a clinician finds her on the worklist by its flag, reads the note on her risk summary, and marks
// the change reviewed; the previous evaluations keep who reviewed it.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let clerkContext: BrowserContext;
let clinicianContext: BrowserContext;
let clerk: Page;
let clinician: Page;

/** From the demonstration knee list (apps/api/src/data/demo-lists/knee-waiting-list.csv). */
const carol = { nhsNumber: '9991693939', name: 'Carol BROWN', listName: 'BROWN, Carol' };
let trustCode = '';
let carolId = '';
const today = showLondonDate(new Date());
const unreviewed = `Details changed by Claire Evans (Clerical User) on ${today}, not yet reviewed by a clinician`;
const reviewed = `Details changed by Claire Evans (Clerical User) on ${today}, reviewed by Olu Adeyemi (Clinician) on ${today}`;

const note = (page: Page) =>
  page.locator('.nhsuk-warning-callout', { hasText: clericalChangeMessages.heading });
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

const api = <T>(page: Page, route: string) => readApi<T>(page, route);

beforeAll(async () => {
  clerkContext = await app.newContext();
  clerk = await clerkContext.newPage();
});

describe('a clerk’s remodel, reviewed by a clinician', () => {
  it('waits for the demonstration lists to be scored', { timeout: 240_000 }, async () => {
    await signInAs(clerk, 'Claire Evans');
    trustCode = (await api<{ trust: { code: string } }>(clerk, '/api/me/')).body.trust.code;
    const status = async () => {
      const found = await api<{ patients: { id: string; operationType: string }[] }>(
        clerk,
        `/api/trusts/${trustCode}/patients/?nhsNumber=${carol.nhsNumber}`,
      );
      if (found.status !== 200) return `search ${found.status}`;
      carolId = found.body.patients.find((patient) => patient.operationType === 'knee')?.id ?? '';
      if (!carolId) return 'no knee pathway';
      const summary = await api<{ status: string }>(
        clerk,
        `/api/trusts/${trustCode}/procedures/knee/patients/${carolId}/risk-summary/`,
      );
      return summary.body.status;
    };
    await poll(status, { timeout: 200_000, interval: 2_000 }).toBe('processed');
  });

  it('lets the clerk remodel with a new haemoglobin, and says the details are not yet reviewed', async () => {
    await clerk.goto(`/patient-lookup/${carolId}?type=knee`);
    await poll(() => heading(clerk).textContent()).toBe(`${carol.name} - Risk summary`);
    expect(await note(clerk).count()).toBe(0);
    await activate(clerk.getByRole('link', { name: 'Remodel with new details', exact: true }));
    await poll(() => pathname(clerk)).toBe(`/patient-lookup/${carolId}/remodel-details`);
    await poll(() => heading(clerk).textContent()).toBe(`${carol.name} - Remodel with new details`);
    const selectedTab = () => clerk.locator('[role="tab"][aria-selected="true"]');
    const panel = () => clerk.locator('[role="tabpanel"]:not([hidden])');
    await tabTo(selectedTab());
    await clerk.keyboard.press('End');
    await poll(() => selectedTab().textContent()).toContain('Laboratory results');
    const unknown = panel().getByRole('checkbox', { name: /Haemoglobin \(g\/L\)/ });
    if ((await unknown.count()) > 0 && (await unknown.isChecked())) await activate(unknown, 'Space');
    await typeInto(panel().getByRole('textbox', { name: 'Haemoglobin (g/L)' }), '104');
    await activate(panel().getByRole('button', { name: 'Submit', exact: true }));
    await poll(() => pathname(clerk)).toBe(`/patient-lookup/${carolId}`);
    await poll(() => heading(clerk).textContent()).toBe(`${carol.name} - Risk summary`);
    await poll(() => note(clerk).count()).toBe(1);
    expect(((await note(clerk).textContent()) ?? '').replace(/\s+/g, ' ')).toContain(unreviewed);
    // Only a clinician reviews.
    expect(await clerk.getByRole('button', { name: clericalChangeMessages.markReviewed }).count()).toBe(0);
    await visit(clerk, 'clerical-changes-clerk-summary');
  });

  it('lets a clinician find her by the worklist’s flag, read the note, and mark the change reviewed', async () => {
    clinicianContext = await app.newContext();
    clinician = await clinicianContext.newPage();
    await signInAs(clinician, 'Olu Adeyemi');
    await clinician.goto('/prioritisation/knee?flag=clerical_change_unreviewed');
    const worklist = clinician.getByRole('table', { name: /worklist/i });
    await poll(() => worklist.locator('tbody tr').count()).toBe(1);
    const row = worklist.locator('tbody tr').first();
    expect(await row.textContent()).toContain('Changed by clerical staff, not reviewed');
    await visit(clinician, 'clerical-changes-worklist');
    await activate(row.getByRole('link', { name: carol.listName }));
    await poll(() => pathname(clinician)).toBe(`/patient-lookup/${carolId}`);
    await poll(() => heading(clinician).textContent()).toBe(`${carol.name} - Risk summary`);
    await poll(() => note(clinician).count()).toBe(1);
    expect(((await note(clinician).textContent()) ?? '').replace(/\s+/g, ' ')).toContain(unreviewed);
    const markReviewed = clinician.getByRole('button', { name: clericalChangeMessages.markReviewed });
    await poll(() => markReviewed.isVisible()).toBe(true);
    await visit(clinician, 'clerical-changes-clinician-summary');

    await activate(markReviewed);
    const banner = clinician.locator('.nhsuk-notification-banner--success');
    await poll(() => banner.textContent()).toContain(clericalChangeMessages.reviewed);
    // The banner takes the focus from the button, which is gone with the note.
    await poll(() => isFocused(clinician.locator('.app-focus-target', { has: banner }))).toBe(true);
    await poll(() => note(clinician).count()).toBe(0);
    expect(await markReviewed.count()).toBe(0);
    await visit(clinician, 'clerical-changes-reviewed');
  });

  it('keeps who reviewed it on the previous evaluations, and clears the worklist’s flag', async () => {
    await activate(clinician.getByRole('link', { name: 'Previous evaluations', exact: true }));
    await poll(() => pathname(clinician)).toBe(`/patient-lookup/${carolId}/previous-risk-history`);
    const current = clinician
      .getByRole('table', { name: 'Previous evaluations' })
      .locator('tbody tr')
      .first();
    await poll(async () => ((await current.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(reviewed);
    expect(await text(clinician, 'main')).not.toContain('not yet reviewed');
    await visit(clinician, 'clerical-changes-previous-evaluations');
    await clinician.goto('/prioritisation/knee?flag=clerical_change_unreviewed');
    await poll(() => text(clinician, 'main')).toContain('0 pathways match the filters');
  });
});
