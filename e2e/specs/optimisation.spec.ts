import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { optimisationMessages, type PathwayOptimisation } from '@esr/contracts/optimisation';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  contentOf,
  downloadFrom,
  chooseRadio,
  heading,
  isFocused,
  pathname,
  serverWait,
  tabTo,
  typeInto,
} from '../fixtures/keyboard.js';
import { callApi, pollWithin, readApiOk, useApp } from '../fixtures/app.js';

// Waiting well on the screens (decision 0071), with the keyboard alone and axe on every screen, on
// the demonstration trust: a clinician opens an anaemic patient's risk summary, refers the anaemia
// to the anaemia clinic and records progress, each from the summary and back to it with a banner;
// a waiting list admin finds the same patient from the worklist, sees the administrative steps
// and not Record as met, and may not open its page.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let context: BrowserContext;
let page: Page;
let trustCode = '';

/**
 * From the demonstration knee list (apps/api/src/data/demo-lists): a haemoglobin of 117 g/L taken
 * 14 days before the extract, so fresh whatever day the server first starts (decision 0054).
 */
const patricia = { nhsNumber: '9990845255', name: 'Patricia MORRIS', id: '' };

const poll = pollWithin({ timeout: 15_000 });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const link = (name: string) => page.getByRole('link', { name, exact: true });
const section = () => page.getByRole('region', { name: 'Optimisation before surgery' });
const banner = () => page.locator('.nhsuk-notification-banner--success');
const errorSummary = () => page.locator('.nhsuk-error-summary');
const screenshot = (target: Locator, name: string) =>
  target.screenshot({ path: path.resolve('e2e/screenshots', `${name}.png`) });

/** Patricia's factors as the API gives them to the signed-in user. */
const optimisation = () =>
  readApiOk<PathwayOptimisation>(
    page,
    `/api/trusts/${trustCode}/procedures/knee/patients/${patricia.id}/optimisation`,
  );
const anaemia = async () => (await optimisation()).factors.find((factor) => factor.code === 'anaemia');

beforeAll(async () => {
  context = await app.newContext();
  page = await context.newPage();
});

