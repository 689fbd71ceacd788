import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { signInAs, visit } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';

// The administration capability end to end (docs/requirements.md §2 Admin screens, §5, §6, §8): a super admin adds
// a trust from the NHS list and a user to it, the user signs in, is disabled and refused; every
// action is in the change log; a trust admin is held to their own trust.
const app = useApp();
let admin: BrowserContext;
let adminPage: Page;

const trustCode = 'RRV';
const trustName = 'University College London Hospitals NHS Foundation Trust';
const tenantId = '6b7f4c1e-2a3d-4e5f-9a8b-1c2d3e4f5a6b';
const newUserEmail = 'sam.ndlovu@uclh.nhs.uk';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const path = (page: Page) => new URL(page.url()).pathname;
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const focusedClass = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');
/** Answers one API call the way a failing server would, so that each docs/requirements.md §8 message can be seen. */
const answer =
  (status: number, body: object = {}, delayMs = 0) =>
  async (route: Route) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    // Error answers carry a detail, as the API's always do (docs/architecture.md, Conventions).
    const json = status >= 400 ? { detail: `Request failed with status ${status}`, ...body } : body;
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(json) });
  };
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

beforeAll(async () => {
  admin = await app.newContext();
  adminPage = await admin.newPage();
});

describe('super admin', () => {
  it('sees the dashboard counters with Manage links, add links and the change log link', async () => {
    const page = adminPage;
    await signInAs(page, 'Priya Shah');
    await expect.poll(() => path(page)).toBe('/admin-dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Active trusts' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.app-counter-card__value').first().textContent()).toBe('3');
    expect(await page.getByRole('link', { name: 'Manage active trusts' }).getAttribute('href')).toBe(
      '/manage-active-trusts',
    );
    expect(await page.getByRole('link', { name: 'Manage active users' }).getAttribute('href')).toBe(
      '/manage-active-users',
    );
    expect(await page.getByRole('link', { name: 'Add new trust' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Add new user' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View change log' }).getAttribute('href')).toBe(
      '/change-log',
    );
    await visit(page, 'admin-super-admin-dashboard');
  });

  it('manages trusts: table, filters, empty result, and a working retry when loading fails', async () => {
    const page = adminPage;
    await page.getByRole('link', { name: 'Manage active trusts' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Manage active trusts');
    const table = page.getByRole('table', { name: 'Trusts' });
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Trust name',
      'Trust code',
      'Region name',
      'Region code',
      'Country',
      'Assigned users',
      'Status',
      'Trust tenant ID',
    ]);
    await visit(page, 'admin-manage-trusts');

    await page.getByLabel('Region name').fill('north');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('link').allTextContents()).toEqual([
      'Manchester University NHS Foundation Trust',
    ]);
    expect(new URL(page.url()).searchParams.get('region')).toBe('north');

    await page.getByLabel('Trust code').fill('zzz');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText('No Records found.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(4);

    // A failing load shows the spec's message; clicking it loads again.
    const failing = (url: URL) => url.pathname === '/api/trusts/' && url.searchParams.get('status') === '0';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        body: '{"detail":"Internal server error occurred"}',
        contentType: 'application/json',
      }),
    );
    await page.getByLabel('Status').selectOption('0');
    await page.getByRole('button', { name: 'Search' }).click();
    const retry = page.getByRole('button', { name: 'some error occurred! Click here to try again.' });
    await expect.poll(() => retry.isVisible()).toBe(true);
    await visit(page, 'admin-manage-trusts-error');
    await page.unroute(failing);
    await retry.click();
    await expect.poll(() => page.getByText('No Records found.').isVisible()).toBe(true);
  });

  it('add trust: loading, no new trusts, Submitting..., and every save error, keeping what was typed', async () => {
    const page = adminPage;
    const lookup = (url: URL) => url.pathname === '/api/trusts/lookup/';
    await page.route(lookup, answer(200, [], 500));
    await page.goto('/manage-active-trusts');
    await page.getByRole('button', { name: 'Add trust' }).click();
    await expect.poll(() => page.getByText('Loading data').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('No new trusts to add!').isVisible(), { timeout: 5_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await visit(page, 'admin-add-trust-none-left');
    await page.unroute(lookup);
    await page.reload();

    await page.getByLabel('Search for a trust').fill('university college london');
    await page.getByLabel('Trust', { exact: true }).selectOption(trustCode);
    await page.getByLabel('Trust tenant ID').fill(tenantId);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Osei');
    await page.getByLabel('Email address').fill('grace.osei@nhs.net');
    await page.getByLabel('Telephone number').fill('2034567890');
    const create = (url: URL) => url.pathname === `/api/trusts/${trustCode}/create`;
    const submit = page.getByRole('button', { name: /^(Submit|Submitting\.\.\.)$/ });
    const errors = page.getByRole('alert');
    const cases: [string, (route: Route) => Promise<void>, string][] = [
      [
        '500',
        answer(500, { detail: 'Internal server error occurred' }, 700),
        'Internal server error occurred',
      ],
      ['503', answer(503), 'Some error occurred'],
      ['409', answer(409, { detail: 'conflict' }), 'Trust already exists with the specified trust code'],
      ['no answer', (route) => route.abort('connectionrefused'), 'Some error occurred'],
    ];
    for (const [name, reply, message] of cases) {
      await page.route(create, reply);
      await submit.click();
      if (name === '500') {
        // docs/requirements.md §4: 'Submitting...' while busy, back to Submit on failure.
        await expect.poll(() => submit.textContent()).toBe('Submitting...');
        expect(await submit.isDisabled()).toBe(true);
      }
      await expect.poll(() => errors.textContent(), { message: name }).toContain(message);
      expect(await submit.textContent()).toBe('Submit');
      await page.unroute(create);
    }
    await visit(page, 'admin-add-trust-server-error');

    // A server e-mail error shows the NHS e-mail message under the field and scrolls to it.
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.route(
      create,
      answer(400, { errors: { primaryContactEmail: ['The specified email is not valid'] } }),
    );
    await submit.click();
    await expect
      .poll(() => page.locator('#primaryContactEmail-error').textContent())
      .toContain('Enter a valid email like name@nhs.net');
    await expect.poll(() => inView(page, '#primaryContactEmail')).toBe(true);
    await page.unroute(create);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Nothing typed was lost, and nothing was created.
    expect(await page.getByLabel('Trust tenant ID').inputValue()).toBe(tenantId);
    expect(await page.getByLabel('Email address').inputValue()).toBe('grace.osei@nhs.net');
    expect(await page.getByLabel('Trust', { exact: true }).inputValue()).toBe(trustCode);
    await page.goto('/manage-active-trusts');
    await expect.poll(() => page.getByRole('table', { name: 'Trusts' }).getByRole('row').count()).toBe(4);
  });

  it('adds a trust from the searchable NHS list, with the spec’s e-mail error first', async () => {
    const page = adminPage;
    await page.goto('/manage-active-trusts');
    await page.getByRole('button', { name: 'Add trust' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Add new trust');
    await page.getByLabel('Search for a trust').fill('university college london');
    const select = page.getByLabel('Trust', { exact: true });
    await expect.poll(() => select.locator('option').count()).toBe(2);
    await select.selectOption(trustCode);
    const summary = page.locator('.nhsuk-summary-list');
    await expect.poll(() => summary.textContent()).toContain('Y56');
    expect(await summary.textContent()).toContain('NHS Trust');
    expect(await summary.textContent()).toContain('London');
    await page.getByLabel('Trust tenant ID').fill(tenantId);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Osei');
    await page.getByLabel('Email address').fill('grace.osei@gmail.com');
    await page.getByLabel('Telephone number').fill('2034567890');
    await page.getByRole('button', { name: 'Submit' }).click();
    const errors = page.getByRole('alert');
    await expect.poll(() => errors.textContent()).toContain('Enter a valid NHS email address');
    expect(await page.locator('#primaryContactEmail-error').textContent()).toContain(
      'Enter a valid email like name@nhs.net or name@trust.nhs.uk (Email must include nhs.net or .NHS.UK)',
    );
    await visit(page, 'admin-add-trust-errors');
    await page.getByLabel('Email address').fill('grace.osei@nhs.net');
    await page.getByRole('button', { name: 'Submit' }).click();
    // Creating the trust and reading the list again take about a second on a busy machine.
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/manage-active-trusts');
    await expect
      .poll(() => page.getByRole('link', { name: trustName }).isVisible(), { timeout: 10_000 })
      .toBe(true);
  });

  it('shows the trust details with the grouped phone, and edits them', async () => {
    const page = adminPage;
    await page.getByRole('link', { name: trustName }).click();
    await expect.poll(() => path(page)).toBe(`/manage-active-trusts/${trustCode}`);
    const details = page.locator('.nhsuk-summary-list');
    await expect.poll(() => details.textContent()).toContain('+44 203 456 7890');
    expect(await details.textContent()).toContain(tenantId);
    expect(await details.textContent()).toContain('Grace Osei');
    expect(await page.getByRole('link', { name: 'View all assigned users' }).count()).toBe(0);
    await visit(page, 'admin-trust-details');
    await page.getByRole('link', { name: 'Edit trust details' }).click();
    await expect.poll(() => heading(page).textContent()).toContain('Edit trust details');
    expect(await page.getByLabel('Trust tenant ID').inputValue()).toBe(tenantId);
    await visit(page, 'admin-edit-trust');
    await page.getByLabel('Last name').fill('Osei-Bonsu');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => path(page)).toBe(`/manage-active-trusts/${trustCode}`);
    await expect.poll(() => details.textContent()).toContain('Grace Osei-Bonsu');
  });

  it('adds a user with two roles to the new trust, who lands on their dashboard', async () => {
    const page = adminPage;
    await page.goto(`/manage-active-trusts/${trustCode}/users`);
    await expect.poll(() => heading(page).textContent()).toContain('Trust users');
    await expect.poll(() => page.getByText('No Records found.').isVisible()).toBe(true);
    await visit(page, 'admin-trust-users-empty');
    await page.getByRole('button', { name: 'Add new user' }).click();
    await expect.poll(() => path(page)).toBe(`/manage-active-trusts/${trustCode}/users/add-new-user`);
    await page.getByRole('button', { name: 'Submit' }).click();
    const errors = page.getByRole('alert');
    await expect.poll(() => errors.textContent()).toContain('First name and last name cannot be blank');
    expect(await errors.textContent()).toContain('Email cannot be blank');
    expect(await errors.textContent()).toContain('Select at least one role');
    // The summary takes focus after the submission, and keeps none while the user corrects a field.
    await expect.poll(() => focusedClass(page)).toContain('nhsuk-error-summary');
    await visit(page, 'admin-add-user-errors');
    await page.getByLabel('First name').pressSequentially('Sam');
    expect(await page.getByLabel('First name').inputValue()).toBe('Sam');
    expect(await focusedClass(page)).not.toContain('nhsuk-error-summary');
    // docs/requirements.md §5: each name alone, and the 50-character limit.
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').fill('Ndlovu');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => errors.textContent()).toContain('First name cannot be blank');
    expect(await errors.textContent()).not.toContain('Last name cannot be blank');
    await page.getByLabel('First name').fill('S'.repeat(51));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => errors.textContent()).toContain('First name must be 50 characters or fewer');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Email address').fill(newUserEmail);
    await expect.poll(() => page.getByLabel('Trust', { exact: true }).inputValue()).toBe(trustCode);
    await page.getByRole('checkbox', { name: 'Clerical User' }).check();
    await page.getByRole('checkbox', { name: 'Clinician' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => path(page)).toBe(`/manage-active-trusts/${trustCode}/users`);
    const table = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.getByRole('link', { name: 'Sam Ndlovu' }).isVisible()).toBe(true);
    expect(await table.textContent()).toContain('Clerical User, Clinician');
    await visit(page, 'admin-trust-users');

    await app.withPage(async (user) => {
      await user.goto('/');
      await user.getByRole('link', { name: 'NHS Login' }).click();
      await user.waitForURL(/\/oidc\/interaction\//);
      await user.getByLabel('Or sign in as another registered user by e-mail address').fill(newUserEmail);
      await user.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect.poll(() => path(user), { timeout: 15_000 }).toBe('/dashboard');
      await expect.poll(() => user.getByRole('banner').textContent()).toContain('Sam Ndlovu');
      expect(await user.getByRole('banner').textContent()).toContain(trustName);

      // Disabled by the super admin, the user is refused at the next call.
      await page.getByRole('link', { name: 'Sam Ndlovu' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Sam Ndlovu');
      const details = page.locator('.nhsuk-summary-list');
      expect(await details.textContent()).toContain(newUserEmail);
      expect(await details.textContent()).toContain('Clerical User, Clinician');
      expect(await details.textContent()).toMatch(/Date created\d{2}-[A-Z][a-z]{2}-\d{4}/);
      await visit(page, 'admin-user-details');
      await page.getByRole('link', { name: 'Edit user details' }).click();
      await expect.poll(() => heading(page).textContent()).toContain('Edit user details');
      expect(await page.getByLabel('Email address').getAttribute('readonly')).not.toBeNull();
      await visit(page, 'admin-edit-user');
      await page.getByRole('radio', { name: 'Disabled' }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Sam Ndlovu');
      await expect.poll(() => details.textContent()).toContain('Disabled');

      await user.reload();
      await expect.poll(() => path(user), { timeout: 15_000 }).toBe('/unauthorized');
      await expect.poll(() => heading(user).textContent()).toBe('Access denied');
    });
  });

  it('edits a user: the spec’s save errors keep the form; the trust links to its assigned users', async () => {
    const page = adminPage;
    await page.goto(`/manage-active-trusts/${trustCode}`);
    await page.getByRole('link', { name: 'View all assigned users' }).click();
    await expect.poll(() => path(page)).toBe(`/manage-active-trusts/${trustCode}/users`);
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Sam Ndlovu' }).click();
    await page.getByRole('link', { name: 'Edit user details' }).click();
    await expect.poll(() => heading(page).textContent()).toContain('Edit user details');
    await page.getByLabel('First name').fill('Samuel');
    const update = (url: URL) => url.pathname.startsWith('/api/users/');
    const errors = page.getByRole('alert');
    const cases: [object, number, string][] = [
      [{ errors: { roles: ['Unknown role'] } }, 400, 'Some error occurred while assigning roles to user'],
      [{ errors: { firstName: ['x'], lastName: ['x'] } }, 400, 'First name and last name cannot be blank'],
      [{ errors: { lastName: ['x'] } }, 400, 'Last name cannot be blank'],
      [{ detail: 'Internal server error occurred' }, 500, 'Internal server error occurred'],
      [{}, 404, 'Some error occurred'],
    ];
    for (const [body, status, message] of cases) {
      await page.route(update, (route) =>
        route.request().method() === 'PUT' ? answer(status, body)(route) : route.fallback(),
      );
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => errors.textContent(), { message: `${status}` }).toContain(message);
      await expect.poll(() => focusedClass(page)).toContain('nhsuk-error-summary');
      await page.unroute(update);
    }
    await visit(page, 'admin-edit-user-server-errors');
    expect(await page.getByLabel('First name').inputValue()).toBe('Samuel');
    expect(path(page)).toMatch(/\/edit-user-details$/);
  });

  it('finds every action in the change log, filtered by trust code', async () => {
    const page = adminPage;
    await page.goto('/change-log');
    await expect.poll(() => heading(page).textContent()).toBe('Change log');
    await expect.poll(() => page.getByLabel('Trust code').locator('option').count()).toBeGreaterThan(3);
    await page.getByLabel('Trust code').selectOption(trustCode);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Changes, newest first' });
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    const text = (await table.textContent()) ?? '';
    for (const action of [
      `Created trust ${trustName}`,
      `Updated trust ${trustName}`,
      'Created user Sam Ndlovu',
      'Updated user Sam Ndlovu',
    ])
      expect(text).toContain(action);
    expect(text).toContain('Priya Shah');
    expect(text).toMatch(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    // Each change reads in the forms' words: the newest disabled Sam; the one before created him.
    await table.locator('summary').first().click();
    await expect.poll(() => table.textContent()).toContain('Status: Active → changed to Disabled');
    await table.locator('summary').nth(1).click();
    const created = table.getByRole('row').nth(2).locator('details li');
    await expect.poll(() => created.allTextContents()).toContain('Assigned roles: Clerical User, Clinician');
    expect(await created.allTextContents()).toEqual([
      'First name: Sam',
      'Last name: Ndlovu',
      `Email address: ${newUserEmail}`,
      `Trust code: ${trustCode}`,
      'Assigned roles: Clerical User, Clinician',
      'Status: Active',
    ]);
    await visit(page, 'admin-change-log');

    // The other two filters, with the trust code: today's changes by the person who made them.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const [year, month, day] = today.split('-');
    const dateGroup = page.getByRole('group', { name: 'Date' });
    const typeDate = async (d: string, m: string, y: string) => {
      await dateGroup.getByLabel('Day').fill(d);
      await dateGroup.getByLabel('Month').fill(m);
      await dateGroup.getByLabel('Year').fill(y);
    };
    await typeDate(String(Number(day)), String(Number(month)), year!);
    await page.getByLabel('User making changes').fill('priya');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('userMakingChanges')).toBe('priya');
    expect(new URL(page.url()).searchParams.get('dateAndTime')).toBe(today);
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    await page.getByLabel('User making changes').fill('tom');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText('No Records found.').isVisible()).toBe(true);
    await typeDate('1', '1', '2020');
    await page.getByLabel('User making changes').fill('priya');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('dateAndTime')).toBe('2020-01-01');
    await expect.poll(() => page.getByText('No Records found.').isVisible()).toBe(true);

    // A date that does not exist is refused where it was typed; the list and the address stay.
    const before = page.url();
    await typeDate('31', '2', '2026');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => dateGroup.locator('.nhsuk-error-message').textContent())
      .toBe('Error: Date must be a real date, like 24 11 2026');
    expect(await focusedId(page)).toBe('filter-date-day');
    expect(page.url()).toBe(before);
    expect(await page.getByText('No Records found.').isVisible()).toBe(true);
    await visit(page, 'admin-change-log-date-error');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => dateGroup.locator('.nhsuk-error-message').count()).toBe(0);
    expect(await dateGroup.getByLabel('Day').inputValue()).toBe('');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
  });

  it('lists all users with trust columns and filters by role', async () => {
    const page = adminPage;
    await page.goto('/manage-active-users');
    await expect.poll(() => heading(page).textContent()).toBe('Manage active users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(5);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'User name',
      'Email',
      'Trust name',
      'Trust code',
      'Assigned roles',
      'Status',
    ]);
    await page.getByText('0 role(s) selected').click();
    await page.getByRole('checkbox', { name: 'Super Admin' }).check();
    await expect.poll(() => page.getByText('1 role(s) selected').isVisible()).toBe(true);
    await visit(page, 'admin-manage-users-filter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.getByRole('link').allTextContents()).toEqual(['Alex Taylor', 'Priya Shah']);
    expect(page.url()).toContain('roles=sa');
  });
  it('pages a users list 15 at a time; the page is kept in the address and survives a reload', async () => {
    const page = adminPage;
    const surnames = [
      'Abbott',
      'Bishop',
      'Carter',
      'Dixon',
      'Ellis',
      'Fraser',
      'Gibson',
      'Harper',
      'Ingram',
      'Jarvis',
      'Kemp',
      'Lowe',
      'Marsh',
      'Nash',
      'Owens',
      'Pryce',
      'Quinn',
      'Rowe',
      'Shaw',
      'Turner',
    ];
    // Twenty users through the API with the super admin's own token, as a bulk of real data would be.
    const statuses = await page.evaluate(async (lastNames) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const { access_token: token } = JSON.parse(sessionStorage.getItem(key)!) as { access_token: string };
      const answers: number[] = [];
      for (const lastName of lastNames) {
        const response = await fetch('/api/users/', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Paging',
            lastName,
            email: `paging.${lastName.toLowerCase()}@nhs.net`,
            trustCode: 'R0A',
            roles: [{ code: 'cl' }],
          }),
        });
        answers.push(response.status);
      }
      return answers;
    }, surnames);
    expect(statuses).toEqual(surnames.map(() => 201));

    await page.goto('/manage-active-trusts/R0A/users');
    await page.getByLabel('User name').fill('Paging');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Users' });
    const names = () => table.getByRole('link').allTextContents();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect.poll(names).toEqual(surnames.slice(0, 15).map((last) => `Paging ${last}`));
    expect(await pagination.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await pagination.getByRole('link', { name: 'Previous page' }).count()).toBe(0);
    await visit(page, 'admin-users-page-1');

    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(names).toEqual(surnames.slice(15).map((last) => `Paging ${last}`));
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await pagination.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await pagination.getByRole('link', { name: 'Next page' }).count()).toBe(0);
    await visit(page, 'admin-users-page-2');

    await page.reload();
    await expect.poll(names).toEqual(surnames.slice(15).map((last) => `Paging ${last}`));
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Previous page' })
      .click();
    await expect.poll(names).toEqual(surnames.slice(0, 15).map((last) => `Paging ${last}`));
  });
});

