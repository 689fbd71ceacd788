import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { messages } from '@esr/contracts/messages';
import { reportMessages, type FailedRecord } from '@esr/contracts/open-pathways';
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

// The open pathways end to end (docs/requirements.md §2 clerical screens, §5 report, §8, §9), driven with the
// keyboard alone, on the demonstration trust's 4,900 scored pathways: choose the type of operation,
// its counters, the filtered total table kept in the address, a report in each file type, the
// processed downloads, the failed records and error history, and the archive a new list leaves.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let page: Page;

const search = (p: Page) => new URL(p.url()).search;
const button = (name: string) => page.getByRole('button', { name, exact: true });
const date = /^\d{2}-[A-Z][a-z]{2}-\d{4}$/;
/** A page load signs in again silently and fetches its screen's code: more than a moment. */
const poll = pollWithin({ timeout: 15_000 });

/** Chooses an option of a select with the arrow keys. */
async function choose(select: Locator, label: string): Promise<void> {
  await tabTo(select);
  const place = () =>
    select.evaluate((element, wanted) => {
      const field = element as HTMLSelectElement;
      const options = Array.from(field.options);
      return {
        text: field.options[field.selectedIndex]?.text ?? '',
        gap: options.findIndex((option) => option.text === wanted) - field.selectedIndex,
      };
    }, label);
  for (let presses = 0; presses < 20; presses += 1) {
    const { gap } = await place();
    if (gap === 0) break;
    await select.page().keyboard.press(gap > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  expect((await place()).text).toBe(label);
}

/** A CSV download's lines, without its byte-order mark and the blank line after the last row. */
async function csvLines(download: Download): Promise<string[]> {
  const text = (await contentOf(download)).toString('utf8').replace(/^\uFEFF/, '');
  return text.split(/\r?\n/).filter((line) => line !== '');
}

const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

const counter = (title: string) =>
  page
    .locator('.app-counter-card', { has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('.app-counter-card__value');

/** Calls the API as the signed-in clerk, as the screens do. */
const api = (route: string, init: RequestInit = {}) => callApi(page, route, init);

interface Dashboard {
  counters: {
    activeRecords: number;
    archivedRecords: number;
    processedRecords: number;
    incompleteRecords: number;
    excludedRecords: number;
  };
  riskByProcedure: { procedureCode: string; incompleteRecords: number; excludedRecords: number }[];
}
const dashboard = async (trust: string) =>
  (await (await api(`/api/trusts/${trust}/waiting-list/dashboard`)).json()) as Dashboard;

function failedRecord(overrides: Partial<FailedRecord>): FailedRecord {
  return {
    id: '0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a001',
    waitingListId: '7a1c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e',
    nhsNumber: '9990845255',
    firstName: 'Patricia',
    lastName: 'MORRIS',
    foreName: 'Patricia',
    surName: 'MORRIS',
    operationType: 'knee',
    procedureCode: 'knee',
    hospitalNumber: 'RAN760798',
    status: 'failed',
    dateProcessed: '2026-11-24T16:05:09Z',
    failedFields: ['height', 'weight', 'crp', 'sodium', 'egfr'],
    failureReason: 'Height, weight and three blood results are outside the ranges the model accepts',
    ...overrides,
  };
}

const failedPage = {
  items: [
    failedRecord({}),
    failedRecord({
      id: '0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a002',
      nhsNumber: '9991693939',
      firstName: 'Carol',
      lastName: 'BROWN',
      foreName: 'Caroline',
      surName: 'BROWNE',
      operationType: 'hip',
      procedureCode: 'hip',
      hospitalNumber: 'RAN784617',
      failedFields: ['haemoglobin', 'albumin'],
      failureReason: null,
    }),
  ],
  pageNumber: 1,
  pageSize: 15,
  totalCount: 2,
};

let trustCode = '';
/** The knee list's pathways scored with a band: the rest are incomplete or outside the population (decision 0057). */
let kneeProcessed = 0;
const grouped = (n: number) => n.toLocaleString('en-GB');

beforeAll(async () => {
  page = await app.newPage();
});

describe('open pathways', () => {
  it('waits for the demonstration lists to be scored', { timeout: 240_000 }, async () => {
    await signInAs(page, 'Claire Evans');
    await poll(() => pathname(page)).toBe('/dashboard');
    trustCode = ((await (await api('/api/me/')).json()) as { trust: { code: string } }).trust.code;
    // Every pathway scored: with a band, or without one, a required input missing or outside the population.
    const scored = async () => {
      const { counters } = await dashboard(trustCode);
      return counters.processedRecords + counters.incompleteRecords + counters.excludedRecords;
    };
    await poll(scored, { timeout: 200_000, interval: 2_000 }).toBe(4900);
    const knee = (await dashboard(trustCode)).riskByProcedure.find((p) => p.procedureCode === 'knee')!;
    kneeProcessed = 2400 - knee.incompleteRecords - knee.excludedRecords;
    expect(kneeProcessed).toBeGreaterThan(1200);
  });

  it('chooses the type of operation from the dashboard, with an error when none is chosen', async () => {
    await page.reload();
    await activate(page.getByRole('link', { name: 'Manage open pathways', exact: true }));
    await poll(() => pathname(page)).toBe('/manage-open-pathways');
    await poll(() => heading(page).textContent()).toBe('Manage open pathways');
    // Radios grouped by category (decision 0040).
    const procedures = page.getByRole('group', { name: 'Type of operation' });
    await poll(() => procedures.getByRole('radio').count()).toBe(3);
    expect(await procedures.textContent()).toContain('Joint replacement');
    expect(await page.locator('#procedure-hint').textContent()).toContain('Knee replacement is');
    await visit(page, 'open-pathways-choose');

    await activate(button('Continue'));
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => summary.textContent()).toContain('Select the type of operation');
    await poll(() => isFocused(summary)).toBe(true);
    expect(await page.title()).toBe('Error: Manage open pathways – Elective Surgical Risk');
    await visit(page, 'open-pathways-choose-error');

    const knee = procedures.getByRole('radio', { name: 'Knee replacement', exact: true });
    await activate(knee, 'Space');
    expect(await knee.isChecked()).toBe(true);
    await activate(button('Continue'));
    await poll(() => pathname(page)).toBe('/manage-open-pathways/knee');
  });

  it('counts the total, processed and failed records, each with a View link', async () => {
    await poll(() => heading(page).textContent()).toBe('Knee replacement - Open pathways');
    // A new page: its heading has the focus, its title names it and the type of operation.
    await poll(() => isFocused(heading(page))).toBe(true);
    await poll(() => page.title()).toBe('Open pathways – Knee replacement – Elective Surgical Risk');
    await poll(() => counter('Total records').textContent()).toBe('2,400');
    expect(await counter('Processed records').textContent()).toBe(grouped(kneeProcessed));
    expect(await counter('Records that failed processing').textContent()).toBe('0');
    // The list's date under the heading (decision 0068).
    await poll(() => page.locator('.app-data-as-at').textContent()).toMatch(
      /^Data as at \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} \(when the waiting list was uploaded\)/,
    );
    const links: [string, string][] = [
      ['View total records', '/manage-open-pathways/knee/total'],
      ['View processed records', '/manage-open-pathways/knee/processed'],
      ['View records that failed processing', '/manage-open-pathways/knee/failed-records'],
    ];
    for (const [name, href] of links)
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    await visit(page, 'open-pathways-counters');
    await activate(page.getByRole('link', { name: 'View total records' }));
    await poll(() => pathname(page)).toBe('/manage-open-pathways/knee/total');
  });

  const table = () => page.getByRole('table', { name: 'Active records for knee replacement' });
  const rows = () => table().locator('tbody tr');
  const total = () => page.getByRole('status').filter({ hasText: /records? (on the waiting list|match)/ });
  /** The first row's patient: name, NHS number, local identifier and date of birth. */
  const firstPatient = async () => (await cellsOf(rows().first()))[0];
  /** A cell's lines as shown (the visually hidden words of a label left out). */
  const shown = (row: Locator, column: number) =>
    row.locator('td').nth(column).locator('.app-record-table__value').innerText();
  // A band and its probability, naming the inputs the model defaulted (decision 0057).
  const risk = /^(High|Moderate|Low) risk\s*\d{1,3}\.\d%(\nMissing inputs: [^\n]+)?$/;

  // docs/decisions/0038-the-risk-leads-the-lists.md: the risk right after the patient, seven columns
  // that fit a laptop screen, the rest within the cells and in reports.
  it('lists the active records with the risk after the patient, 15 a page, without scrolling sideways', async () => {
    await poll(() => heading(page).textContent()).toBe('Knee replacement - Total records');
    await poll(() => isFocused(heading(page))).toBe(true);
    await poll(() => page.title()).toBe('Total records – Knee replacement – Elective Surgical Risk');
    await poll(() => total().textContent()).toBe('2,400 records on the waiting list, longest wait first');
    expect(await table().getByRole('columnheader').allInnerTexts()).toEqual([
      'Patient',
      'Risk',
      'Waiting',
      'TCI date',
      'Consultant surgeon',
      'Readiness and social aspects',
      'Report',
    ]);
    expect(await rows().count()).toBe(15);
    const first = rows().first();
    const patient = await shown(first, 0);
    expect(patient.split('\n')[0]).toMatch(/^.+, .+$/);
    expect(patient).toMatch(/\n\d{3} \d{3} \d{4}\n/);
    expect(patient).toMatch(/\nBorn \d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(await shown(first, 1)).toMatch(risk);
    expect(await first.locator('td').nth(1).locator('.nhsuk-tag').getAttribute('class')).toMatch(
      /nhsuk-tag--(red|orange|green)/,
    );
    expect(await shown(first, 2)).toMatch(/^\d+ weeks\nReferred \d{2}-[A-Z][a-z]{2}-\d{4}$/);
    const report = first.getByRole('link', { name: /^View report for / });
    expect(await report.getAttribute('href')).toMatch(/^\/patient-lookup\/[0-9a-f-]{36}\?type=knee$/);
    // The list's own order is the longest wait first, and its header says so.
    expect(await table().getByRole('columnheader', { name: 'Waiting' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await table().getByRole('columnheader', { name: 'Risk' }).getAttribute('aria-sort')).toBe('none');
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pages.getByRole('listitem').allTextContents()).toEqual(['1', '2', '\u22ef', '160']);
    await visit(page, 'open-pathways-total');

    // The table fits a laptop screen: nothing to scroll sideways, so its region takes no focus.
    const region = page.getByRole('region', { name: 'Active records for knee replacement' });
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await region.getAttribute('tabindex')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('sorts by risk with the keyboard, announces the order, and keeps it in the address', async () => {
    const sortRisk = table().getByRole('button', { name: 'Risk', exact: true });
    await activate(sortRisk);
    await poll(() => search(page)).toBe('?sort=risk');
    await poll(() => total().textContent()).toBe('2,400 records on the waiting list, highest risk first');
    expect(await table().getByRole('columnheader', { name: 'Risk' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await table().getByRole('columnheader', { name: 'Waiting' }).getAttribute('aria-sort')).toBe(
      'none',
    );
    // Focus stays on the button, which turns the order round.
    expect(await isFocused(sortRisk)).toBe(true);
    // The figure a risk cell ends with (`High risk 42.1%`), read back from its `%`.
    const percentage = (text: string) => {
      if (!text.endsWith('%')) return NaN;
      let start = text.length - 1;
      while (start > 0 && /[\d.]/.test(text.charAt(start - 1))) start--;
      return Number(text.slice(start, -1));
    };
    const percentages = async () =>
      Promise.all((await rows().all()).map(async (row) => percentage(await shown(row, 1))));
    await poll(async () => (await shown(rows().first(), 1)).startsWith('High risk')).toBe(true);
    const highest = await percentages();
    expect(highest).toEqual([...highest].sort((a, b) => b - a));
    await visit(page, 'open-pathways-total-sorted');

    await page.keyboard.press('Enter');
    await poll(() => search(page)).toBe('?sort=risk&direction=asc');
    await poll(() => total().textContent()).toBe('2,400 records on the waiting list, lowest risk first');
    await poll(async () => (await shown(rows().first(), 1)).startsWith('Low risk')).toBe(true);
    const lowest = await percentages();
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    expect(await table().getByRole('columnheader', { name: 'Risk' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    // Back returns to the list's own order.
    await page.goBack();
    await page.goBack();
    await poll(() => search(page)).toBe('');
    await poll(() => total().textContent()).toBe('2,400 records on the waiting list, longest wait first');
  });

  let highRiskCount = 0;
  let secondPageFirst = '';

  it('filters the table, keeping the filters and the page in the address through a reload', async () => {
    await choose(page.getByLabel('Status'), 'Processed');
    await choose(page.getByLabel('Prediction'), 'High risk');
    await activate(button('Search'));
    await poll(() => search(page)).toBe('?status=processed&prediction=high');
    await poll(() => total().textContent()).toMatch(/^[\d,]+ records match the filters, longest wait first$/);
    highRiskCount = count((await total().textContent())!.replace(/, [a-z].*$/, ''));
    expect(highRiskCount).toBeGreaterThan(15);
    for (const row of await rows().all()) expect(await shown(row, 1)).toMatch(/^High risk\s/);

    const firstPageFirst = await firstPatient();
    await activate(
      page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }),
    );
    await poll(() => search(page)).toBe('?status=processed&prediction=high&page=2');
    await poll(firstPatient).not.toBe(firstPageFirst);
    secondPageFirst = (await firstPatient())!;
    await page.reload();
    await poll(firstPatient).toBe(secondPageFirst);
    expect(await page.getByLabel('Status').inputValue()).toBe('processed');
    expect(await page.getByLabel('Prediction').inputValue()).toBe('high');
    expect(await total().textContent()).toBe(
      `${highRiskCount.toLocaleString('en-GB')} records match the filters, longest wait first`,
    );
    await visit(page, 'open-pathways-total-filtered');

    // Back returns to the first page of the same search.
    await page.goBack();
    await poll(() => search(page)).toBe('?status=processed&prediction=high');
    await poll(firstPatient).toBe(firstPageFirst);
  });

  it('shows the same table to a colleague who opens a shared link', async () => {
    const shared = `/manage-open-pathways/knee/total?status=processed&prediction=high&page=2`;
    const other = await app.newContext();
    const colleague = await other.newPage();
    try {
      await signInAs(colleague, 'Claire Evans');
      await colleague.goto(shared);
      const colleagueRows = colleague
        .getByRole('table', { name: 'Active records for knee replacement' })
        .locator('tbody tr');
      await poll(async () => (await cellsOf(colleagueRows.first()))[0]).toBe(secondPageFirst);
      expect(await colleague.getByLabel('Prediction').inputValue()).toBe('high');
    } finally {
      await other.close();
    }
  });

  it('filters by part of a surgeon name and a referral date, refuses a date that does not exist, and clears', async () => {
    const surgeon = await shown(rows().first(), 4);
    const referral = (await shown(rows().first(), 2)).split('Referred ')[1]!;
    // Any part of the name, in any case: the surname alone finds the surgeon (decision 0038).
    const surname = surgeon.split(' ').at(-1)!.toLowerCase();
    await typeInto(page.getByLabel('Consultant surgeon'), surname);
    const referralDate = page.getByRole('group', { name: /^Referral date/ });
    const [day, month, year] = referral!.split('-');
    const monthNumber = String(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(month!) +
        1,
    );
    await typeInto(referralDate.getByLabel('Day'), String(Number(day)));
    await typeInto(referralDate.getByLabel('Month'), monthNumber);
    await typeInto(referralDate.getByLabel('Year'), year!);
    await activate(button('Search'));
    await poll(() => new URL(page.url()).searchParams.get('surgeonName')).toBe(surname);
    expect(new URL(page.url()).searchParams.get('referralDate')).toBe(
      `${year}-${monthNumber.padStart(2, '0')}-${day}`,
    );
    const matching = async () => {
      const found = await Promise.all(
        (await rows().all()).map(async (row) => [
          await shown(row, 1),
          await shown(row, 4),
          await shown(row, 2),
        ]),
      );
      return found.every(
        ([riskCell, surgeonCell, waitCell]) =>
          riskCell!.startsWith('High risk') &&
          surgeonCell === surgeon &&
          waitCell!.endsWith(`Referred ${referral}`),
      );
    };
    await poll(matching).toBe(true);
    await poll(() => total().textContent()).toMatch(
      /^[1-9][\d,]* (record matches|records match) the filters(, longest wait first)?$/,
    );

    // A TCI date that does not exist is refused where it was typed; the table and address stay.
    const before = page.url();
    const tciDate = page.getByRole('group', { name: /^TCI date/ });
    await typeInto(tciDate.getByLabel('Day'), '31');
    await typeInto(tciDate.getByLabel('Month'), '2');
    await typeInto(tciDate.getByLabel('Year'), '2026');
    await activate(button('Search'));
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => summary.textContent()).toContain('TCI date must be a real date, like 24 11 2026');
    await poll(() => isFocused(summary)).toBe(true);
    expect(await tciDate.locator('.nhsuk-error-message').textContent()).toBe(
      'Error: TCI date must be a real date, like 24 11 2026',
    );
    expect(await summary.getByRole('link').getAttribute('href')).toBe('#filter-tciDate-day');
    expect(page.url()).toBe(before);
    await visit(page, 'open-pathways-total-date-error');

    await activate(button('Clear'));
    await poll(() => search(page)).toBe('');
    await poll(() => total().textContent()).toBe('2,400 records on the waiting list, longest wait first');
    expect(await summary.count()).toBe(0);
    expect(await page.getByLabel('Consultant surgeon').inputValue()).toBe('');
    expect(await tciDate.getByLabel('Day').inputValue()).toBe('');
  });

  it("says 'No Records found.' for a search that matches nothing, and retries a failed load", async () => {
    await typeInto(page.getByLabel('NHS number'), '000');
    await activate(button('Search'));
    await poll(() => page.getByText(messages.noRecords).isVisible()).toBe(true);
    await poll(() => total().textContent()).toBe('0 records match the filters');
    await visit(page, 'open-pathways-total-empty');

    const active = (url: URL) => url.pathname.endsWith('/manage/records/active');
    await page.route(active, (route) =>
      route.fulfill(fixture({ detail: 'Internal server error occurred' }, 500)),
    );
    await page.goto('/manage-open-pathways/knee/total?prediction=low');
    const retry = page.getByRole('button', { name: messages.listLoadFailed });
    await poll(() => retry.isVisible()).toBe(true);
    await visit(page, 'open-pathways-total-error');
    await page.unroute(active);
    await activate(retry);
    await poll(() => rows().count()).toBe(15);
    expect(await retry.count()).toBe(0);
  });

  it('carries the filters to Generate report, which says which records the report holds', async () => {
    await page.goto('/manage-open-pathways/knee/total?status=processed&prediction=high&page=2');
    await poll(firstPatient).toBe(secondPageFirst);
    await activate(button('Generate report'));
    await poll(() => pathname(page)).toBe('/manage-open-pathways/knee/total/generate-report');
    expect(search(page)).toBe('?status=processed&prediction=high');
    await poll(() => heading(page).textContent()).toBe('Knee replacement - Generate report');
    const main = page.getByRole('main');
    await poll(() => main.textContent()).toContain(
      `The report will include ${highRiskCount.toLocaleString('en-GB')} records matching:`,
    );
    expect(await main.getByRole('listitem').allTextContents()).toEqual([
      'Status: Processed',
      'Prediction: High risk',
    ]);
    await poll(() => page.getByRole('checkbox').count()).toBeGreaterThan(3);
    await visit(page, 'open-pathways-report');
  });

  it('needs a name of up to 30 characters, a file type and a field', async () => {
    await activate(button('Generate report'));
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => summary.getByRole('listitem').allTextContents()).toEqual([
      reportMessages.nameRequired,
      reportMessages.fileTypeRequired,
      reportMessages.fieldsRequired,
    ]);
    await poll(() => isFocused(summary)).toBe(true);
    expect(
      await summary.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).toEqual(['#reportName', '#fileType', '#fields-1']);
    await visit(page, 'open-pathways-report-errors');

    await typeInto(page.getByLabel('Report name'), 'x'.repeat(31));
    await activate(button('Generate report'));
    await poll(() => summary.textContent()).toContain(reportMessages.nameTooLong);
  });

  it('generates the report as CSV, named with a timestamp, with the chosen fields as its header', async () => {
    await typeInto(page.getByLabel('Report name'), 'High risk knee');
    await choose(page.getByLabel('File type'), 'CSV (comma-separated values)');
    for (const field of ['NHS number', 'First name', 'Prediction'])
      await activate(page.getByRole('checkbox', { name: field, exact: true }), 'Space');
    // Hold the answer back, so that the button's words while the report is made can be seen.
    const exportCall = (url: URL) => url.pathname.endsWith('/records/active/export');
    await page.route(
      exportCall,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
      { times: 1 },
    );
    const generate = page.getByRole('button', { name: /^(Generate report|Generating report\.\.\.)$/ });
    await tabTo(generate);
    const downloaded = page.waitForEvent('download', serverWait);
    await page.keyboard.press('Enter');
    await poll(() => generate.textContent()).toBe(reportMessages.generating);
    expect(await generate.isDisabled()).toBe(true);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^High risk knee_\d{8}-\d{6}\.csv$/);
    const lines = await csvLines(download);
    expect(lines[0]).toBe('NHS number,First name,Prediction');
    expect(lines).toHaveLength(highRiskCount + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/,High risk$/);
    await poll(() => generate.textContent()).toBe('Generate report');
    await poll(() =>
      page.getByRole('status').filter({ hasText: 'The report has been generated' }).textContent(),
    ).toContain(download.suggestedFilename());
  });

  it('generates the same report as XLSX and as PDF', async () => {
    const generate = button('Generate report');
    await choose(page.getByLabel('File type'), 'XLSX (Excel workbook)');
    const xlsx = await downloadFrom(generate);
    expect(xlsx.suggestedFilename()).toMatch(/^High risk knee_\d{8}-\d{6}\.xlsx$/);
    const workbook = await contentOf(xlsx);
    expect(workbook.length).toBeGreaterThan(1000);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');

    await choose(page.getByLabel('File type'), 'PDF');
    const pdf = await downloadFrom(generate);
    expect(pdf.suggestedFilename()).toMatch(/^High risk knee_\d{8}-\d{6}\.pdf$/);
    const document = await contentOf(pdf);
    expect(document.length).toBeGreaterThan(1000);
    expect(document.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("says 'Error generating report' when the report fails, and when the fields cannot be fetched", async () => {
    const exportCall = (url: URL) => url.pathname.endsWith('/records/active/export');
    await page.route(exportCall, (route) =>
      route.fulfill(fixture({ detail: 'Internal server error occurred' }, 500)),
    );
    await activate(button('Generate report'));
    const summary = page.locator('.nhsuk-error-summary');
    await poll(() => summary.textContent()).toContain(messages.reportFailed);
    await visit(page, 'open-pathways-report-failed');
    await page.unroute(exportCall);

    const fields = (url: URL) => url.pathname.endsWith('/records/active/fields');
    await page.route(fields, (route) =>
      route.fulfill(fixture({ detail: 'Internal server error occurred' }, 500)),
    );
    await page.reload();
    await poll(() => page.getByText(messages.waitingListFieldsFailed).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await visit(page, 'open-pathways-report-fields-failed');
    await page.unroute(fields);
    await activate(button('Try again'));
    await poll(() => page.getByRole('checkbox').count()).toBeGreaterThan(3);
  });

  it("links the dashboard's risk counts to each procedure's list of that risk, the highest first", async () => {
    // docs/decisions/0038-the-risk-leads-the-lists.md: the counters are of every procedure, the lists of one.
    await page.goto('/dashboard');
    const link = page.getByRole('link', {
      name: `Knee replacement: ${highRiskCount.toLocaleString('en-GB')} high risk records`,
      exact: true,
    });
    await poll(() => link.getAttribute('href')).toBe(
      '/manage-open-pathways/knee/total?prediction=high&sort=risk',
    );
    await visit(page, 'open-pathways-dashboard-risk');
    await activate(link);
    await poll(() => pathname(page)).toBe('/manage-open-pathways/knee/total');
    await poll(() => total().textContent()).toBe(
      `${highRiskCount.toLocaleString('en-GB')} records match the filters, highest risk first`,
    );
    expect(await page.getByLabel('Prediction').inputValue()).toBe('high');
    expect(await table().getByRole('columnheader', { name: 'Risk' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('downloads the processed records as CSV, in total and by risk', async () => {
    await page.goto('/manage-open-pathways/knee');
    await activate(page.getByRole('link', { name: 'View processed records' }));
    await poll(() => heading(page).textContent()).toBe('Knee replacement - Processed records');
    await poll(() => counter('Total processed').textContent()).toBe(grouped(kneeProcessed));
    const risks = await Promise.all(
      ['High risk', 'Moderate risk', 'Low risk'].map(async (title) =>
        count(await counter(title).textContent()),
      ),
    );
    expect(risks.reduce((sum, n) => sum + n, 0)).toBe(kneeProcessed);
    expect(risks[0]).toBe(highRiskCount);
    await visit(page, 'open-pathways-processed');

    const high = await downloadFrom(page.getByRole('button', { name: 'Download CSV of high risk records' }));
    expect(high.suggestedFilename()).toMatch(/\.csv$/);
    const highLines = await csvLines(high);
    expect(highLines[0]).toContain('NHS number');
    expect(highLines).toHaveLength(highRiskCount + 1);

    const all = await downloadFrom(
      page.getByRole('button', { name: 'Download CSV of total processed records' }),
    );
    expect(await csvLines(all)).toHaveLength(kneeProcessed + 1);
  });

  it("lists the records that failed processing, their fields as tags, the rest behind '+N more'", async () => {
    await page.goto('/manage-open-pathways/knee');
    await activate(page.getByRole('link', { name: 'View records that failed processing' }));
    await poll(() => heading(page).textContent()).toBe('Knee replacement - Records that failed processing');
    await poll(() => page.getByText(messages.noRecords).isVisible()).toBe(true);
    await visit(page, 'open-pathways-failed-empty');

    const failed = (url: URL) => url.pathname.endsWith('/procedures/knee/manage/records/failed');
    await page.route(failed, (route) => route.fulfill(fixture(failedPage)));
    await page.reload();
    const failedTable = page.getByRole('table', { name: 'Records that failed processing' });
    await poll(() => failedTable.locator('tbody tr').count()).toBe(2);
    expect(await failedTable.getByRole('columnheader').allTextContents()).toEqual([
      'NHS number',
      'First name',
      'Last name',
      'Failed fields',
      'Type of operation',
      'Local patient identifier',
      'Status',
      'Date processed',
    ]);
    const first = await cellsOf(failedTable.locator('tbody tr').first());
    expect([...first.slice(0, 3), ...first.slice(4)]).toEqual([
      '999 084 5255',
      'Patricia',
      'MORRIS',
      'Knee replacement',
      'RAN760798',
      'Failed processing',
      '24-Nov-2026 16:05:09',
    ]);
    const tags = page.getByRole('list', { name: 'Failed fields of Patricia MORRIS' });
    expect(await tags.locator('.nhsuk-tag').allTextContents()).toEqual(['Height (cm)', 'Weight (kg)', 'CRP']);
    const more = tags.getByRole('button', { name: '+2 more failed fields of Patricia MORRIS' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.getByRole('list', { name: 'Failed fields of Carol BROWN' }).getByRole('button').count(),
    ).toBe(0);
    await visit(page, 'open-pathways-failed');

    await activate(more);
    await poll(() => tags.locator('.nhsuk-tag').allTextContents()).toEqual([
      'Height (cm)',
      'Weight (kg)',
      'CRP',
      'Sodium',
      'eGFR',
    ]);
    const fewer = tags.getByRole('button', { name: 'Show fewer failed fields of Patricia MORRIS' });
    expect(await fewer.getAttribute('aria-expanded')).toBe('true');
    expect(await isFocused(fewer)).toBe(true);
    await visit(page, 'open-pathways-failed-expanded');
    await page.keyboard.press('Enter');
    await poll(() => tags.locator('.nhsuk-tag').count()).toBe(3);
    await page.unroute(failed);
  });

  it('links the error history and the archive from the upload history, with the keyboard', async () => {
    await page.goto('/data-upload-history');
    await poll(() => heading(page).textContent()).toBe('Data upload history');
    await activate(page.getByRole('link', { name: 'error history', exact: true }));
    await poll(() => pathname(page)).toBe('/data-upload-history/error');
    await poll(() => heading(page).textContent()).toBe('Open pathways error history');
    await page.goBack();
    await poll(() => heading(page).textContent()).toBe('Data upload history');
    await activate(page.getByRole('link', { name: 'archived records', exact: true }));
    await poll(() => pathname(page)).toBe('/data-upload-history/archived');
    await poll(() => heading(page).textContent()).toBe('Archived records');
  });

  it('lists the failed records of every type in the error history, named by forename and surname', async () => {
    // Reached from the dashboard's count of records that failed processing (docs/requirements.md §2).
    await page.goto('/dashboard');
    await activate(page.getByRole('link', { name: 'View error history', exact: true }));
    await poll(() => pathname(page)).toBe('/data-upload-history/error');
    await poll(() => heading(page).textContent()).toBe('Open pathways error history');
    await poll(() => page.getByText(messages.noRecords).isVisible()).toBe(true);
    await visit(page, 'open-pathways-error-history-empty');

    const failed = (url: URL) =>
      url.pathname.endsWith(`/trusts/${trustCode}/waiting-list/manage/records/failed`);
    await page.route(failed, (route) => route.fulfill(fixture(failedPage)));
    await page.reload();
    const history = page.getByRole('table', { name: 'Records that failed processing' });
    await poll(() => history.locator('tbody tr').count()).toBe(2);
    // The type of operation is named once the procedures are read (the failed records may come first).
    await poll(async () => {
      const second = await cellsOf(history.locator('tbody tr').nth(1));
      return [...second.slice(0, 3), second[4]];
    }).toEqual(['999 169 3939', 'Caroline', 'BROWNE', 'Hip replacement']);
    await visit(page, 'open-pathways-error-history');
    await page.unroute(failed);
  });

  it('archives the pathways a new list leaves out, lists them and exports them', async () => {
    await page.goto('/data-upload-history/archived');
    await poll(() => heading(page).textContent()).toBe('Archived records');
    // The demonstration history of operated patients (decision 0045) is archived once, whole.
    await poll(async () => (await dashboard(trustCode)).counters.archivedRecords, {
      timeout: 120_000,
      interval: 1_000,
    }).toBeGreaterThan(0);
    const operated = (await dashboard(trustCode)).counters.archivedRecords;

    // A new knee list of four patients, through the API as the upload screens send it: every
    // knee pathway of the demonstration list leaves the active list.
    const files = new FormData();
    const file = (name: string, where: string) =>
      new Blob([readFileSync(path.resolve(where, name))], { type: 'text/csv' });
    files.append(
      'waitingListDataFile',
      file('pas-extract-cp1252.csv', 'packages/import-files/test/files'),
      'pas-extract-cp1252.csv',
    );
    files.append('bloodTestDataFile', file('knee-blood-tests.csv', 'e2e/files'), 'knee-blood-tests.csv');
    const filesBase = `/api/trusts/${trustCode}/waiting-list/procedures/knee/files`;
    const upload = await api(`${filesBase}/upload/`, { method: 'POST', body: files });
    expect(upload.status).toBe(202);
    const { batchId } = (await upload.json()) as { batchId: string };
    await poll(
      async () => {
        const status = (await (await api(`${filesBase}/upload-status/?batchId=${batchId}`)).json()) as {
          waiting_list: { status: string };
          blood_test: { status: string };
        };
        return [status.waiting_list.status, status.blood_test.status];
      },
      { timeout: 60_000, interval: 1_000 },
    ).toEqual(['VALIDATED', 'VALIDATED']);
    // Four patients over the whole list: the summary warns, and the confirm carries the number
    // archived, as the clerk types it (docs/decisions/0053-archive-warning-on-confirm.md).
    const { archiveWarning } = (await (
      await api(`${filesBase}/validation-summary/?batchId=${batchId}`)
    ).json()) as { archiveWarning: { archived: number } | null };
    expect(archiveWarning?.archived).toBeGreaterThan(0);
    const confirm = await api(`${filesBase}/confirm_import/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batchId, archiveCount: archiveWarning?.archived }),
    });
    expect([200, 202]).toContain(confirm.status);
    await poll(async () => (await dashboard(trustCode)).counters.archivedRecords, {
      timeout: 90_000,
      interval: 1_000,
    }).toBeGreaterThan(operated);
    const archived = (await dashboard(trustCode)).counters.archivedRecords;

    await page.goto('/dashboard');
    await activate(page.getByRole('link', { name: 'View archive', exact: true }));
    await poll(() => pathname(page)).toBe('/data-upload-history/archived');
    const archive = page.getByRole('table', { name: 'Archived records' });
    await poll(() => archive.locator('tbody tr').count(), serverWait).toBe(15);
    expect(await archive.getByRole('columnheader').allInnerTexts()).toEqual([
      'Patient',
      'Risk when removed',
      'Type of operation',
      'Date of operation',
      'Consultant surgeon',
      'Referral date',
      'Date removed',
      'Last waiting list ID',
      'Report',
    ]);
    const first = await cellsOf(archive.locator('tbody tr').first());
    expect(first[0]).toMatch(/\d{3} \d{3} \d{4}/);
    // Every demonstration pathway was scored: each left the list with its risk (decision 0038), or
    // with the reason it had none (decision 0057).
    expect(await shown(archive.locator('tbody tr').first(), 1)).toMatch(
      new RegExp(`${risk.source}|^Incomplete\\s`),
    );
    expect(first[2]).toBe('Knee replacement');
    expect(first[6]).toMatch(date);
    expect(
      await archive
        .locator('tbody tr')
        .first()
        .getByRole('link', { name: /^View report for / })
        .getAttribute('href'),
    ).toMatch(/^\/patient-lookup\/[0-9a-f-]{36}\?type=knee$/);
    expect(await page.getByText(`${archived.toLocaleString('en-GB')} records found`).isVisible()).toBe(true);
    await visit(page, 'open-pathways-archived');

    const exported = await downloadFrom(button('Export data'));
    expect(exported.suggestedFilename()).toMatch(/_\d{8}-\d{6}\.csv$/);
    const lines = await csvLines(exported);
    expect(lines[0]).toContain('NHS number');
    expect(lines).toHaveLength(archived + 1);
  });
});

describe('loading the screens', () => {
  it("says when a screen's code cannot be loaded, and loads it on Try again", async () => {
    const other = await app.newContext();
    const fresh = await other.newPage();
    const clerical = (url: URL) => /\/assets\/clerical-screens-[\w-]+\.js$/.test(url.pathname);
    try {
      await fresh.route(clerical, (route) => route.abort('internetdisconnected'));
      await signInAs(fresh, 'Claire Evans');
      const title = fresh.getByRole('heading', { level: 1 });
      await poll(() => title.textContent()).toBe('Sorry, this page could not be loaded');
      expect(await fresh.getByRole('alert').textContent()).toContain('Check your internet connection');
      expect(await fresh.getByRole('navigation', { name: 'Breadcrumb' }).isVisible()).toBe(true);
      await visit(fresh, 'screen-load-failed');

      // The code now arrives, slowly: 'Loading data' shows in the layout meanwhile.
      await fresh.unroute(clerical);
      await fresh.route(clerical, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await activate(fresh.getByRole('button', { name: 'Try again' }));
      await poll(() => fresh.getByRole('status').filter({ hasText: messages.loading }).count()).toBe(1);
      await poll(() => title.textContent()).toContain('Dashboard');
    } finally {
      await other.close();
    }
  });
});
