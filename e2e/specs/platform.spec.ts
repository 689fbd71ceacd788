import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageTitle, signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, isFocused, pathname } from '../fixtures/keyboard.js';
import { useApp } from '../fixtures/app.js';

const app = useApp();

const trustName = 'Royal National Orthopaedic Hospital NHS Trust';
const footer = (page: Page) => page.getByRole('contentinfo');

describe('public pages', () => {
  it('the landing page invites access, explains the tool, shows the environment and the footer', () =>
    app.withPage(async (page) => {
      await page.goto('/');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Get access to Elective Surgical Risk');
      await expect.poll(() => page.getByText('What the risk tool does').isVisible()).toBe(true);
      // The test server signs in with the development provider: never called production.
      const environment = await page.getByText('Environment:').textContent();
      expect(environment).toContain('Environment: demonstration');
      expect(environment).toContain('do not enter real patient data');
      expect(await page.getByRole('link', { name: 'NHS Login' }).isVisible()).toBe(true);
      await expect.poll(() => footer(page).isVisible()).toBe(true);
      const links = footer(page).getByRole('link');
      expect(await links.allTextContents()).toEqual([
        'Home',
        'Accessibility statement',
        'Privacy policy',
        'Contact us',
        'Regulatory (opens in a new tab)',
      ]);
      expect(await footer(page).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(
        /^mailto:.+@nhs\.net$/,
      );
      const regulatory = footer(page).getByRole('link', { name: /Regulatory/ });
      expect(await regulatory.getAttribute('target')).toBe('_blank');
      expect(await footer(page).textContent()).toContain('Elective Surgical Risk');
      await visit(page, 'landing');
    }));

  it('the privacy policy states where data is stored, the age limit and the effective date', () =>
    app.withPage(async (page) => {
      await page.goto('/privacy');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy policy');
      const text = (await page.getByRole('main').textContent()) ?? '';
      expect(text).toContain('stored in the UK');
      expect(text).toContain('18 or older');
      expect(text).toContain('December 2024');
      await expect.poll(() => footer(page).isVisible()).toBe(true);
      await visit(page, 'privacy');
    }));

  it('the accessibility statement gives its date, standard, known gaps and a contact', () =>
    app.withPage(async (page) => {
      await page.goto('/accessibility');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Accessibility statement');
      const text = (await page.getByRole('main').textContent()) ?? '';
      expect(text).toContain('05/03/2025');
      expect(text).toContain('2.2');
      expect(text).toContain('Keyboard-only access is not fully supported');
      await expect
        .poll(() => page.getByRole('main').getByRole('link', { name: /@/ }).count())
        .toBeGreaterThan(0);
      await expect.poll(() => footer(page).isVisible()).toBe(true);
      await visit(page, 'accessibility');
    }));

  it('an unknown path says "Page not found" with a link home; /home shows the landing page and the footer', () =>
    app.withPage(async (page) => {
      await page.goto('/no-such-page');
      await expect.poll(() => heading(page).textContent()).toBe('Page not found');
      expect(await page.title()).toBe('Page not found – Elective Surgical Risk');
      expect(
        await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).getAttribute('href'),
      ).toBe('/');
      expect(await footer(page).count()).toBe(0);
      await visit(page, 'not-found');
      await page.goto('/home');
      await expect.poll(() => heading(page).textContent()).toContain('Get access');
      await expect.poll(() => footer(page).isVisible()).toBe(true);
    }));

  it('gives each page its own title, and moves focus to the new page’s heading on a change of page', () =>
    app.withPage(async (page) => {
      await page.goto('/');
      await expect.poll(() => page.title()).toBe('Get access – Elective Surgical Risk');
      // The first load leaves focus where the browser puts it.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await activate(footer(page).getByRole('link', { name: 'Accessibility statement' }));
      await expect.poll(() => pathname(page)).toBe('/accessibility');
      await expect.poll(() => isFocused(heading(page))).toBe(true);
      expect(await heading(page).textContent()).toBe('Accessibility statement');
      expect(await expectPageTitle(page)).toBe('Accessibility statement – Elective Surgical Risk');
      await activate(footer(page).getByRole('link', { name: 'Privacy policy' }));
      await expect.poll(() => isFocused(heading(page))).toBe(true);
      expect(await heading(page).textContent()).toBe('Privacy policy');
      expect(await page.title()).toBe('Privacy policy – Elective Surgical Risk');
      // Back is a change of page too.
      await page.goBack();
      await expect.poll(() => heading(page).textContent()).toBe('Accessibility statement');
      await expect.poll(() => isFocused(heading(page))).toBe(true);
    }));
});