describe('trust admin', () => {
  it('manages users of their own trust only, never super admins, and reads their trust’s change log', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Tom Hughes');
      await expect.poll(() => path(page)).toBe('/trust-admin-dashboard');
      await expect
        .poll(() => page.locator('.app-counter-card__value').first().textContent())
        .toMatch(/^\d+$/);
      expect(await page.getByRole('link', { name: 'Add new user' }).isVisible()).toBe(true);
      await visit(page, 'admin-trust-admin-dashboard');

      await page.getByRole('link', { name: 'Manage active users' }).click();
      await expect.poll(() => heading(page).textContent()).toContain('Manage active users');
      const table = page.getByRole('table', { name: 'Users' });
      await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(3);
      const names = await table.getByRole('link').allTextContents();
      expect(names).toContain('Tom Hughes');
      expect(names).not.toContain('Priya Shah');
      expect(names).not.toContain('Sam Ndlovu');
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'User name',
        'Email',
        'Assigned roles',
        'Status',
      ]);
      expect(await page.getByLabel('Trust name').count()).toBe(0);
      await visit(page, 'admin-trust-admin-users');

      await page.getByRole('button', { name: 'Add new user' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Add new user');
      await expect.poll(() => page.getByRole('checkbox', { name: 'Clinician' }).isVisible()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Super Admin' }).count()).toBe(0);
      expect(await page.locator('.nhsuk-summary-list').textContent()).toContain(
        'Royal National Orthopaedic Hospital NHS Trust (RAN)',
      );
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Reyes');
      await page.getByLabel('Email address').fill('tom.hughes@nhs.net');
      await page.getByRole('checkbox', { name: 'Clinician' }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('User already exists with the provided email address');
      await visit(page, 'admin-trust-admin-add-user-conflict');
      await page.getByLabel('Email address').fill('ada.reyes@nhs.net');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => path(page)).toBe('/manage-active-users');
      await expect.poll(() => table.getByRole('link', { name: 'Ada Reyes' }).isVisible()).toBe(true);

      await page.goto('/change-log');
      await expect
        .poll(() => heading(page).textContent())
        .toBe('Royal National Orthopaedic Hospital NHS TrustChange log');
      const log = page.getByRole('table', { name: 'Changes, newest first' });
      await expect.poll(() => log.textContent()).toContain('Created user Ada Reyes');
      expect(await log.textContent()).not.toContain(trustName);
      expect(await page.getByLabel('Trust code').count()).toBe(0);
      await visit(page, 'admin-trust-admin-change-log');

      await page.goto('/manage-active-trusts');
      await expect.poll(() => path(page)).toBe('/unauthorized');
    }));
});
