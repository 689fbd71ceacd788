import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import { editDetailsMessages, patientMessages, patientSearchMessages } from '@esr/contracts/patients';
import { contributionsNote, defaultsUsedIntro } from '@esr/contracts/patient-wording';
import { labRules, remodelMessages, remodelTabs } from '@esr/contracts/remodel';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  cellsOf,
  contentOf,
  downloadFrom,
  fixture,
  heading,
  isFocused,
  pathname,
  serverWait,
  tabTo,
  typeInto,
} from '../fixtures/keyboard.js';
import { callApi, pollWithin, useApp } from '../fixtures/app.js';

// The patient screens end to end (docs/requirements.md §2 patient screens, §4, §5, §8), driven with the keyboard
// alone by a clinician, on the demonstration trust's scored lists: look a patient up by NHS number
// and by local identifier, read the risk summary, flag and unflag it, edit the surgical risk
// factors, remodel across the tabs (a blood result out of range first), then the previous
// evaluations, one of them, and their PDFs.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let context: BrowserContext;
let page: Page;

/** From the demonstration knee list (apps/api/src/data/demo-lists/knee-waiting-list.csv). */
const patricia = {
  nhsNumber: '9990845255',
  localId: 'RAN760798',
  name: 'Patricia MORRIS',
  born: '19-Feb-1964',
};
const carol = { nhsNumber: '9991693939', localId: 'RAN784617', name: 'Carol BROWN' };

const button = (name: string) => page.getByRole('button', { name, exact: true });
const risks = ['High risk', 'Moderate risk', 'Low risk'];
/** A page load signs in again silently and fetches its screen's code: more than a moment. */
const poll = pollWithin({ timeout: 15_000 });

/** Chooses a radio of a group with the arrow keys, from the group's checked (or first) radio. */
async function chooseRadio(group: Locator, label: string): Promise<void> {
  const radios = group.getByRole('radio');
  const labels = await radios.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
  );
  const checked = await radios.evaluateAll((inputs) =>
    inputs.findIndex((input) => (input as HTMLInputElement).checked),
  );
  const from = checked === -1 ? 0 : checked;
  await tabTo(radios.nth(from));
  const to = labels.indexOf(label);
  expect(to, label).toBeGreaterThanOrEqual(0);
  if (checked === -1) await page.keyboard.press('Space');
  for (let at = from; at !== to; at += to > at ? 1 : -1)
    await page.keyboard.press(to > at ? 'ArrowDown' : 'ArrowUp');
  await poll(() => radios.nth(to).isChecked()).toBe(true);
}

/** A summary list's rows as key → value. */
const summaryOf = (list: Locator) =>
  list
    .locator('.nhsuk-summary-list__row')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector('dt')?.textContent?.trim() ?? '',
          row.querySelector('dd')?.textContent?.trim() ?? '',
        ]),
      ),
    );
const patientDetails = () => summaryOf(page.locator('.nhsuk-summary-list').first());

/** Calls the API as the signed-in clinician, as the screens do. */
const api = (route: string) => callApi(page, route);

const boxes = () =>
  Promise.all(
    ['First 3 digits', 'Next 3 digits', 'Last 4 digits'].map((name) =>
      page.getByRole('textbox', { name, exact: true }).inputValue(),
    ),
  );
const firstBox = () => page.getByRole('textbox', { name: 'First 3 digits', exact: true });
const errorSummary = () => page.locator('.nhsuk-error-summary');

let trustCode = '';
let patriciaId = '';
/** The remodelled summary's probability, as it writes it: the previous evaluations show the same. */
let currentProbability = '';
/** Every address the browser showed: none may hold an NHS number or a local identifier. */
const addresses: string[] = [];

beforeAll(async () => {
  context = await app.newContext();
  page = await context.newPage();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
});