describe('sign-in through the development provider', () => {
  it('lists the demo users on an accessible page', () =>
    app.withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'NHS Login' }).click();
      await page.waitForURL(/\/oidc\/interaction\//);
      for (const name of [
        'Priya Shah',
        'Tom Hughes',
        'Claire Evans',
        'Olu Adeyemi',
        'Ravi Patel',
        'Wendy Clarke',
        'Chris Morgan',
        'Alex Taylor',
      ]) {
        expect(await page.getByRole('button', { name: new RegExp(`^${name}`) }).isVisible(), name).toBe(true);
      }
      await visit(page, 'development-sign-in');
    }));

  it.each([
    ['Priya Shah', '/admin-dashboard', 'Super admin dashboard'],
    ['Tom Hughes', '/trust-admin-dashboard', 'Trust admin dashboard'],
    ['Claire Evans', '/dashboard', 'Dashboard'],
    ['Olu Adeyemi', '/patient-lookup', 'Patient lookup'],
    ['Ravi Patel', '/upload-model', 'Upload model'],
    ['Wendy Clarke', '/prioritisation', 'Prioritise the waiting list'],
    ['Chris Morgan', '/dashboard', 'Dashboard'],
    ['Alex Taylor', '/admin-dashboard', 'Super admin dashboard'],
  ])('%s lands on %s with the header, then logs out', (name, landing, heading) =>
    app.withPage(async (page) => {
      await signInAs(page, name);
      await expect.poll(() => new URL(page.url()).pathname).toBe(landing);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(heading);
      const banner = page.getByRole('banner');
      expect(await banner.textContent()).toContain(trustName);
      expect(await banner.textContent()).toContain('Elective Surgical Risk');
      expect(await banner.textContent()).toContain(name);
      if (landing !== '/') {
        expect(await footer(page).count()).toBe(0);
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
        expect(await crumbs.getByRole('link', { name: trustName }).first().getAttribute('href')).toBe(
          landing,
        );
      }
      await visit(page, `landing-${name.toLowerCase().replace(/ /g, '-')}`);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/' && !url.search);
      await expect.poll(() => page.getByRole('link', { name: 'NHS Login' }).isVisible()).toBe(true);
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user'))),
      ).toEqual([]);
    }),
  );

  it('logging out in one tab signs out the other tabs of the browser', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Claire Evans');
      const other = await page.context().newPage();
      await other.goto('/patient-lookup');
      await expect
        .poll(() => other.getByRole('button', { name: 'Log out' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      // The other tab must not sign in again while the provider's session is still being ended.
      const signInsByOther: string[] = [];
      other.on('request', (request) => {
        if (/\/oidc\/(auth|token)\b/.test(request.url())) signInsByOther.push(request.url());
      });
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/' && !url.search);
      await expect.poll(() => new URL(other.url()).pathname, { timeout: 15_000 }).toBe('/');
      await expect.poll(() => other.getByRole('link', { name: 'NHS Login' }).isVisible()).toBe(true);
      await other.waitForTimeout(1000);
      expect(signInsByOther).toEqual([]);
      expect(new URL(other.url()).pathname).toBe('/');
      expect(
        await other.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user'))),
      ).toEqual([]);
      // The provider's session has ended too: signing in again asks who is signing in.
      await other.getByRole('link', { name: 'NHS Login' }).click();
      await other.waitForURL(/\/oidc\/interaction\//);
    }));

  it('a signed-out visit to a guarded page signs in and comes back to it', () =>
    app.withPage(async (page) => {
      await page.goto('/manage-active-trusts');
      await page.waitForURL(/\/oidc\/interaction\//);
      await page.getByRole('button', { name: /^Priya Shah/ }).click();
      await page.waitForURL((url) => url.pathname === '/manage-active-trusts');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Manage active trusts');
    }));
});

describe('roles', () => {
  it('a multi-role user switches role from the header menu, and the choice is kept', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Chris Morgan');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
      await page.getByRole('button', { name: /change role/ }).click();
      await visit(page, 'role-menu');
      await page.getByRole('button', { name: 'Clinician', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/patient-lookup');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('currentSelectedRole')))
        .toBe('Clinician');
      await page.reload();
      await expect.poll(() => page.getByRole('banner').textContent()).toContain('(Clinician)');
      expect(await page.evaluate(() => localStorage.getItem('currentSelectedRole'))).toBe('Clinician');
    }));

  it('a super admin who is also a trust admin switches to the trust admin dashboard', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Alex Taylor');
      await page.getByRole('button', { name: /change role/ }).click();
      await page.getByRole('button', { name: 'Trust Admin', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/trust-admin-dashboard');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('currentSelectedRole')))
        .toBe('TrustAdmin');
    }));

  it('a forbidden URL ends at /unauthorized, which keeps the user signed in and links to their start page', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Olu Adeyemi');
      await page.goto('/admin-dashboard');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/unauthorized');
      await expect.poll(() => heading(page).textContent()).toBe('Access denied');
      expect(await page.getByRole('main').textContent()).toContain('IT service desk');
      expect(await page.title()).toBe('Access denied – Elective Surgical Risk');
      await expect.poll(() => page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
      const back = page.getByRole('main').getByRole('link', { name: 'Go to your start page' });
      await expect.poll(() => back.getAttribute('href')).toBe('/patient-lookup');
      await visit(page, 'unauthorized');
      await activate(back);
      await expect.poll(() => pathname(page)).toBe('/patient-lookup');
      await expect.poll(() => isFocused(heading(page))).toBe(true);
      expect(await page.title()).toBe('Patient lookup – Elective Surgical Risk');
    }));

  it('an unknown URL, signed in, says "Page not found" under the signed-in header, with the start page', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Claire Evans');
      await page.goto('/dashbord');
      await expect.poll(() => heading(page).textContent()).toBe('Page not found');
      await expect.poll(() => page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
      expect(await page.getByRole('banner').textContent()).toContain(trustName);
      const back = page.getByRole('main').getByRole('link', { name: 'Go to your start page' });
      expect(await back.getAttribute('href')).toBe('/dashboard');
      await visit(page, 'not-found-signed-in');
      await activate(back);
      await expect.poll(() => pathname(page)).toBe('/dashboard');
      await expect.poll(() => isFocused(heading(page))).toBe(true);
      expect(await page.title()).toBe('Dashboard – Elective Surgical Risk');
    }));
});

describe('breadcrumbs', () => {
  it('follow the path, keep the query beyond two segments and end with plain text', () =>
    app.withPage(async (page) => {
      await signInAs(page, 'Priya Shah');
      await page.goto('/manage-active-trusts/RAN/users?status=1');
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect
        .poll(() => crumbs.allTextContents())
        .toEqual([trustName, 'Manage active trusts', 'RAN', 'Users']);
      const links = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('list').getByRole('link');
      expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual([
        '/admin-dashboard',
        '/manage-active-trusts?status=1',
        '/manage-active-trusts/RAN?status=1',
      ]);
      await visit(page, 'breadcrumbs');
    }));
});
