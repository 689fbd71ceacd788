import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ActiveRecord } from '@esr/contracts/open-pathways';
import type { RiskSummary } from '@esr/contracts/patients';
import { signInAs, visit } from '../fixtures/browser.js';
import { fixture, heading, pathname } from '../fixtures/keyboard.js';
import { useApp } from '../fixtures/app.js';

// Names that cannot disguise themselves (docs/decisions/0043-names-that-cannot-disguise-themselves.md):
// a record stored before the import removed hidden text-direction characters may still hold one.
// The API's answers are replaced here with such a record, and the screens must show its name and
// surgeon isolated (<bdi>, unicode-bidi: isolate) and without the override, so that
// "Ann" + U+202E + "gnp.exe" does not read "Annexe.png" and "Mr " + U+202E + "kcaj" not "Mr jack",
// and the text beside them keeps its order.
const app = useApp({}, { startTimeout: 120_000 });
let page: Page;

const rlo = '\u202E';
const controls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const id = '6f1c2a52-5d0e-4f7b-9a51-0c7b2d7e9a11';

const record: ActiveRecord = {
  id,
  nhsNumber: '9990845255',
  firstName: `Ann${rlo}gnp.exe`,
  lastName: 'OKAFOR',
  operationType: 'knee',
  hospitalNumber: 'RAN760798',
  dateOfBirth: '1964-02-19',
  status: 'waiting',
  prediction: null,
  probability: null,
  tciDate: null,
  surgeonName: `Mr ${rlo}kcaj`,
  referralDate: '2025-11-08',
  social: 'no_social_concerns',
  surgery: 'ready',
};

const summary: RiskSummary = {
  id,
  nhsNumber: record.nhsNumber,
  medicalRecordNumber: record.hospitalNumber,
  firstName: record.firstName,
  lastName: record.lastName,
  dateOfBirth: record.dateOfBirth,
  operationType: 'knee',
  surgeonName: record.surgeonName,
  surgery: 'ready',
  social: 'no_social_concerns',
  isActive: true,
  status: 'waiting',
  result: null,
  areasOfImprovement: { dos: [] },
  exclusion: null,
  suspendedOn: null,
  failure: null,
  change: null,
  clericalChanges: [],
  identityConflicts: [],
  acceptedDateOfBirth: null,
};

/** The element holding exactly this text, its tag, its bidi isolation and its text as shown. */
async function shown(scope: Locator, text: string) {
  const element = scope.locator('bdi', { hasText: text }).first();
  await expect.poll(() => element.count(), { timeout: 15_000 }).toBe(1);
  return element.evaluate((node) => ({
    tag: node.tagName.toLowerCase(),
    unicodeBidi: getComputedStyle(node).unicodeBidi,
    text: (node as HTMLElement).innerText,
  }));
}

beforeAll(async () => {
  page = await app.newPage();
});

describe('a name holding a right-to-left override', () => {
  it('is isolated, without the override, in the total records table', async () => {
    await signInAs(page, 'Claire Evans');
    await page.route(
      (url) => url.pathname.endsWith('/manage/records/active'),
      (route) => route.fulfill(fixture({ items: [record], pageNumber: 1, pageSize: 15, totalCount: 1 })),
    );
    await page.goto('/manage-open-pathways/knee/total');
    const row = page.locator('tbody tr').first();
    const name = await shown(row, 'Anngnp.exe');
    expect(name).toEqual({ tag: 'bdi', unicodeBidi: 'isolate', text: 'OKAFOR, Anngnp.exe' });
    const surgeon = await shown(row, 'kcaj');
    expect(surgeon).toEqual({ tag: 'bdi', unicodeBidi: 'isolate', text: 'Mr kcaj' });
    const cells = await row.innerText();
    expect(cells).not.toMatch(controls);
    // The NHS number after the name keeps its order.
    expect(cells).toContain('999 084 5255');
    await visit(page, 'bidi-total-records');
    await page.unroute((url) => url.pathname.endsWith('/manage/records/active'));
  });

  it("is isolated, without the override, in the risk summary's heading, details and breadcrumbs", async () => {
    const freshContext = await app.newContext();
    const clinician = await freshContext.newPage();
    try {
      await signInAs(clinician, 'Olu Adeyemi');
      await clinician.route(
        (url) =>
          url.pathname.endsWith(`/patients/${id}/risk-summary/`) ||
          url.pathname.endsWith(`/patients/${id}/risk-summary`),
        (route) => route.fulfill(fixture(summary)),
      );
      await clinician.goto(`/patient-lookup/${id}?type=knee`);
      await expect.poll(() => pathname(clinician)).toBe(`/patient-lookup/${id}`);
      const caption = await shown(heading(clinician), 'Anngnp.exe');
      expect(caption).toEqual({ tag: 'bdi', unicodeBidi: 'isolate', text: 'Anngnp.exe OKAFOR' });
      const details = clinician.locator('.nhsuk-summary-list');
      expect(await shown(details, 'Anngnp.exe')).toMatchObject({
        unicodeBidi: 'isolate',
        text: 'Anngnp.exe OKAFOR',
      });
      expect(await shown(details, 'kcaj')).toMatchObject({ unicodeBidi: 'isolate', text: 'Mr kcaj' });
      const crumbs = clinician.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await shown(crumbs, 'Anngnp.exe')).toMatchObject({
        unicodeBidi: 'isolate',
        text: 'Anngnp.exe OKAFOR',
      });
      expect(await clinician.locator('main').innerText()).not.toMatch(controls);
      await visit(clinician, 'bidi-risk-summary');
    } finally {
      await freshContext.close();
    }
  });
});
