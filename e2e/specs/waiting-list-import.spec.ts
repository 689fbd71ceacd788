import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@esr/contracts/messages';
import { importMessages } from '@esr/contracts/waiting-list';
import { signInAs, visit } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';
import {
  activate,
  cellsOf,
  chooseFile as chooseFileWithKeys,
  heading,
  isFocused,
  pathname,
  tabTo,
} from '../fixtures/keyboard.js';

// The clerical waiting-list import end to end (docs/requirements.md §2 Clerical screens, §4, §5, §8), driven with
// the keyboard alone: a good upload is validated and confirmed; a file with errors cannot be
// confirmed and is cancelled; a file that is not a waiting list fails; a busy service blocks
// uploading; the data upload history lists every file.
const app = useApp();
let page: Page;

const file = (name: string) => path.resolve('e2e/files', name);
// A realistic extract: a PAS tracking list in Windows-1252 with banner rows, semicolons and a
// record across two lines (packages/import-files/test/files). The list with errors has one
// problem on each of 18 rows, more than a page of them.
const goodWaitingList = path.resolve('packages/import-files/test/files', 'pas-extract-cp1252.csv');
const waitingListWithErrors = file('knee-waiting-list-with-errors.csv');
const goodBloodTests = file('knee-blood-tests.csv');
const missingColumns = file('knee-waiting-list-missing-columns.csv');
// Comments from the laboratory where the results should be: no test name, result or date column.
const bloodsWithoutResults = file('pathology-without-results.csv');

const nhsFontStack = /^"?Frutiger W01"?, arial, sans-serif$/i;
const dateTime = /^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}$/;
const button = (name: string) => page.getByRole('button', { name, exact: true });
const bodyFont = (p: Page) => p.evaluate(() => getComputedStyle(document.body).fontFamily);

async function chooseFile(label: string, filePath: string): Promise<void> {
  await chooseFileWithKeys(page.getByLabel(label, { exact: true }), filePath);
}

/** From the overview of a type of operation, once the service is idle, to the file pickers. */
async function continueToFiles(type: string): Promise<void> {
  const next = button('Continue');
  // The overview polls the status while busy (an earlier import may still be scored).
  await expect.poll(() => next.isEnabled(), { timeout: 90_000 }).toBe(true);
  await activate(next);
  await expect.poll(() => pathname(page)).toBe(`/upload-patient-list/${type}/upload`);
}

async function uploadFiles(waitingList: string, bloodTests: string): Promise<void> {
  await chooseFile('Waiting list file', waitingList);
  await chooseFile('Blood test file', bloodTests);
  await activate(button('Continue'));
}

/** For what waits on the server (an upload, a job, a decision) on a machine shared with others. */
const serverWait = { timeout: 15_000 };

const statusTags = () =>
  page.getByRole('table', { name: 'Validation status of each file' }).locator('.nhsuk-tag');

beforeAll(async () => {
  page = await app.newPage();
});

describe('the NHS.UK font', () => {
  it('renders a public page in the NHS.UK font stack', async () => {
    await page.goto('/privacy');
    await expect.poll(() => heading(page).textContent()).toBe('Privacy policy');
    expect(await bodyFont(page)).toMatch(nhsFontStack);
  });
});