describe('patient screens', () => {
  it('waits for the demonstration lists to be scored', { timeout: 240_000 }, async () => {
    await signInAs(page, 'Olu Adeyemi');
    await poll(() => pathname(page)).toBe('/patient-lookup');
    trustCode = ((await (await api('/api/me/')).json()) as { trust: { code: string } }).trust.code;
    const summaryStatus = async () => {
      const found = await api(`/api/trusts/${trustCode}/patients/?nhsNumber=${patricia.nhsNumber}`);
      if (found.status !== 200) return `search ${found.status}`;
      const { patients } = (await found.json()) as { patients: { id: string; operationType: string }[] };
      patriciaId = patients.find((patient) => patient.operationType === 'knee')?.id ?? '';
      if (!patriciaId) return 'no knee pathway';
      const summary = await api(
        `/api/trusts/${trustCode}/procedures/knee/patients/${patriciaId}/risk-summary/`,
      );
      return ((await summary.json()) as { status: string }).status;
    };
    await poll(summaryStatus, { timeout: 200_000, interval: 2_000 }).toBe('processed');
  });

  it('refuses an NHS number that fails the check digit before asking the server', async () => {
    await page.reload();
    await poll(() => heading(page).textContent()).toBe('Patient lookup');
    const search = button('Search');
    await visit(page, 'patients-lookup');
    const searches: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === `/api/trusts/${trustCode}/patients/`)
        searches.push(request.url());
    };
    page.on('request', onRequest);
    // Decision 0058: Search is never disabled, so a keyboard user finds it; with nothing typed it
    // answers with the error summary.
    expect(await search.isDisabled()).toBe(false);
    await activate(search);
    await poll(() => errorSummary().textContent()).toContain(patientSearchMessages.nothingToSearch);
    await poll(() => isFocused(errorSummary())).toBe(true);

    // Typed digit by digit, the number flows from box to box.
    await tabTo(firstBox());
    await page.keyboard.type('9990845256');
    expect(await boxes()).toEqual(['999', '084', '5256']);
    await activate(search);
    await poll(() => errorSummary().textContent()).toContain(patientSearchMessages.nhsNumberInvalid);
    await poll(() => isFocused(errorSummary())).toBe(true);
    expect(await page.locator('#nhsNumber-error').textContent()).toContain(
      patientSearchMessages.nhsNumberInvalid,
    );
    expect(await errorSummary().getByRole('link').getAttribute('href')).toBe('#nhsNumber-1');
    expect(searches).toEqual([]);
    page.off('request', onRequest);
    await visit(page, 'patients-lookup-invalid');
  });

  it('finds the patient by an NHS number pasted whole into the first box, and opens her only pathway', async () => {
    // A paste replaces the number, with or without its hyphens.
    await tabTo(firstBox());
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('999-084-5255');
    expect(await boxes()).toEqual(['999', '084', '5255']);
    await activate(button('Search'));
    // One pathway found: its risk summary opens at once, with no results to choose from.
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patriciaId}`);
    expect(new URL(page.url()).search).toBe('?type=knee');
    expect(await page.getByRole('table', { name: 'Pathways found' }).count()).toBe(0);
  });

  it('reads the risk summary: the patient, the prediction, its factors, the chart and the advice', async () => {
    await poll(() => heading(page).textContent(), serverWait).toBe(`${patricia.name} - Risk summary`);
    // docs/requirements.md §2: the breadcrumb names the patient in place of the id.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await poll(() => crumbs.getByRole('listitem').allTextContents()).toEqual([
      expect.any(String),
      'Patient lookup',
      patricia.name,
    ]);
    const details = await patientDetails();
    expect(details).toMatchObject({
      Name: patricia.name,
      'NHS number': '999 084 5255',
      'Local patient identifier': patricia.localId,
      'Date of birth': patricia.born,
      'Type of operation': 'Knee replacement',
      'Consultant surgeon': 'Miss L Okonkwo',
      'Readiness for surgery': expect.any(String),
      'Social aspects': expect.any(String),
    });

    const prediction = page.locator('.app-risk-card');
    expect(risks).toContain(await prediction.locator('.nhsuk-tag').textContent());
    expect(await prediction.textContent()).toMatch(
      /Probability of complications after surgery: \d{1,3}\.\d%/,
    );
    expect(await prediction.textContent()).toMatch(/The average for knee replacement is \d{1,3}\.\d%\./);
    expect(await prediction.textContent()).toContain(demonstrationModelLabel);

    // Her smoking status is "9" (unknown): the warning names what the model used instead (decision 0035).
    const warning = page.locator('.nhsuk-warning-callout').filter({ hasText: messages.defaultValuesUsed });
    expect(await warning.isVisible()).toBe(true);
    expect(
      await warning.getByText('The model used these values because the record has none:').isVisible(),
    ).toBe(true);
    const defaulted = warning.getByRole('list', { name: defaultsUsedIntro });
    expect(
      await defaulted
        .getByRole('listitem')
        .filter({ hasText: 'Current smoker: No (not recorded)' })
        .isVisible(),
    ).toBe(true);

    const factors = page.getByRole('table', { name: 'Factors that matter most' });
    expect(await factors.getByRole('columnheader').allTextContents()).toEqual([
      'Factor',
      'Importance',
      'Value',
    ]);
    const importances = await factors.locator('tbody tr').evaluateAll((rows) => rows.length);
    expect(importances).toBeGreaterThan(0);
    for (const row of await factors.locator('tbody tr').all())
      expect(['High', 'Moderate']).toContain((await cellsOf(row))[1]);

    // The chart is an image named by what it shows and its axes; its table says the same for everyone.
    const chart = page.getByRole('img', {
      name: /^Bar chart of the (\d+ factors|factor) that changed this prediction the most, largest first: /,
    });
    expect(await chart.count()).toBe(1);
    expect(await chart.getAttribute('aria-label')).toContain(
      'Down the side: Factor (patient’s value). Across: Size of effect (% of the largest)',
    );
    for (const title of ['Factor (patient’s value)', 'Size of effect (% of the largest)'])
      expect(await chart.getByText(title, { exact: true }).isVisible(), title).toBe(true);
    // Under the heading: what 'lowers the risk' means, so a condition does not read as protective.
    const contributions = page.locator('section.app-contributions');
    expect(await contributions.getByText(contributionsNote).isVisible()).toBe(true);
    const chartTable = page.getByRole('table', { name: 'What moved this prediction', includeHidden: true });
    const rows = await chartTable
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          Array.from(row.querySelectorAll('td'), (cell) => cell.lastChild?.textContent ?? ''),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(10);
    for (const [, value, effect] of rows) {
      // The patient's value beside each factor, 'Not recorded' where the model used its default.
      expect(value).not.toBe('');
      expect(['Raises the risk', 'Lowers the risk']).toContain(effect);
    }
    const labels = await contributions.locator('.app-chart__label').allTextContents();
    expect(labels).toEqual(rows.map(([factor, value]) => `${factor} (${value})`));
    await activate(page.locator('summary', { hasText: 'Show the chart as a table' }));
    await poll(() => chartTable.isVisible()).toBe(true);
    expect(await chartTable.getByRole('columnheader').allTextContents()).toEqual([
      'Factor',
      'Value',
      'Effect',
      'Size of effect',
    ]);

    expect(await page.getByRole('heading', { name: 'About this prediction' }).isVisible()).toBe(true);
    expect(
      await page.getByRole('link', { name: 'Previous evaluations', exact: true }).getAttribute('href'),
    ).toBe(`/patient-lookup/${patriciaId}/previous-risk-history?type=knee`);
    await visit(page, 'patients-summary');
  });

  it('downloads the summary as a PDF named after the patient (decision 0064)', async () => {
    const download = await downloadFrom(button('Download PDF'));
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^Risk summary ${patricia.name}_\\d{8}-\\d{6}\\.pdf$`),
    );
    const document = await contentOf(download);
    expect(document.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('goes back to the lookup, and looks a patient up by local identifier', async () => {
    // Back from the summary of a single match is the lookup, with the number searched for still there.
    await page.goBack();
    await poll(() => pathname(page)).toBe('/patient-lookup');
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup');
    expect(await boxes()).toEqual(['999', '084', '5255']);
    await poll(() => page.getByRole('table', { name: 'Pathways found' }).count()).toBe(0);

    await activate(page.getByRole('checkbox', { name: "My patient doesn't have an NHS number" }), 'Space');
    const local = page.getByRole('textbox', { name: 'Local patient identifier' });
    await poll(() => local.isVisible()).toBe(true);
    expect(await firstBox().isDisabled()).toBe(true);
    await activate(button('Search'));
    await poll(() => page.locator('#localIdentifier-error').textContent()).toContain(
      patientSearchMessages.nothingToSearch,
    );

    await typeInto(local, 'RAN000000');
    await activate(button('Search'));
    await poll(
      () => page.getByRole('status').filter({ hasText: patientSearchMessages.notFound }).count(),
      serverWait,
    ).toBe(1);
    await visit(page, 'patients-lookup-not-found');

    await typeInto(local, carol.localId);
    await activate(button('Search'));
    // Her only pathway opens at once.
    await poll(() => heading(page).textContent(), serverWait).toBe(`${carol.name} - Risk summary`);
    expect((await patientDetails())['NHS number']).toBe('999 169 3939');

    // No address the browser showed held a patient's identifier (patient data must not leak via URLs).
    for (const address of addresses)
      for (const identifier of [
        patricia.nhsNumber,
        patricia.localId,
        carol.nhsNumber,
        carol.localId,
        '999-084',
      ])
        expect(address, address).not.toContain(identifier);
  });

  it('asks which pathway to open when several are found, marking the archived ones', async () => {
    // A patient with an archived hip pathway beside the knee one, as a server with one would answer.
    const search = (url: URL) =>
      url.pathname === `/api/trusts/${trustCode}/patients/` && url.searchParams.has('medicalRecordNumber');
    const knee = {
      id: patriciaId,
      medicalRecordNumber: patricia.localId,
      nhsNumber: patricia.nhsNumber,
      firstName: 'Patricia',
      lastName: 'MORRIS',
      dateOfBirth: '1964-02-19',
      operationType: 'knee',
      referralDate: '2025-11-08',
      isActive: true,
    };
    const hip = {
      ...knee,
      id: '0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a003',
      operationType: 'hip',
      isActive: false,
    };
    await page.route(search, (route) => route.fulfill(fixture({ patients: [hip, knee] })));
    await page.goBack();
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup');
    await typeInto(page.getByRole('textbox', { name: 'Local patient identifier' }), patricia.localId);
    await activate(button('Search'));
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup - Search results');
    expect(
      await page.getByText(`2 pathways found for local patient identifier ${patricia.localId}`).isVisible(),
    ).toBe(true);
    const table = page.getByRole('table', { name: 'Pathways found' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Choose',
      'Name',
      'Date of birth',
      'Type of operation',
      'Referral date',
      'Status',
    ]);
    const rows = table.locator('tbody tr');
    await poll(() => rows.count(), serverWait).toBe(2);
    expect((await cellsOf(rows.nth(0))).slice(1, 3)).toEqual([patricia.name, patricia.born]);
    expect((await cellsOf(rows.nth(0))).slice(3)).toEqual(['Hip replacement', '08-Nov-2025', 'Archived']);
    expect((await cellsOf(rows.nth(1))).slice(3)).toEqual(['Knee replacement', '08-Nov-2025', 'Active']);
    expect(
      await rows
        .getByRole('radio')
        .evaluateAll((radios) => radios.some((r) => (r as HTMLInputElement).checked)),
    ).toBe(false);

    await activate(button('Continue'));
    // The screen's own words (the spec gives none): choosePathwayMessage in search-results.tsx.
    await poll(() => errorSummary().textContent()).toContain('Select the pathway to see its risk summary');
    await poll(() => isFocused(errorSummary())).toBe(true);
    await visit(page, 'patients-results-choose');
    // The radios of a group are chosen with the arrow keys.
    await activate(rows.nth(0).getByRole('radio'), 'Space');
    await page.keyboard.press('ArrowDown');
    await poll(() => rows.nth(1).getByRole('radio').isChecked()).toBe(true);
    await activate(button('Continue'));
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}`);
    // Back from a summary chosen among several shows the results again.
    await page.goBack();
    await poll(() => heading(page).textContent(), serverWait).toBe('Patient lookup - Search results');
    await poll(() => rows.count()).toBe(2);
    await visit(page, 'patients-results');
    await page.goForward();
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}`);
    await page.unroute(search);
  });

  it('says when a record waits to be scored, asks again every 3 seconds, and when the model could not score it', async () => {
    const summaryUrl = `/api/trusts/${trustCode}/procedures/knee/patients/${patriciaId}/risk-summary/`;
    const real = (await (await api(summaryUrl)).json()) as Record<string, unknown>;
    const summaryCall = (url: URL) => url.pathname === summaryUrl;
    const calls: number[] = [];
    await page.route(summaryCall, (route) => {
      calls.push(Date.now());
      return calls.length <= 2
        ? route.fulfill(
            fixture({ ...real, status: calls.length === 1 ? 'waiting' : 'processing', result: null }),
          )
        : route.continue();
    });
    await page.reload();
    const status = page.getByRole('status').filter({ hasText: 'This page will show the prediction' });
    await poll(() => status.textContent(), serverWait).toContain('This record has not been processed yet.');
    await visit(page, 'patients-summary-waiting');
    await poll(() => status.textContent(), serverWait).toContain('This record is being processed.');
    await poll(() => page.locator('.app-risk-card').isVisible(), serverWait).toBe(true);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(2_500);
    await page.unroute(summaryCall);

    const failure = {
      fields: ['haemoglobin', 'sodium'],
      reason: 'Two blood results are outside the ranges the model accepts',
    };
    await page.route(summaryCall, (route) =>
      route.fulfill(fixture({ ...real, status: 'failed', result: null, failure })),
    );
    await page.reload();
    const callout = page.locator('.nhsuk-warning-callout', {
      hasText: 'The model could not score this record',
    });
    await poll(() => callout.isVisible(), serverWait).toBe(true);
    expect(await callout.getByRole('listitem').allTextContents()).toEqual(['Haemoglobin', 'Sodium']);
    expect(await callout.textContent()).toContain(failure.reason);
    await visit(page, 'patients-summary-failed');
    await page.unroute(summaryCall);
  });

  it('flags the result as an anomaly with a reason, then removes the flag with one', async () => {
    await page.reload();
    await poll(() => heading(page).textContent(), serverWait).toBe(`${patricia.name} - Risk summary`);
    const banner = page
      .getByRole('region', { name: 'Important' })
      .filter({ hasText: messages.anomalyBanner });
    await poll(() => button('Flag as anomaly').isVisible()).toBe(true);
    expect(await banner.count()).toBe(0);
    await activate(button('Flag as anomaly'));
    // A reason is asked for first (decision 0039): its field takes the focus; Cancel flags nothing.
    const reasonField = page.getByRole('textbox', { name: 'Why is this result an anomaly? (optional)' });
    await poll(() => isFocused(reasonField)).toBe(true);
    await activate(button('Cancel'));
    await poll(() => isFocused(button('Flag as anomaly'))).toBe(true);
    expect(await banner.count()).toBe(0);
    await activate(button('Flag as anomaly'));
    await typeInto(reasonField, 'x'.repeat(201));
    await activate(button('Flag as anomaly'));
    await poll(() => errorSummary().textContent()).toContain(patientMessages.anomalyReasonTooLong);
    await poll(() => isFocused(errorSummary())).toBe(true);
    await visit(page, 'patients-summary-anomaly-reason');
    const reason = 'Albumin of 12 g/L looks like a unit error in the PAS extract';
    await typeInto(reasonField, reason);
    await activate(button('Flag as anomaly'));
    await poll(() => banner.isVisible(), serverWait).toBe(true);
    expect(await banner.textContent()).toContain(`Reason given: ${reason}`);
    await poll(() => button('Remove anomaly flag').isVisible()).toBe(true);
    await poll(() => isFocused(button('Remove anomaly flag'))).toBe(true);
    await visit(page, 'patients-summary-anomaly');

    // It is kept: a reload shows it too, with its reason.
    await page.reload();
    await poll(() => banner.isVisible(), serverWait).toBe(true);
    expect(await banner.textContent()).toContain(`Reason given: ${reason}`);
    await activate(button('Remove anomaly flag'));
    // Removing the flag asks why too, and needs an answer (decision 0056).
    const removalField = page.getByRole('textbox', { name: 'Why are you removing the anomaly flag?' });
    await poll(() => isFocused(removalField)).toBe(true);
    await activate(button('Remove anomaly flag'));
    await poll(() => errorSummary().textContent()).toContain(patientMessages.unflagReasonRequired);
    await poll(() => isFocused(errorSummary())).toBe(true);
    expect(await banner.count()).toBe(1);
    await typeInto(removalField, 'Repeat albumin 41 g/L on 2 Dec: the value was right');
    await activate(button('Remove anomaly flag'));
    await poll(() => banner.count(), serverWait).toBe(0);
    await poll(() => isFocused(button('Flag as anomaly'))).toBe(true);
  });

  it('edits the consultant surgeon, readiness for surgery and social aspects', async () => {
    await activate(page.getByRole('link', { name: 'Edit details', exact: true }));
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}/edit-details`);
    await poll(() => heading(page).textContent()).toBe(`${patricia.name} - Edit details`);
    const surgeon = page.getByRole('textbox', { name: 'Consultant surgeon' });
    await poll(() => surgeon.inputValue()).toBe('Miss L Okonkwo');
    await poll(() => page.getByRole('radio').count()).toBe(6);
    await visit(page, 'patients-edit');

    await typeInto(surgeon, '');
    await activate(button('Submit'));
    await poll(() => errorSummary().textContent()).toContain(editDetailsMessages.surgeonRequired);
    await poll(() => isFocused(errorSummary())).toBe(true);
    await typeInto(surgeon, 'x'.repeat(31));
    await activate(button('Submit'));
    await poll(() => errorSummary().textContent()).toContain(editDetailsMessages.surgeonTooLong);
    await visit(page, 'patients-edit-errors');

    await typeInto(surgeon, 'Mr A Khan');
    await chooseRadio(page.getByRole('group', { name: 'Readiness for surgery' }), 'Ready for surgery');
    await chooseRadio(page.getByRole('group', { name: 'Social aspects' }), 'Social concerns');
    await activate(button('Submit'));
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patriciaId}`);
    await poll(async () => (await patientDetails())['Consultant surgeon']).toBe('Mr A Khan');
    expect(await patientDetails()).toMatchObject({
      'Readiness for surgery': 'Ready for surgery',
      'Social aspects': 'Social concerns',
    });
  });

  const tab = (title: string) => page.getByRole('tab', { name: new RegExp(`^${title}`) });
  const selectedTab = () => page.getByRole('tab', { selected: true });
  const visiblePanel = () => page.locator('[role="tabpanel"]:not([hidden])');
  /** A question's 'I do not know this information' checkbox, named for its question. */
  const unknownBox = (question: string) =>
    visiblePanel().getByRole('checkbox', {
      name: new RegExp(`^I do not know this information\\W+${question.replace(/[()]/g, '\\$&')}`),
    });

  it('moves between the nine remodel tabs with the arrow keys, each with its status', async () => {
    await activate(page.getByRole('link', { name: 'Remodel with new details', exact: true }));
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}/remodel-details`);
    await poll(() => heading(page).textContent(), serverWait).toBe(
      `${patricia.name} - Remodel with new details`,
    );
    const list = page.getByRole('tablist');
    expect(await list.getAttribute('aria-orientation')).toBe('vertical');
    const names = await list
      .getByRole('tab')
      .evaluateAll((tabs) =>
        tabs.map((element) => element.querySelector('.app-vertical-tabs__title')?.textContent ?? ''),
      );
    expect(names).toEqual(remodelTabs.map((t) => t.title));
    for (const status of await list.locator('.nhsuk-tag').allTextContents())
      expect(['Not started', 'In progress', 'Completed']).toContain(status);
    // Her smoking status is 9 (unknown), which the model replaced with its default: the section is
    // not completed, so the clinician can find what is missing (decision 0035, Remodel).
    expect(await tab('Other clinical findings').locator('.nhsuk-tag').textContent()).toBe('Not started');
    expect(await selectedTab().textContent()).toContain('Patient details');
    await visit(page, 'patients-remodel');

    await tabTo(selectedTab());
    await page.keyboard.press('ArrowDown');
    await poll(() => selectedTab().textContent()).toContain('Diseases of the circulatory system');
    expect(await isFocused(selectedTab())).toBe(true);
    expect(await visiblePanel().getByRole('heading', { level: 2 }).textContent()).toContain(
      'Diseases of the circulatory system',
    );
    await page.keyboard.press('End');
    await poll(() => selectedTab().textContent()).toContain('Laboratory results');
    await page.keyboard.press('ArrowDown');
    await poll(() => selectedTab().textContent()).toContain('Patient details');
    await page.keyboard.press('ArrowUp');
    await poll(() => selectedTab().textContent()).toContain('Laboratory results');
    await page.keyboard.press('Home');
    await poll(() => selectedTab().textContent()).toContain('Patient details');
  });

  it("clears an answer with 'I do not know this information', and saves a tab to go on to the next", async () => {
    const weight = visiblePanel().getByRole('textbox', { name: 'Weight (kg)' });
    expect(await weight.getAttribute('inputmode')).toBe('decimal');
    await typeInto(weight, '400');
    await activate(visiblePanel().getByRole('button', { name: 'Save and Continue' }));
    await poll(() => errorSummary().textContent()).toContain(remodelMessages.weight);
    expect(await selectedTab().textContent()).toContain('Patient details');
    await typeInto(weight, '72.5');

    const unknownHeight = unknownBox('Height (cm)');
    const height = visiblePanel().getByRole('textbox', { name: 'Height (cm)' });
    await activate(unknownHeight, 'Space');
    await poll(() => height.isDisabled()).toBe(true);
    expect(await height.inputValue()).toBe('');
    await poll(() => tab('Patient details').locator('.nhsuk-tag').textContent()).toBe('In progress');
    await activate(unknownHeight, 'Space');
    await poll(() => height.isEnabled()).toBe(true);
    expect(await height.inputValue()).toBe('');
    await typeInto(height, '158');

    await activate(visiblePanel().getByRole('button', { name: 'Save and Continue' }));
    await poll(() => selectedTab().textContent()).toContain('Diseases of the circulatory system');
    // The new tab's heading has the focus, as a new page would.
    await poll(() => isFocused(visiblePanel().getByRole('heading', { level: 2 }))).toBe(true);
    const hypertension = visiblePanel().getByRole('group', { name: 'Hypertension' });
    await chooseRadio(hypertension, 'Yes');
  });

  it('refuses a haemoglobin of 20 on Submit and shows the laboratory tab, with a units warning that does not block', async () => {
    await tabTo(selectedTab());
    await page.keyboard.press('End');
    await poll(() => selectedTab().textContent()).toContain('Laboratory results');
    const haemoglobin = visiblePanel().getByRole('textbox', { name: 'Haemoglobin (g/L)' });
    const unknownHaemoglobin = unknownBox('Haemoglobin (g/L)');
    if (await unknownHaemoglobin.isChecked()) await activate(unknownHaemoglobin, 'Space');
    await typeInto(haemoglobin, '20');
    const sodium = visiblePanel().getByRole('textbox', { name: 'Sodium (mmol/L)' });
    const unknownSodium = unknownBox('Sodium (mmol/L)');
    if (await unknownSodium.isChecked()) await activate(unknownSodium, 'Space');
    await typeInto(sodium, '130');
    await poll(() => visiblePanel().getByText(remodelMessages.labUnits(labRules.sodium)).isVisible()).toBe(
      true,
    );

    // Submitted from the first tab, the errors take the clinician to the laboratory tab.
    await tabTo(selectedTab());
    await page.keyboard.press('Home');
    await poll(() => selectedTab().textContent()).toContain('Patient details');
    await activate(visiblePanel().getByRole('button', { name: 'Submit', exact: true }));
    const rangeMessage = 'Haemoglobin must be between 50 and 200.';
    expect(remodelMessages.labRange(labRules.haemoglobin)).toBe(rangeMessage);
    await poll(() => errorSummary().getByRole('listitem').allTextContents()).toEqual([rangeMessage]);
    await poll(() => isFocused(errorSummary())).toBe(true);
    expect(await selectedTab().textContent()).toContain('Laboratory results');
    expect(await visiblePanel().locator('#remodel-haemoglobin-error').textContent()).toContain(rangeMessage);
    expect(await pathname(page)).toBe(`/patient-lookup/${patriciaId}/remodel-details`);
    await visit(page, 'patients-remodel-errors');

    // The summary's link goes to the field.
    await activate(errorSummary().getByRole('link', { name: rangeMessage }));
    await poll(() => isFocused(haemoglobin)).toBe(true);
  });

  it('shows Processing while the new details are scored, then the new summary', async () => {
    const haemoglobin = visiblePanel().getByRole('textbox', { name: 'Haemoglobin (g/L)' });
    await typeInto(haemoglobin, '131');
    // Hold the answer back, so that the Processing view can be seen.
    const remodelCall = (url: URL) =>
      url.pathname === `/api/trusts/${trustCode}/procedures/knee/patients/${patriciaId}`;
    await page.route(
      remodelCall,
      async (route) => {
        if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
      { times: 1 },
    );
    await activate(visiblePanel().getByRole('button', { name: 'Submit', exact: true }));
    await poll(() => heading(page).textContent()).toBe('Processing');
    expect(await page.getByText('This usually takes 10 to 30 seconds.').isVisible()).toBe(true);
    await visit(page, 'patients-remodel-processing');
    await poll(() => pathname(page), serverWait).toBe(`/patient-lookup/${patriciaId}`);
    await poll(() => heading(page).textContent()).toBe(`${patricia.name} - Risk summary`);
    const about = await summaryOf(page.locator('.nhsuk-summary-list').last());
    expect(about.Reason).toBe('Remodelled with new details');
    currentProbability = (await page.locator('.app-risk-card__probability').textContent()) ?? '';
    expect(currentProbability).toMatch(/^\d{1,3}\.\d%$/);
    // What the remodel changed (decision 0039): the probability before and after, and her haemoglobin.
    const changed = page.locator('.nhsuk-inset-text', { hasText: 'What this remodel changed' });
    const lines = (await changed.getByRole('listitem').allTextContents()).map((line) =>
      line.replace(/\s+/g, ' ').trim(),
    );
    expect(lines[0]).toMatch(
      new RegExp(
        `^Probability of complications after surgery: \\d{1,3}\\.\\d% → changed to ${currentProbability.replace('.', '\\.')}$`,
      ),
    );
    expect(lines).toContain('Haemoglobin: 117 g/L → changed to 131 g/L');
    await visit(page, 'patients-summary-remodelled');
  });

  it('lists the previous evaluations, the new one current, each with View and Download', async () => {
    await activate(page.getByRole('link', { name: 'Previous evaluations', exact: true }));
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}/previous-risk-history`);
    await poll(() => heading(page).textContent(), serverWait).toBe(`${patricia.name} - Previous evaluations`);
    expect(await patientDetails()).toEqual({
      Name: patricia.name,
      'NHS number': '999 084 5255',
      'Local patient identifier': patricia.localId,
      'Date of birth': patricia.born,
      'Type of operation': 'Knee replacement',
    });
    const table = page.getByRole('table', { name: 'Previous evaluations' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Date',
      'Evaluation',
      'Model version',
      'View',
      'Download',
    ]);
    const rows = table.locator('tbody tr');
    await poll(() => rows.count()).toBe(2);
    const [current, older] = [await cellsOf(rows.nth(0)), await cellsOf(rows.nth(1))];
    expect(current[0]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    // Each evaluation shows its probability beside its band, written as the risk summary writes it.
    expect(current[1]).toMatch(/^(High|Moderate|Low) risk, \d{1,3}\.\d% \(current\)$/);
    // The older one had its anomaly flag removed, and says why (decision 0056).
    expect(older[1]).toMatch(
      /^(High|Moderate|Low) risk, \d{1,3}\.\d%Flag removed\. Reason given: Repeat albumin 41 g\/L on 2 Dec: the value was right$/,
    );
    expect(current[1]).toContain(`${currentProbability} (current)`);
    // Each names the trust's version of the model that made it (decision 0046).
    expect(current[2]).toMatch(/^\d+$/);
    await visit(page, 'patients-previous-evaluations');

    const olderId = (await rows.nth(1).getByRole('link').getAttribute('href'))!.match(
      /history\/([0-9a-f-]{36})\?type=knee$/,
    )![1]!;
    const download = await downloadFrom(rows.nth(1).getByRole('button', { name: /^Download PDF/ }));
    // Named after the patient and the day the evaluation was made, which its row gives.
    const madeOn = older[0]!.slice(0, 11);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^Risk summary ${patricia.name} evaluated ${madeOn}_\\d{8}-\\d{6}\\.pdf$`),
    );
    expect((await contentOf(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await activate(rows.nth(1).getByRole('link', { name: /^View/ }));
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}/history/${olderId}`);
    expect(new URL(page.url()).search).toBe('?type=knee');
  });

  it('shows a past evaluation read only, with the record the model read and its PDF', async () => {
    await poll(() => heading(page).textContent(), serverWait).toMatch(
      new RegExp(`^${patricia.name} - Evaluation of \\d{2}-[A-Z][a-z]{2}-\\d{4} \\d{2}:\\d{2}:\\d{2}$`),
    );
    expect(await page.getByText('This evaluation has since been replaced by a newer one.').isVisible()).toBe(
      true,
    );
    expect(await page.locator('.app-risk-card .nhsuk-tag').textContent()).toMatch(
      /^(High|Moderate|Low) risk$/,
    );
    for (const name of ['Flag as anomaly', 'Remove anomaly flag'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    for (const name of ['Edit details', 'Remodel with new details'])
      expect(await page.getByRole('link', { name }).count()).toBe(0);
    await poll(() => page.getByRole('heading', { name: 'What the model read' }).isVisible()).toBe(true);
    // The breadcrumb names the evaluation by its date and leads 'Previous evaluations' to them.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Previous evaluations' }).getAttribute('href')).toBe(
      `/patient-lookup/${patriciaId}/previous-risk-history?type=knee`,
    );
    expect((await crumbs.getByRole('listitem').allTextContents()).at(-1)).toMatch(
      /^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    for (const title of remodelTabs.map((t) => t.title))
      expect(await page.getByRole('heading', { name: title, level: 3 }).isVisible(), title).toBe(true);
    await visit(page, 'patients-past-evaluation');

    const download = await downloadFrom(button('Download PDF'));
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^Risk summary ${patricia.name} evaluated \\d{2}-[A-Z][a-z]{2}-\\d{4}_\\d{8}-\\d{6}\\.pdf$`),
    );
    expect((await contentOf(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('goes back to the previous evaluations by their crumb, and clears a list that cannot load', async () => {
    await activate(
      page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Previous evaluations' }),
    );
    await poll(() => pathname(page)).toBe(`/patient-lookup/${patriciaId}/previous-risk-history`);
    await poll(() => heading(page).textContent(), serverWait).toBe(`${patricia.name} - Previous evaluations`);

    // docs/requirements.md §8: when the evaluations cannot be loaded (here, a pathway that does not exist) the list
    // is cleared without an error message.
    const missing = '00000000-0000-4000-8000-00000000dead';
    await page.goto(`${app.baseUrl}/patient-lookup/${missing}/previous-risk-history?type=knee`);
    await poll(() => page.getByText(messages.noRecords).isVisible(), serverWait).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await errorSummary().count()).toBe(0);
    expect(await page.getByText(messages.listLoadFailed).count()).toBe(0);
    await visit(page, 'patients-previous-evaluations-cleared');
  });
});
