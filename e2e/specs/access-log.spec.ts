import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { accessLogColumnHeaders, accessLogMessages, type AccessLogPage } from '@esr/contracts/access-log';
import { londonFileTimestamp } from '@esr/contracts/london-dates';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  cellsOf,
  contentOf,
  downloadFrom,
  heading,
  isFocused,
  pathname,
  serverWait,
  typeInto,
} from '../fixtures/keyboard.js';
import { callApi, pollWithin, useApp } from '../fixtures/app.js';

// Who has seen a patient's record (docs/decisions/0042-a-complete-access-log.md), with the
// keyboard alone: a clinician reads a patient's risk summary on the demonstration trust's scored
// list; the trust admin finds that read from the dashboard, after the form has refused a number
// that is missing or fails the check digit; the search itself is then on record. The search's
// full result is then downloaded as CSV for a subject access request (docs/decisions/0066), and
// that download is on record too.
const app = useApp({ SEED_DEMO_WAITING_LISTS: 'true' });
let clinician: BrowserContext;
let admin: BrowserContext;
let clinicianPage: Page;
let page: Page;

/** From the demonstration knee list (apps/api/src/data/demo-lists/knee-waiting-list.csv). */
const patricia = '9990845255';
const poll = pollWithin({ timeout: 15_000 });
const errorSummary = () => page.locator('.nhsuk-error-summary');
const nhsNumberField = () => page.getByRole('textbox', { name: 'NHS number' });
const search = () => page.getByRole('button', { name: 'Search', exact: true });

const api = callApi;
/** A CSV download's lines, without its byte-order mark and the blank line after the last row. */
async function csvLines(download: Download): Promise<string[]> {
  const text = (await contentOf(download)).toString('utf8').replace(/^\uFEFF/, '');
  return text.split('\r\n').filter((line) => line !== '');
}
const rows = async () => {
  const found = page.getByRole('table').locator('tbody tr');
  return Promise.all((await found.all()).map((row) => cellsOf(row)));
};

beforeAll(async () => {
  clinician = await app.newContext();
  admin = await app.newContext();
  clinicianPage = await clinician.newPage();
  page = await admin.newPage();
});

describe('who has seen a patient’s record', () => {
  it('a clinician reads the patient’s risk summary', { timeout: 240_000 }, async () => {
    await signInAs(clinicianPage, 'Olu Adeyemi');
    const trust = ((await (await api(clinicianPage, '/api/me/')).json()) as { trust: { code: string } }).trust
      .code;
    const read = async () => {
      const found = await api(clinicianPage, `/api/trusts/${trust}/patients/?nhsNumber=${patricia}`);
      if (found.status !== 200) return `search ${found.status}`;
      const { patients } = (await found.json()) as { patients: { id: string; operationType: string }[] };
      const knee = patients.find((patient) => patient.operationType === 'knee');
      if (!knee) return 'no knee pathway';
      await clinicianPage.goto(`/patient-lookup/${knee.id}?type=knee`);
      return (
        await api(clinicianPage, `/api/trusts/${trust}/procedures/knee/patients/${knee.id}/risk-summary/`)
      ).status;
    };
    await poll(read, { timeout: 200_000 }).toBe(200);
  });

  it('the trust admin opens the screen from the dashboard', async () => {
    await signInAs(page, 'Tom Hughes');
    await poll(() => pathname(page)).toBe('/trust-admin-dashboard');
    await activate(page.getByRole('link', { name: `Search ${accessLogMessages.title.toLowerCase()}` }));
    await poll(() => pathname(page)).toBe('/access-log');
    await poll(() => heading(page).textContent()).toContain(accessLogMessages.title);
    await visit(page, 'access-log');
  });

  it('refuses a missing NHS number and one that fails the check digit, before asking the server', async () => {
    const asked: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.endsWith('/access-log/')) asked.push(request.url());
    };
    page.on('request', onRequest);
    await activate(search());
    await poll(() => errorSummary().textContent()).toContain(accessLogMessages.nhsNumberRequired);
    await poll(() => isFocused(errorSummary())).toBe(true);
    expect(await errorSummary().getByRole('link').getAttribute('href')).toBe('#nhsNumber');
    await typeInto(nhsNumberField(), '999 084 5256');
    await activate(search());
    await poll(() => errorSummary().textContent()).toContain(accessLogMessages.nhsNumberInvalid);
    expect(await page.locator('#nhsNumber-error').textContent()).toContain(
      accessLogMessages.nhsNumberInvalid,
    );
    expect(asked).toEqual([]);
    page.off('request', onRequest);
    await visit(page, 'access-log-invalid');
  });

  it('lists the clinician’s read, newest first, and keeps the NHS number out of the address', async () => {
    await typeInto(nhsNumberField(), '999 084 5255');
    await activate(search());
    await poll(() => page.getByRole('table').count(), serverWait).toBe(1);
    expect(await errorSummary().count()).toBe(0);
    const shown = await rows();
    expect(shown[0]![0]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/);
    expect(shown.map((row) => row.slice(1))).toContainEqual(['Olu Adeyemi', 'Clinician', 'Risk summary']);
    expect(page.url()).not.toContain(patricia);
    await visit(page, 'access-log-results');

    // The search is itself on record: asked again, it is the newest entry.
    await activate(search());
    await poll(async () => (await rows())[0]?.slice(1)).toEqual([
      'Tom Hughes',
      'Trust Admin',
      `${accessLogMessages.title}, page 1`,
    ]);
  });

  it('downloads the whole search as CSV with the keyboard, as at the moment its pages are', async () => {
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname.endsWith('/access-log/'),
      serverWait,
    );
    await activate(search());
    const searched = (await (await answered).json()) as AccessLogPage;
    expect(searched.totalCount).toBeGreaterThan(1);
    const download = await downloadFrom(page.getByRole('button', { name: accessLogMessages.download }));
    // Named after the search's moment, in UK time, as the screen's "As at" is.
    expect(download.suggestedFilename()).toBe(
      `Access log_${londonFileTimestamp(new Date(searched.asAt))}.csv`,
    );
    const lines = await csvLines(download);
    expect(lines[0]).toBe(Object.values(accessLogColumnHeaders).join(','));
    expect(lines).toHaveLength(searched.totalCount + 1);
    expect(lines.some((line) => line.endsWith(',Olu Adeyemi,Clinician,Risk summary'))).toBe(true);
    await poll(() => page.getByText(accessLogMessages.saved(download.suggestedFilename())).isVisible()).toBe(
      true,
    );
    expect(page.url()).not.toContain(patricia);
    await visit(page, 'access-log-downloaded');

    // The download is itself on record: searched again, it is the newest entry.
    await activate(search());
    await poll(async () => (await rows())[0]?.slice(1)).toEqual([
      'Tom Hughes',
      'Trust Admin',
      `${accessLogMessages.title}, downloaded as CSV`,
    ]);
  });

  it('says so when no one has seen a record with the number', async () => {
    await typeInto(nhsNumberField(), '943 476 5919');
    await activate(search());
    await poll(() => page.getByText(accessLogMessages.noAccess).isVisible(), serverWait).toBe(true);
    await visit(page, 'access-log-empty');
  });
});