describe('optimisation before surgery', () => {
  it(
    'waits for the demonstration lists, in which Patricia Morris is anaemic',
    { timeout: 240_000 },
    async () => {
      await signInAs(page, 'Olu Adeyemi');
      await poll(() => pathname(page)).toBe('/patient-lookup');
      trustCode = (await readApiOk<{ trust: { code: string } }>(page, '/api/me/')).trust.code;
      const scored = async () => {
        const found = await callApi(
          page,
          `/api/trusts/${trustCode}/patients/?nhsNumber=${patricia.nhsNumber}`,
        );
        if (found.status !== 200) return `search ${found.status}`;
        const { patients } = (await found.json()) as { patients: { id: string; operationType: string }[] };
        patricia.id = patients.find((patient) => patient.operationType === 'knee')?.id ?? '';
        if (!patricia.id) return 'no knee pathway';
        const summary = await callApi(
          page,
          `/api/trusts/${trustCode}/procedures/knee/patients/${patricia.id}/risk-summary/`,
        );
        return ((await summary.json()) as { status: string }).status;
      };
      await poll(scored, { timeout: 220_000, interval: 2_000 }).toBe('processed');
      expect(await anaemia()).toMatchObject({ status: 'identified', finding: 'Haemoglobin 117 g/L' });
    },
  );

  it('shows her anaemia on the risk summary, found from the lookup with the keyboard', async () => {
    await page.reload();
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup');
    await tabTo(page.getByRole('textbox', { name: 'First 3 digits', exact: true }));
    await page.keyboard.insertText(patricia.nhsNumber);
    await activate(button('Search'));
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patricia.id}`);
    await poll(() => section().isVisible(), serverWait).toBe(true);
    const factor = section().getByRole('heading', { name: 'Anaemia', level: 3 });
    await poll(() => factor.isVisible(), serverWait).toBe(true);
    const text = (await section().textContent()) ?? '';
    expect(text).toMatch(/Haemoglobin 117 g\/L on \d{2}-[A-Z][a-z]{2}-\d{4}/);
    expect(text).toContain('Identified');
    expect(text).toContain('Investigate and treat the anaemia before surgery');
    expect(text).toContain('Nothing recorded yet');
    // The section comes after the waiting list priority.
    const priority = page.getByRole('region', { name: 'Waiting list priority' });
    const top = async (region: Locator) => (await region.boundingBox())!.y;
    expect(await top(section())).toBeGreaterThan(await top(priority));
    // A clinician may take every step; each link's name says its factor.
    for (const name of [
      'Refer for anaemia',
      'Record progress for anaemia',
      'Record as met for anaemia',
      'Record as declined for anaemia',
      'Record as not possible for anaemia',
    ])
      expect(await section().getByRole('link', { name, exact: true }).count(), name).toBe(1);
    await visit(page, 'optimisation-summary');
    await screenshot(section(), 'optimisation-section');
  });

  it('refers the anaemia to the anaemia clinic, a service chosen first', async () => {
    await activate(link('Refer for anaemia'));
    await poll(() => heading(page).textContent(), serverWait).toContain('Refer for anaemia');
    expect(pathname(page)).toBe(`/patient-lookup/${patricia.id}/optimisation/anaemia/refer`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await poll(() => crumbs.getByRole('listitem').allTextContents()).toEqual([
      expect.any(String),
      'Patient lookup',
      patricia.name,
      'Optimisation before surgery',
      'Anaemia',
      'Refer',
    ]);
    await visit(page, 'optimisation-refer');
    await screenshot(page.locator('main'), 'optimisation-refer-form');
    // Nothing chosen: the error summary says so, in the API's words, and takes the focus.
    await activate(button('Record referral'));
    await poll(() => errorSummary().textContent()).toContain(optimisationMessages.serviceRequired);
    await poll(() => isFocused(errorSummary())).toBe(true);
    expect(await page.locator('#service-error').textContent()).toContain(
      optimisationMessages.serviceRequired,
    );
    await visit(page, 'optimisation-refer-errors');
    await chooseRadio(
      page.getByRole('group', { name: 'Service the patient is referred to' }),
      'Pre-operative anaemia clinic',
    );
    await typeInto(page.getByRole('textbox', { name: /Note/ }), 'Iron studies, B12 and folate requested');
    await activate(button('Record referral'));
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patricia.id}`);
    await poll(() => banner().textContent(), serverWait).toContain(
      'Anaemia recorded as referred to Pre-operative anaemia clinic',
    );
    await poll(() => section().textContent(), serverWait).toContain(
      'Referred to Pre-operative anaemia clinic',
    );
    expect(await section().locator('.nhsuk-tag').first().textContent()).toBe('Referred');
    expect(await section().textContent()).toContain('Note: Iron studies, B12 and folate requested');
    // Referred once: no second referral is offered.
    expect(await link('Refer for anaemia').count()).toBe(0);
    await visit(page, 'optimisation-summary-referred');
    expect(await anaemia()).toMatchObject({
      status: 'referred',
      entries: [{ status: 'referred', service: 'Pre-operative anaemia clinic' }],
    });
  });

  it('records progress, and comes back to the summary saying so', async () => {
    await activate(link('Record progress for anaemia'));
    await poll(() => heading(page).textContent(), serverWait).toContain('Record progress on anaemia');
    await typeInto(page.getByRole('textbox', { name: /Note/ }), 'Iron infusion booked for next week');
    await visit(page, 'optimisation-progress');
    await activate(button('Record progress'));
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patricia.id}`);
    await poll(() => banner().textContent(), serverWait).toContain('Anaemia recorded as in progress');
    await poll(() => section().locator('.nhsuk-tag').first().textContent(), serverWait).toBe('In progress');
    expect(await section().textContent()).toContain('Earlier entries');
    expect(await link('Record progress for anaemia').count()).toBe(0);
    expect(await link('Record as met for anaemia').count()).toBe(1);
    await visit(page, 'optimisation-summary-in-progress');
    expect((await anaemia())!.entries.map((entry) => entry.status)).toEqual(['in_progress', 'referred']);
  });

  it('downloads the letter to the GP as a PDF, and says it was saved', async () => {
    const download = await downloadFrom(button('Download letter to the GP'));
    expect(download.suggestedFilename()).toMatch(/^GP letter.*\.pdf$/);
    const letter = await contentOf(download);
    expect(letter.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await poll(() => section().getByRole('status').first().textContent(), serverWait).toContain(
      'Saved GP letter',
    );
  });

  it('downloads the page for the patient, in plain words, beside the letter', async () => {
    const download = await downloadFrom(button('Download page for the patient'));
    expect(download.suggestedFilename()).toMatch(/^Before your operation.*\.pdf$/);
    const leaflet = await contentOf(download);
    expect(leaflet.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await poll(() => section().getByRole('status').first().textContent(), serverWait).toContain(
      'Saved Before your operation',
    );
    await visit(page, 'optimisation-summary-patient-page');
  });

  it('lets a waiting list admin find her from the worklist, without Record as met', async () => {
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
      await poll(() => pathname(page), serverWait).toBe('/prioritisation/knee');
      await typeInto(page.getByRole('textbox', { name: /NHS number/ }), patricia.nhsNumber);
      await activate(button('Apply filters'));
      await poll(() => new URL(page.url()).searchParams.get('nhsNumber'), serverWait).toBe(
        patricia.nhsNumber,
      );
      const worklist = page.getByRole('table', { name: /worklist/i });
      await poll(() => worklist.locator('tbody tr').count(), serverWait).toBe(1);
      await activate(worklist.locator('tbody tr').first().getByRole('link').first());
      await poll(() => heading(page).textContent(), serverWait).toContain('Record validation');
      await activate(link('Optimisation before surgery'));
      await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patricia.id}/optimisation`);
      await poll(() => heading(page).textContent(), serverWait).toContain('Optimisation before surgery');
      await poll(() => page.getByRole('heading', { name: 'Anaemia', level: 2 }).isVisible(), serverWait).toBe(
        true,
      );
      expect(await page.locator('main').textContent()).toContain('In progress');
      expect(await link('Record as declined for anaemia').count()).toBe(1);
      expect(await link('Record as met for anaemia').count()).toBe(0);
      expect(await link('Record as not possible for anaemia').count()).toBe(0);
      await visit(page, 'optimisation-page-waiting-list-admin');
      // The page for the patient is downloaded from here too.
      const leaflet = await downloadFrom(button('Download page for the patient'));
      expect(leaflet.suggestedFilename()).toMatch(/^Before your operation.*\.pdf$/);
      await poll(() => page.locator('main').getByRole('status').first().textContent(), serverWait).toContain(
        'Saved Before your operation',
      );
      // Cancel on a step's page comes back here, recording nothing.
      await activate(link('Record as declined for anaemia'));
      await poll(() => heading(page).textContent(), serverWait).toContain(
        'Record anaemia as declined by the patient',
      );
      await visit(page, 'optimisation-declined-waiting-list-admin');
      await activate(button('Cancel'));
      await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patricia.id}/optimisation`);
      // Nor is the clinical step's page theirs by its address.
      await page.goto(`/patient-lookup/${patricia.id}/optimisation/anaemia/record-as-met?type=knee`);
      await poll(() => pathname(page), serverWait).toBe('/unauthorized');
      expect((await anaemia())!.status).toBe('in_progress');
    } finally {
      await admin.close();
      page = previous;
    }
  });

  it('finds her on the optimisation worklist, then shows the anaemia met once a new result meets it', async () => {
    await page.goto('/patient-lookup');
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup');
    await activate(link('Optimise patients before surgery'));
    await poll(() => pathname(page), serverWait).toBe('/optimisation');
    await chooseRadio(page.getByRole('group'), 'Knee replacement');
    await activate(button('Continue'));
    await poll(() => pathname(page), serverWait).toBe('/optimisation/knee');
    const counts = page.getByRole('table', { name: 'Patients by risk factor and status' });
    await poll(() => counts.isVisible(), serverWait).toBe(true);
    await tabTo(page.getByRole('combobox', { name: 'Risk factor' }));
    // The first factor after "Any risk factor" is anaemia.
    await page.keyboard.press('ArrowDown');
    await typeInto(page.getByRole('textbox', { name: /NHS number/ }), patricia.nhsNumber);
    await activate(button('Apply filters'));
    await poll(() => new URL(page.url()).search, serverWait).toBe(
      `?factor=anaemia&nhsNumber=${patricia.nhsNumber}`,
    );
    const patients = page.getByRole('table', { name: 'Patients with a risk factor to optimise' });
    // The worklist names patients as the lists do: "MORRIS, Patricia".
    const row = patients.locator('tbody tr').filter({ hasText: 'MORRIS, Patricia' });
    await poll(() => row.count(), serverWait).toBe(1);
    expect(await row.textContent()).toContain('In progress');
    await visit(page, 'optimisation-worklist');
    // A new haemoglobin of 134 g/L arrives (here a remodel through the API): the loop closes by itself.
    const record = await readApiOk<Record<string, string>>(
      page,
      `/api/trusts/${trustCode}/procedures/knee/patients/${patricia.id}`,
    );
    const remodel = await callApi(page, `/api/trusts/${trustCode}/procedures/knee/patients/${patricia.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...record, haemoglobin: '134' }),
    });
    expect(remodel.status, await remodel.text()).toBe(200);
    await page.reload();
    await poll(
      () => patients.locator('tbody tr').filter({ hasText: patricia.name }).count(),
      serverWait,
    ).toBe(0);
    const met = counts.getByRole('link', { name: /Anaemia, met$/ });
    await poll(() => met.count(), serverWait).toBe(1);
    await activate(met);
    await poll(() => new URL(page.url()).searchParams.get('status'), serverWait).toBe('met');
    const metRow = patients.locator('tbody tr').filter({ hasText: 'MORRIS, Patricia' });
    await poll(() => metRow.count(), serverWait).toBe(1);
    expect(await metRow.textContent()).toMatch(/Anaemia\s*Met/);
    await visit(page, 'optimisation-worklist-met');
    expect((await anaemia())!.entries[0]!.recordedBy).toBe('Automatic: a new result met the target');
  });
});