describe('clerical user', () => {
  it('sees the dashboard counters and links, in the NHS.UK font', async () => {
    await signInAs(page, 'Claire Evans');
    await expect.poll(() => pathname(page)).toBe('/dashboard');
    await expect.poll(() => heading(page).textContent()).toContain('Dashboard');
    expect(await bodyFont(page)).toMatch(nhsFontStack);
    for (const title of [
      'Active records',
      'Archived records',
      'Processed records',
      'High risk',
      'Low risk',
    ]) {
      expect(await page.getByRole('heading', { name: title }).isVisible(), title).toBe(true);
    }
    await expect.poll(() => page.getByText(messages.loading).count()).toBe(0);
    const links: [string, string][] = [
      ['Manage open pathways', '/manage-open-pathways'],
      ['View archive', '/data-upload-history/archived'],
      ['Upload patient list', '/upload-patient-list'],
      ['Patient lookup', '/patient-lookup'],
      ['Data upload history', '/data-upload-history/'],
    ];
    for (const [name, href] of links) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await visit(page, 'waiting-list-dashboard');
  });

  it('shows the retry message when the dashboard cannot load, and loads again from it', async () => {
    const dashboard = (url: URL) => url.pathname.endsWith('/waiting-list/dashboard');
    await page.route(dashboard, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Internal server error occurred"}',
      }),
    );
    await page.reload();
    const retry = page.getByRole('button', { name: messages.listLoadFailed });
    await expect.poll(() => retry.isVisible()).toBe(true);
    await visit(page, 'waiting-list-dashboard-error');
    await page.unroute(dashboard);
    await activate(retry);
    await expect.poll(() => retry.count()).toBe(0);
    expect(await page.getByText(messages.notAvailable).count()).toBe(0);
  });

  it('finds no uploads in the history yet', async () => {
    await activate(page.getByRole('link', { name: 'Data upload history', exact: true }));
    await expect.poll(() => heading(page).textContent()).toBe('Data upload history');
    await expect.poll(() => page.getByText(messages.noRecords).isVisible()).toBe(true);
    await visit(page, 'waiting-list-history-empty');
  });

  it('chooses the type of operation, with an error when none is chosen', async () => {
    await page.goto('/dashboard');
    await activate(page.getByRole('link', { name: 'Upload patient list', exact: true }));
    await expect.poll(() => heading(page).textContent()).toBe('Upload patient list');
    // Radios grouped by category (decision 0040).
    const procedures = page.getByRole('group', { name: 'Type of operation' });
    await expect.poll(() => procedures.getByRole('radio').count()).toBe(3);
    expect(await procedures.textContent()).toContain('Joint replacement');
    expect(await page.locator('#procedure-hint').textContent()).toContain('Knee replacement is');
    expect(await page.locator('#procedure-hint').textContent()).toContain('Hip replacement is');
    await visit(page, 'waiting-list-choose-procedure');

    await activate(button('Continue'));
    const summary = page.locator('.nhsuk-error-summary');
    await expect.poll(() => summary.textContent()).toContain('Select the type of operation');
    await expect.poll(() => isFocused(summary)).toBe(true);
    expect(await page.locator('#procedure-error').textContent()).toContain('Select the type of operation');
    await visit(page, 'waiting-list-choose-procedure-error');

    // Tab reaches the first choice of the group; Space chooses it.
    const knee = procedures.getByRole('radio', { name: 'Knee replacement', exact: true });
    await tabTo(knee);
    await page.keyboard.press('Space');
    expect(await knee.isChecked()).toBe(true);
    await activate(button('Continue'));
    await expect.poll(() => pathname(page)).toBe('/upload-patient-list/knee');
  });

  it('explains the upload on the overview, with sample files, history and the service status', async () => {
    await expect.poll(() => page.locator('.nhsuk-caption-l').textContent()).toContain('Knee replacement');
    const main = page.getByRole('main');
    expect(await main.textContent()).toContain('replaces the current waiting list for knee replacement');
    const samples = main.getByRole('link', { name: /^Download the / });
    expect(await samples.allTextContents()).toEqual([
      'Download the waiting list template (CSV)',
      'Download the waiting list template (XLSX)',
      'Download the blood test template (CSV)',
      'Download the blood test template (XLSX)',
    ]);
    for (const link of await samples.all()) expect(await link.getAttribute('download')).not.toBeNull();
    await expect
      .poll(() => main.getByText('No patient list has been uploaded for knee replacement yet.').isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('.nhsuk-summary-list').textContent()).toContain('Idle');
    expect(await page.getByText(messages.serviceBusy).count()).toBe(0);

    await activate(page.locator('summary', { hasText: 'Upload history' }));
    await expect.poll(() => page.locator('details').getAttribute('open')).not.toBeNull();
    expect(await page.locator('details').getByText(messages.noRecords).isVisible()).toBe(true);
    await visit(page, 'waiting-list-overview');
  });

  it('uploads a good waiting list and blood tests, shows them validated and confirms the import', async () => {
    await continueToFiles('knee');
    await expect.poll(() => heading(page).textContent()).toContain('Upload files');
    expect(await page.getByText(messages.noFileSelected).count()).toBe(2);
    expect(await page.locator('#waiting-list-file-hint').textContent()).toBe(
      'A CSV, XLSX or XLS file, up to 50 MB',
    );
    expect(await page.getByLabel('Waiting list file', { exact: true }).getAttribute('accept')).toBe(
      '.csv,.xlsx,.xls',
    );
    expect(await button('Continue').isDisabled()).toBe(true);
    await visit(page, 'waiting-list-upload-files');

    await chooseFile('Waiting list file', goodWaitingList);
    expect(await button('Continue').isDisabled()).toBe(true);
    expect(await page.getByText('Selected: pas-extract-cp1252.csv').isVisible()).toBe(true);
    await chooseFile('Blood test file', goodBloodTests);
    expect(await button('Continue').isEnabled()).toBe(true);

    // Hold the upload's answer back, so that its progress can be seen.
    const upload = (url: URL) => url.pathname.endsWith('/files/upload/');
    await page.route(
      upload,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
      { times: 1 },
    );
    await activate(button('Continue'));
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Upload progress' }).isVisible())
      .toBe(true);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Uploading/ })
        .count(),
    ).toBe(1);

    await expect
      .poll(() => new URL(page.url()).searchParams.get('batchId'), serverWait)
      .toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => statusTags().allTextContents(), { timeout: 60_000 })
      .toEqual(['Validated', 'Validated']);
    expect(await statusTags().first().getAttribute('class')).toContain('nhsuk-tag--green');
    expect(await page.getByRole('status').filter({ hasText: 'Waiting list file: validated.' }).count()).toBe(
      1,
    );

    await expect
      .poll(() => page.getByRole('heading', { name: 'Confirm Upload Summary' }).isVisible(), serverWait)
      .toBe(true);
    const waitingListSection = page.getByRole('region', { name: /^Waiting list file/ });
    const summaryValue = (key: string) =>
      waitingListSection.locator('.nhsuk-summary-list__row', { hasText: key }).locator('dd').textContent();
    // Four patients, the second one's address spanning two lines; the extract's Notes column is not ours.
    expect(await summaryValue('Rows read')).toBe('4');
    expect(await summaryValue('Valid rows')).toBe('4');
    expect(await summaryValue('Rows with errors')).toBe('0');
    expect(await summaryValue('Unexpected columns')).toBe('Notes');
    const matching = page.getByRole('region', { name: 'Matching the two files' });
    expect(await matching.textContent()).toContain(
      '1 patient on the waiting list has no blood test results.',
    );
    expect(await page.getByRole('table', { name: /^Rows with errors/ }).count()).toBe(0);
    // What the confirm will do to the current list, before Confirm (docs/decisions/0037).
    const changes = page.getByRole('region', { name: 'What confirming will do' });
    expect(await changes.isVisible()).toBe(true);
    expect(await changes.locator('.nhsuk-summary-list__key').allTextContents()).toEqual([
      'Patients added to the list',
      'Patients whose details are updated',
      'Patients unchanged',
      'Patients archived (not on the new list)',
    ]);
    const confirm = button('Confirm');
    expect(await confirm.isEnabled()).toBe(true);
    await visit(page, 'waiting-list-summary-validated');

    await activate(confirm);
    await expect.poll(() => pathname(page), serverWait).toBe('/upload-patient-list/knee/upload/complete');
    await expect.poll(() => heading(page).textContent()).toBe('Upload complete');
    // Once the confirm is applied, the page says what it did.
    await expect
      .poll(() => page.getByRole('region', { name: 'What the upload changed' }).textContent(), serverWait)
      .toContain('added to the list.');
    expect(await page.getByRole('heading', { name: 'What happens next' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await visit(page, 'waiting-list-upload-complete');

    await activate(page.getByRole('link', { name: 'Back to the upload patient list overview' }));
    await expect.poll(() => pathname(page)).toBe('/upload-patient-list/knee');
    await expect.poll(() => page.getByRole('main').getByText(dateTime).count()).toBeGreaterThan(0);
  });

  it('shows the rows with errors of a file, refuses to confirm it and cancels back to the file pickers', async () => {
    await continueToFiles('knee');
    await uploadFiles(waitingListWithErrors, goodBloodTests);
    await expect
      .poll(() => statusTags().allTextContents(), { timeout: 60_000 })
      .toEqual(['Validated with errors', 'Validated']);
    expect(await statusTags().first().getAttribute('class')).toContain('nhsuk-tag--orange');

    const rows = page.getByRole('table', { name: /^Rows with errors in the waiting list file/ });
    // The rows with errors arrive after the statuses, a page of them at a time.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Rows with errors' }).isVisible(), serverWait)
      .toBe(true);
    expect(
      await page.getByText('The upload cannot be confirmed until these rows are corrected.').count(),
    ).toBe(1);
    expect(await button('Download the rows with errors of the waiting list file (CSV)').isEnabled()).toBe(
      true,
    );
    await expect.poll(() => rows.isVisible(), serverWait).toBe(true);
    expect(await rows.getByRole('columnheader').allTextContents()).toEqual([
      'Row in your spreadsheet',
      'Field',
      'Reason',
    ]);
    expect(await rows.locator('tbody tr').count()).toBe(15);
    const first = await cellsOf(rows.locator('tbody tr').first());
    expect(first.slice(0, 2)).toEqual(['4', 'NHS number']);
    expect(first[2]).toContain('fails the check digit');
    const wholeRow = await cellsOf(rows.locator('tbody tr').nth(2));
    expect(wholeRow.slice(0, 2)).toEqual(['6', 'Whole row']);
    expect(wholeRow[2]).toContain('neither an NHS number nor a local patient identifier');

    // 18 rows with errors: the second page comes from the server, and the page is kept in the address.
    const pages = page.getByRole('navigation', { name: 'Pages of waiting list rows with errors' });
    await activate(pages.getByRole('link', { name: 'Page 2' }));
    await expect.poll(() => new URL(page.url()).searchParams.get('waitingListPage'), serverWait).toBe('2');
    await expect
      .poll(async () => (await cellsOf(rows.locator('tbody tr').first()))[0], serverWait)
      .toBe('19');
    expect(await rows.locator('tbody tr').count()).toBe(3);
    expect(await pages.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    expect(await button('Confirm').isDisabled()).toBe(true);
    expect(await page.getByRole('main').textContent()).toContain(importMessages.notReadyToConfirm);
    await visit(page, 'waiting-list-summary-with-errors');

    await activate(button('Cancel'));
    await expect.poll(() => new URL(page.url()).searchParams.get('batchId'), serverWait).toBeNull();
    await expect.poll(() => page.getByLabel('Waiting list file', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(messages.noFileSelected).count()).toBe(2);
    await expect.poll(() => isFocused(heading(page))).toBe(true);
  });

  it('says a waiting list without the columns it needs failed, and which columns are missing', async () => {
    await page.goto('/upload-patient-list/knee');
    await continueToFiles('knee');
    await uploadFiles(missingColumns, goodBloodTests);
    await expect
      .poll(() => statusTags().allTextContents(), { timeout: 60_000 })
      .toEqual(['Failed', 'Validated']);
    expect(await statusTags().first().getAttribute('class')).toContain('nhsuk-tag--red');
    const failure = page.locator('.nhsuk-warning-callout');
    await expect
      .poll(() => failure.textContent(), serverWait)
      .toContain(messages.waitingListValidationFailed);
    const missing = page
      .getByRole('region', { name: /^Waiting list file/ })
      .locator('.nhsuk-summary-list__row', { hasText: 'Missing columns' })
      .locator('dd');
    expect(await missing.textContent()).toBe('Date of Birth, Sex, Referral Date');
    expect(await button('Confirm').isDisabled()).toBe(true);
    await visit(page, 'waiting-list-summary-failed');
    await activate(button('Cancel'));
    await expect.poll(() => new URL(page.url()).searchParams.get('batchId'), serverWait).toBeNull();
  });

  it('says a blood test file it cannot read failed, and will not confirm it', async () => {
    await page.goto('/upload-patient-list/knee');
    await continueToFiles('knee');
    await uploadFiles(goodWaitingList, bloodsWithoutResults);
    await expect
      .poll(async () => (await statusTags().allTextContents())[1], { timeout: 60_000 })
      .toBe('Failed');
    expect(await statusTags().nth(1).getAttribute('class')).toContain('nhsuk-tag--red');
    const failure = page.locator('.nhsuk-warning-callout');
    await expect.poll(() => failure.textContent(), serverWait).toContain(messages.bloodTestValidationFailed);
    expect(await button('Confirm').isDisabled()).toBe(true);
    await visit(page, 'waiting-list-summary-blood-tests-failed');
    await activate(button('Cancel'));
    await expect.poll(() => new URL(page.url()).searchParams.get('batchId'), serverWait).toBeNull();
  });

  it("puts the server's refusals under each file, and says when the service is busy", async () => {
    const upload = (url: URL) => url.pathname.endsWith('/files/upload/');
    await page.route(upload, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          detail: 'The files could not be uploaded',
          errors: {
            waitingListDataFile: ['The file is empty'],
            bloodTestDataFile: [importMessages.wrongExtension],
          },
        }),
      }),
    );
    await uploadFiles(goodWaitingList, goodBloodTests);
    const summary = page.locator('.nhsuk-error-summary');
    await expect.poll(() => summary.textContent(), serverWait).toContain('The file is empty');
    expect(await summary.textContent()).toContain(importMessages.wrongExtension);
    expect(await page.locator('#waiting-list-file-error').textContent()).toContain('The file is empty');
    expect(await page.locator('#blood-test-file-error').textContent()).toContain(
      importMessages.wrongExtension,
    );
    await expect.poll(() => isFocused(summary)).toBe(true);
    await visit(page, 'waiting-list-upload-server-errors');
    await page.unroute(upload);

    await page.route(upload, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ detail: messages.serviceBusy }),
      }),
    );
    await activate(button('Continue'));
    await expect.poll(() => summary.textContent(), serverWait).toContain(messages.serviceBusy);
    await page.unroute(upload);
  });

  it('blocks uploading while the service is busy, and allows it again once idle', async () => {
    const status = (url: URL) => url.pathname.endsWith('/batch-inferencing/status');
    await page.route(status, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'busy', lastRun: '2026-11-24T16:05:09Z' }),
      }),
    );
    await page.goto('/upload-patient-list/knee');
    const inset = page.locator('.nhsuk-inset-text');
    await expect.poll(() => inset.textContent()).toContain(messages.serviceBusy);
    expect(await inset.locator('p').textContent()).toBe(messages.serviceBusy);
    expect(await button('Continue').isDisabled()).toBe(true);
    expect(await page.locator('.nhsuk-summary-list').textContent()).toContain('24-Nov-2026 16:05:09');
    await visit(page, 'waiting-list-overview-busy');
    await page.unroute(status);
    await expect.poll(() => button('Continue').isEnabled(), { timeout: 90_000 }).toBe(true);
    expect(await page.getByText(messages.serviceBusy).count()).toBe(0);
  });

  it('lists every uploaded file in the data upload history', async () => {
    await page.goto('/dashboard');
    await activate(page.getByRole('link', { name: 'Data upload history', exact: true }));
    await expect.poll(() => heading(page).textContent()).toBe('Data upload history');
    const table = page.getByRole('table', { name: 'Uploaded files' });
    await expect.poll(() => table.getByRole('row').count(), serverWait).toBe(9);
    // The confirmed import reads Imported once its job has applied it; the page shows it when loaded.
    await expect
      .poll(
        async () => {
          if ((await table.textContent())?.includes('Imported')) return true;
          await page.reload();
          await table.waitFor();
          return false;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'File name',
      'Operation type',
      'Upload date',
      'Status',
      'User',
    ]);
    const text = (await table.textContent()) ?? '';
    for (const name of [
      'pas-extract-cp1252.csv',
      'knee-blood-tests.csv',
      'knee-waiting-list-with-errors.csv',
      'knee-waiting-list-missing-columns.csv',
      'pathology-without-results.csv',
    ]) {
      expect(text, name).toContain(name);
    }
    expect(text).toContain('Knee replacement');
    expect(text).toContain('Claire Evans');
    expect(text).toContain('Imported');
    expect(text).toContain('Cancelled');
    const dates = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    for (const date of dates) expect(date.replace(/^Upload date /, '')).toMatch(dateTime);
    await visit(page, 'waiting-list-history');
  });
});
